// Mutation testing (issue 32, part 2; docs/decisions/3202-suite-speed.md, scores in docs/mutation-scores.md):
// `npm run test:mutation` (scripts/mutation.mjs) changes one operator, constant or condition at a time in
// the modules that money, documents and accounts depend on, runs the tests that reach it, and counts the
// changes no test noticed (survivors). Not part of `npm test`: the whole list takes hours on two cores.
// One Stryker run per module below, each with only that module's test files (vitest.mutation.config.ts):
// Stryker's `related` follows imports, and every API test imports the whole app.

/** Each mutated module and the test files that pin its rules (`unit`: they need no database). */
export const mutationModules = [
  // pricing, pricing rules, quotes, deposits
  {
    mutate: 'apps/api/src/modules/pricing/pricing.ts',
    tests: ['apps/api/src/modules/pricing/pricing.test.ts'],
    unit: true,
  },
  {
    mutate: 'apps/api/src/modules/pricing/pricing-rules.ts',
    tests: ['apps/api/src/modules/pricing/pricing-rules-arithmetic.test.ts'],
    unit: true,
  },
  {
    name: 'contract-pricing-rules',
    mutate: 'packages/contract/src/pricing-rules.ts',
    tests: ['packages/contract/src/pricing-rules.test.ts'],
    unit: true,
  },
  {
    mutate: 'apps/api/src/modules/pricing/pricing.service.ts',
    tests: ['apps/api/src/modules/pricing/quote-rules.test.ts'],
  },
  {
    mutate: 'packages/contract/src/deposits.ts',
    tests: ['packages/contract/src/deposits.test.ts'],
    unit: true,
  },
  // card and gateway payments, slip checks
  {
    mutate: 'apps/api/src/modules/payments/card-payments.ts',
    // The service as services.ts wires it, against the Omise stand-in over HTTP and the sandbox (both
    // databases; seconds a mutant); omise-gateway and charged-check pin the same through the API, a
    // minute a mutant.
    tests: ['apps/api/src/modules/payments/card-payments-rules.test.ts'],
  },
  {
    mutate: 'apps/api/src/modules/payments/payment-gateway.ts',
    // The adapter alone against the Omise stand-in over HTTP, no database (seconds a mutant); the
    // route tests omise-gateway and gateway-promptpay pin the same through the API, a minute a mutant.
    // payment-gateway-answers: what Omise should never answer (a 200 that is no charge, a page that is no
    // web address, an answer slower than the time-out), from a server that answers what each case says.
    tests: [
      'apps/api/src/modules/payments/payment-gateway-rules.test.ts',
      'apps/api/src/modules/payments/payment-gateway-answers.test.ts',
    ],
    unit: true,
  },
  {
    mutate: 'apps/api/src/modules/payments/slip-checks.ts',
    // The rules alone, no database (a second a mutant); slip-verification.test.ts pins the same through
    // the API on both databases, a minute a mutant.
    tests: ['apps/api/src/modules/payments/slip-checks-rules.test.ts'],
    unit: true,
  },
  // tax invoices and notes, booking changes, cancellation fees, companies' invoices
  {
    mutate: 'apps/api/src/modules/documents/tax-invoices.ts',
    // The pure rules and the whole e-Tax XML, the PDFs' words (no database), and issuing and correcting on
    // the service (both databases). tax-invoices.test.ts pins the same through HTTP, a minute a mutant.
    tests: [
      'apps/api/src/modules/documents/tax-invoice-rules.test.ts',
      'apps/api/src/modules/documents/tax-invoice-pdf-rules.test.ts',
      'apps/api/src/modules/documents/tax-invoice-issue-rules.test.ts',
    ],
  },
  {
    mutate: 'apps/api/src/modules/rentals/booking-changes.ts',
    // The class as rentals.service wires it, on both databases, with no HTTP (seconds a mutant):
    // agreed prices, windows, settling, cars and units, staff. booking-changes.test.ts and
    // staff-changes.test.ts pin the same through the API, a minute and more a mutant.
    tests: ['apps/api/src/modules/rentals/booking-changes-rules.test.ts'],
  },
  {
    mutate: 'apps/api/src/modules/companies/companies.service.ts',
    tests: ['apps/api/src/modules/companies/companies-rules.test.ts'],
  },
  // condition reports' access
  {
    mutate: 'apps/api/src/modules/hand-over/condition-reports.ts',
    // The service as services.ts wires it, on both databases, with no HTTP (seconds a mutant): every
    // actor against each photo and agreement read, the signature and the reports' writes.
    // condition-reports.test.ts and agreement-access.test.ts pin the same through the routes.
    tests: ['apps/api/src/modules/hand-over/condition-reports-rules.test.ts'],
  },
  // auth: sessions, second factor, recovery, throttle
  {
    mutate: 'apps/api/src/modules/auth/sessions.service.ts',
    tests: ['apps/api/src/modules/auth/sessions.test.ts'],
  },
  {
    mutate: 'apps/api/src/modules/auth/session-token.ts',
    tests: ['apps/api/src/modules/auth/session-token.test.ts'],
    unit: true,
  },
  {
    mutate: 'apps/api/src/modules/auth/second-factor.ts',
    tests: ['apps/api/src/modules/auth/second-factor-rules.test.ts'],
  },
  {
    mutate: 'apps/api/src/modules/auth/totp.ts',
    tests: ['apps/api/src/modules/auth/totp.test.ts'],
    unit: true,
  },
  {
    mutate: 'apps/api/src/modules/auth/account-recovery.service.ts',
    tests: ['apps/api/src/modules/auth/account-recovery-rules.test.ts'],
  },
  {
    mutate: 'apps/api/src/modules/auth/auth-throttle.ts',
    tests: ['apps/api/src/modules/auth/auth-throttle-rules.test.ts'],
    unit: true,
  },
];

