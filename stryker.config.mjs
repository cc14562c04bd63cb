// Mutation testing (issue 32, part 2; docs/decisions/3202-suite-speed.md): `npm run test:mutation`
// changes one operator, constant or condition at a time in the modules that money, documents and
// accounts depend on, runs the unit and API tests that reach it, and counts the changes no test
// noticed (survivors). Not part of `npm test`: the whole list takes hours on two cores.
// The report is written to reports/mutation/ (index.html, mutation.json); the terminal gets a score per file.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: true },
  // Which tests reach each mutant, so a mutant runs only those.
  coverageAnalysis: 'perTest',
  mutate: [
    // pricing, pricing rules, quotes, deposits
    'apps/api/src/modules/bookings/pricing.ts',
    'apps/api/src/modules/bookings/pricing-rules.ts',
    'packages/contract/src/pricing-rules.ts',
    'apps/api/src/modules/bookings/booking-quotes.ts',
    'packages/contract/src/deposits.ts',
    // card and gateway payments, slip checks
    'apps/api/src/modules/bookings/card-payments.ts',
    'apps/api/src/modules/bookings/payment-gateway.ts',
    'apps/api/src/modules/bookings/slip-checks.ts',
    // tax invoices and notes, booking changes, cancellation fees, companies' invoices
    'apps/api/src/modules/bookings/tax-invoices.ts',
    'apps/api/src/modules/bookings/booking-changes.ts',
    'apps/api/src/modules/companies/companies.service.ts',
    // condition reports' access
    'apps/api/src/modules/bookings/condition-reports.ts',
    // auth: sessions, second factor, recovery, throttle
    'apps/api/src/modules/auth/sessions.service.ts',
    'apps/api/src/modules/auth/session-token.ts',
    'apps/api/src/modules/auth/second-factor.ts',
    'apps/api/src/modules/auth/totp.ts',
    'apps/api/src/modules/auth/account-recovery.service.ts',
    'apps/api/src/modules/auth/auth-throttle.ts',
  ],
  // The first run of the whole suite (to learn which tests reach which mutant) takes 30 minutes and
  // more on a busy 2-core machine.
  dryRunTimeoutMinutes: 120,
  // One mutant at a time: the tests themselves use both cores (vitest maxWorkers 2).
  concurrency: 1,
  // A mutant that makes a test loop is killed after the test's usual time, stretched like the suite's limits.
  timeoutFactor: 3,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: 'node_modules/.cache/stryker',
  // Not copied into Stryker's sandbox: builds, data and reports the unit tests never read.
  ignorePatterns: [
    'dist',
    'dist-server',
    'data',
    'test-results',
    'playwright-report',
    'bench/results',
    'reports',
    'e2e',
  ],
  thresholds: { high: 90, low: 80, break: null },
};