/** A module's short name: its own, or its file name without `.ts` (reports/mutation/<name>/). */
export const mutationModuleName = (module) =>
  module.name ?? module.mutate.replace(/^.*\//, '').replace(/\.ts$/, '');

const selected = mutationModules.find((module) => mutationModuleName(module) === process.env.MUTATION_MODULE);
const reportDir = `reports/mutation/${selected ? mutationModuleName(selected) : 'all'}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // Which tests reach each mutant, so a mutant runs only those.
  coverageAnalysis: 'perTest',
  mutate: selected ? [selected.mutate] : mutationModules.map((module) => module.mutate),
  // A re-run after new tests redoes only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: `${reportDir}/incremental.json`,
  // The first run of a module's tests (to learn which tests reach which mutant) can take minutes on a
  // busy 2-core machine.
  dryRunTimeoutMinutes: 60,
  // One mutant at a time by default: the machine is shared, and a module's tests in several files use both
  // cores (vitest maxWorkers 2). A module tested by one file uses one; on a machine of your own,
  // MUTATION_CONCURRENCY=2 runs two mutants at once (each in its own sandbox and test runner).
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // A mutant that makes a test loop is killed after the test's usual time, stretched like the suite's limits.
  timeoutFactor: 3,
  // ...plus a minute, not Stryker's 5 s: the first run's times are of tests taking milliseconds, and on the
  // shared machine (load 10 and more) a database test often takes longer than 5 s. Each such "timeout" was
  // counted as a kill that no test made (22 of the first 54 mutants of pricing.service, 2026-12-06) and
  // restarted the test runner. A mutant that really loops costs a minute more.
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reportDir}/index.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  // Not under node_modules: Vitest ignores test files there, so a sandbox in node_modules/.cache found none.
  tempDirName: '.stryker-tmp',
  // Not copied into Stryker's sandbox: builds, data and reports the unit tests never read.
  // Anchored at the root ('/reports', not 'reports'): an unanchored pattern also dropped the API's
  // modules/reports/, and every API test then failed to import the app ("No tests were found").
  ignorePatterns: [
    'dist',
    'dist-server',
    '/data',
    '/test-results',
    '/playwright-report',
    '/bench/results',
    '/reports',
    '/e2e',
  ],
  thresholds: { high: 90, low: 80, break: null },
};
