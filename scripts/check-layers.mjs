// The shape of the code, checked over the whole import graph at once (decision 3310). ESLint sees one
// file at a time (and, with --cache, only the files that changed), so a cycle between folders or a
// module reaching past its neighbours is invisible to it; this reads every import once with
// TypeScript's parser (no type-checking, no resolver plugins) and fails on:
//   1. an API import against the direction of the module map (LAYERS below);
//   2. a module importing another module's repository (each module reaches another through its service);
//   3. an import cycle between folders, in the API (modules, lib, db, ...) and in the site (features/*);
//   4. an import cycle between files anywhere (what import-x/no-cycle checked, at a fraction of its time);
//   5. SQL in a module naming a table another module owns, against TABLE_OWNERS (decision 3303); a
//      lower module reads a higher one's facts only through the views it publishes (PUBLISHED_VIEWS,
//      decision 3306).
// `node scripts/check-layers.mjs` prints every finding and exits 1; it runs inside `npm run lint`.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The API's direction: a folder imports only from its own tier or a lower one. From the module map of
 * issue 33 (contract/lib/db ← users, audit, settings, catalog, fleet, deals ← pricing ← bookings ←
 * payments, documents ← rentals, companies, hand-over ← line, reviews, reports ← admin, mount only).
 * Modules that do not exist yet are listed so they are held to it as they appear; a module that is
 * in no tier fails, so a new one gets its place here.
 */
export const LAYERS = [
  ['config', 'lib', 'db'],
  // Foundations every domain may use; plugins/ is the request plumbing every route uses (session guard,
  // rate limits, metrics), and reads the users' row type for request.auth.
  [
    'users',
    'audit',
    'site-settings',
    'mail',
    'health',
    'articles',
    'forms',
    'inbox',
    'newsletter',
    // The Thai address table (TISI 1099) every address form checks against.
    'thai-addresses',
    // What a licence from each country needs beside it (decision 3601): bookings check drivers by it.
    'licences',
    'plugins',
  ],
  ['auth', 'catalog', 'fleet', 'deals', 'seats'],
  ['pricing'],
  ['bookings'],
  ['payments', 'documents'],
  ['rentals', 'companies', 'hand-over'],
  ['line', 'reviews', 'reports', 'seo', 'content'],
  // The /admin prefix, its role hooks and register() calls: nothing imports it.
  ['admin'],
  // Composition: app.ts, services.ts, server.ts, admin-cli.ts.
  ['(api root)'],
];

/**
 * Folder cycles that exist and are being removed on their own branch; listed so that any new one fails.
 * Each entry is a set of folders that may be in a cycle with each other. None left: the site's
 * catalog ↔ bookings ↔ auth went when time-choice moved into catalog/ and the session into app/session/
 * (docs/decisions/3320).
 */
const KNOWN_FOLDER_CYCLES = [];

/**
 * Imports of another module's repository allowed anyway: none. The last one (companies' monthly invoices
 * written with the tax invoices' columns) went when documents/ wrote and read them itself
 * (documents/monthly-invoices.ts, decision 3303).
 */
const KNOWN_REPOSITORY_IMPORTS = new Set([]);

/**
 * Files that belong with another folder than their own: plugins/site.ts serves the site's pages with each
 * page's head from seo/, so it composes modules as app.ts does.
 */
const UNIT_OF_FILE = new Map([['apps/api/src/plugins/site.ts', '(api root)']]);

const tierOf = new Map(LAYERS.flatMap((names, tier) => names.map((name) => [name, tier])));

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /(\.test\.tsx?|\.test-helper\.ts|\.spec\.ts)$|(^|\/)test\//;

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const roots = ['apps/api/src', 'apps/api/test', 'apps/web/src', 'packages/contract/src'].map((d) =>
  join(root, d),
);
const files = roots.filter(existsSync).flatMap((d) => walk(d));
const known = new Set(files);

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => known.has(c) || (existsSync(c) && statSync(c).isFile() && known.has(c)));
}

/**
 * A file's import specifiers: import and export … from (type-only ones too: a type is a dependency as
 * well) and import() anywhere. Parsed, not pre-processed: ts.preProcessFile loses its place after a
 * template literal with ${…} and misses the imports that follow.
 */
function specifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      out.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      out.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const graph = new Map();
for (const file of files) {
  graph.set(
    file,
    specifiers(file)
      .map((specifier) => resolveImport(file, specifier))
      .filter((target) => target !== undefined),
  );
}

const rel = (file) => relative(root, file).split(sep).join('/');

/** The folder a file belongs to for the folder rules: an API module or top folder, a site feature or top folder. */
function folderOf(file) {
  const path = rel(file);
  if (UNIT_OF_FILE.has(path)) return { app: 'api', name: UNIT_OF_FILE.get(path) };
  let m = /^apps\/api\/src\/modules\/([^/]+)\//.exec(path);
  if (m) return { app: 'api', name: m[1] };
  m = /^apps\/api\/src\/([^/]+)\//.exec(path);
  if (m) return { app: 'api', name: m[1] };
  if (/^apps\/api\/src\/[^/]+$/.test(path)) return { app: 'api', name: '(api root)' };
  m = /^apps\/web\/src\/features\/([^/]+)\//.exec(path);
  if (m) return { app: 'web', name: `features/${m[1]}` };
  // The session (app/session/) is every page's, below the features; the rest of app/ (router, frame) sits above them.
  if (/^apps\/web\/src\/app\/session\//.test(path)) return { app: 'web', name: 'app/session' };
  m = /^apps\/web\/src\/([^/]+)\//.exec(path);
  if (m) return { app: 'web', name: m[1] };
  if (/^apps\/web\/src\/[^/]+$/.test(path)) return { app: 'web', name: '(web root)' };
  return undefined;
}

const findings = [];

// 1 and 2: direction and repositories, for the API's own code (tests may set up any module's rows).
for (const [file, targets] of graph) {
  const from = folderOf(file);
  if (!from || from.app !== 'api' || TEST.test(rel(file))) continue;
  const fromTier = tierOf.get(from.name);
  if (fromTier === undefined) {
    findings.push(`${rel(file)}: folder "${from.name}" has no place in LAYERS (scripts/check-layers.mjs)`);
    continue;
  }
  for (const target of targets) {
    const to = folderOf(target);
    if (!to || to.app !== 'api' || to.name === from.name) continue;
    const toTier = tierOf.get(to.name);
    if (toTier !== undefined && toTier > fromTier) {
      findings.push(
        `${rel(file)} imports ${rel(target)}: "${from.name}" may not depend on "${to.name}" (against the direction in LAYERS)`,
      );
    }
    if (
      /\/modules\/[^/]+\//.test(rel(file)) &&
      /\.repository\.ts$/.test(target) &&
      !KNOWN_REPOSITORY_IMPORTS.has(`${rel(file)} → ${rel(target)}`)
    ) {
      findings.push(
        `${rel(file)} imports ${rel(target)}: another module's repository; use that module's service`,
      );
    }
  }
}

// Strongly connected components (Tarjan), iteratively so a deep graph does not overflow the stack.
function cycles(nodes, edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  for (const start of nodes) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = edges(node);
      if (i < next.length) {
        frame[1]++;
        const w = next[i];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), idx.get(w)));
      } else {
        work.pop();
        if (work.length) {
          const parent = work[work.length - 1][0];
          low.set(parent, Math.min(low.get(parent), low.get(node)));
        }
        if (low.get(node) === idx.get(node)) {
          const component = [];
          let w;
          do {
            w = stack.pop();
            onStack.delete(w);
            component.push(w);
          } while (w !== node);
          if (component.length > 1) out.push(component);
        }
      }
    }
  }
  return out;
}

/** One shortest path from a to b inside a component, to show how the cycle closes. */
function path(a, b, edges, within) {
  const prev = new Map([[a, undefined]]);
  const queue = [a];
  while (queue.length) {
    const n = queue.shift();
    for (const w of edges(n)) {
      if (!within.has(w) || prev.has(w)) continue;
      prev.set(w, n);
      if (w === b) {
        const out = [w];
        for (let p = n; p !== undefined; p = prev.get(p)) out.unshift(p);
        return out;
      }
      queue.push(w);
    }
  }
  return [a, b];
}

// 3: folder cycles, with the file import that makes each folder edge.
const folderEdges = new Map();
const folderEdgeWitness = new Map();
for (const [file, targets] of graph) {
  const from = folderOf(file);
  if (!from || TEST.test(rel(file))) continue;
  for (const target of targets) {
    const to = folderOf(target);
    if (!to || to.app !== from.app || to.name === from.name) continue;
    const a = `${from.app}:${from.name}`;
    const b = `${to.app}:${to.name}`;
    if (!folderEdges.has(a)) folderEdges.set(a, new Set());
    folderEdges.get(a).add(b);
    if (!folderEdgeWitness.has(`${a}>${b}`))
      folderEdgeWitness.set(`${a}>${b}`, `${rel(file)} → ${rel(target)}`);
  }
}
const folderNext = (n) => [...(folderEdges.get(n) ?? [])];
for (const component of cycles([...folderEdges.keys()], folderNext)) {
  const within = new Set(component);
  const known = KNOWN_FOLDER_CYCLES.find((set) => set.some((f) => within.has(f))) ?? [];
  const reported = new Set();
  // The shortest cycle through each folder that is not a known one: the imports to undo.
  for (const folder of component.filter((f) => !known.includes(f)).sort()) {
    const [first] = folderNext(folder).filter((n) => within.has(n));
    const loop = [folder, ...path(first, folder, folderNext, within)];
    const key = [...new Set(loop)].sort().join();
    if (reported.has(key)) continue;
    reported.add(key);
    const steps = loop.slice(1).map((b, i) => `    ${folderEdgeWitness.get(`${loop[i]}>${b}`)}`);
    findings.push(`folder cycle ${loop.join(' → ')}:\n${steps.join('\n')}`);
  }
}

// 4: file cycles (every file, tests included).
const fileNext = (n) => graph.get(n) ?? [];
for (const component of cycles(files, fileNext)) {
  const within = new Set(component);
  const [first, second] = component.sort();
  const loop = [...path(first, second, fileNext, within), ...path(second, first, fileNext, within).slice(1)];
  findings.push(`file cycle ${loop.map(rel).join(' → ')}`);
}

/**
 * Which module owns which table (decision 3303). A module's SQL writes (INSERT INTO, UPDATE, DELETE FROM)
 * only its own tables, and reads (FROM, JOIN, USING) its own and those of modules in its tier or below
 * (LAYERS: a read model may join the cars, branches and users it shows, as its imports may); a table of a
 * module above it, or another module's table written, goes through that module's service. A table in no
 * module's list fails, so a new one gets its owner here. Raw SQL only: Drizzle's builder names tables by
 * their schema objects, which the import rules above already hold to the direction.
 */
export const TABLE_OWNERS = {
  users: ['users'],
  auth: ['account_tokens', 'sessions', 'user_recovery_codes', 'user_second_factors'],
  audit: ['audit_log'],
  'site-settings': ['site_settings'],
  mail: ['mail_outbox'],
  articles: ['articles'],
  inbox: ['contact_messages', 'corporate_quotes', 'inbox_notes'],
  newsletter: ['newsletter_subscribers'],
  licences: ['licence_rules'],
  fleet: [
    'branches',
    'branch_closures',
    'categories',
    'features',
    'car_models',
    'car_model_features',
    'car_model_images',
    'car_model_unit_counts',
    'vehicle_units',
    'hot_deals',
  ],
  seats: ['seat_stock'],
  pricing: ['addons', 'delivery_zones', 'one_way_fees', 'pricing_rules', 'promotion_codes', 'promotion_uses'],
  bookings: [
    'bookings',
    'booking_addons',
    'booking_drivers',
    'booking_deliveries',
    'licence_pictures',
    'unit_holds',
  ],
  payments: ['payments', 'payment_slips', 'gateway_charges', 'gateway_events'],
  documents: ['tax_invoices', 'tax_invoice_bookings', 'tax_invoice_series', 'tax_notes', 'tax_note_series'],
  rentals: ['booking_changes', 'booking_change_requests', 'idempotency_keys'],
  companies: ['companies', 'company_members'],
  'hand-over': ['condition_reports', 'condition_photos', 'booking_charges', 'rental_agreements'],
  line: ['line_messages'],
  reviews: ['reviews', 'testimonials'],
  content: ['rental_conditions'],
};

/**
 * Views a module publishes over its own tables for the modules below it to read (decision 3306): a
 * lower module may not read a higher module's table, but it may read these, keyed by booking id (or,
 * for the holds, the live rows only). Each is created by the owner's migration; a view listed here
 * that no migration creates fails, and a view a module does not list is its private one like a table.
 */
export const PUBLISHED_VIEWS = {
  payments: ['booking_payment_facts', 'booking_payments'],
  documents: ['booking_document_facts'],
  handover: ['booking_hand_over_facts'],
  bookings: ['live_unit_holds'],
};

/**
 * SQL naming another module's table that is allowed anyway, keyed "file verb table", each with its
 * reason. None: the last 14 (bookings' read model and expiry, the staff list's and the unpaid holds'
 * "slip waiting", the catalog's holds, the expiry's promotion uses) went behind the views above and
 * pricing's service (decision 3306). A use not listed fails, and so does an entry no longer used.
 */
const KNOWN_TABLE_USES = new Set([]);

const ownerOf = new Map(
  [...Object.entries(TABLE_OWNERS), ...Object.entries(PUBLISHED_VIEWS)].flatMap(([module, tables]) =>
    tables.map((t) => [t, module]),
  ),
);
const published = new Set(Object.values(PUBLISHED_VIEWS).flat());
const migrationsDir = join(root, 'apps/api/src/db/migrations');
const createdTables = new Set();
for (const name of readdirSync(migrationsDir).filter((n) => n.endsWith('.sql'))) {
  const text = readFileSync(join(migrationsDir, name), 'utf8');
  for (const m of text.matchAll(
    /create\s+(?:table|(?:or\s+replace\s+)?view)\s+(?:if\s+not\s+exists\s+)?"?([a-z_]+)"?/gi,
  ))
    createdTables.add(m[1].toLowerCase());
  for (const m of text.matchAll(
    /alter\s+table\s+(?:if\s+exists\s+)?"?([a-z_]+)"?\s+rename\s+to\s+"?([a-z_]+)"?/gi,
  )) {
    createdTables.delete(m[1].toLowerCase());
    createdTables.add(m[2].toLowerCase());
  }
  for (const m of text.matchAll(/drop\s+(?:table|view)\s+(?:if\s+exists\s+)?"?([a-z_]+)"?/gi))
    createdTables.delete(m[1].toLowerCase());
}
for (const table of createdTables)
  if (!ownerOf.has(table))
    findings.push(`table "${table}" has no owner in TABLE_OWNERS (scripts/check-layers.mjs)`);
for (const view of published)
  if (!createdTables.has(view))
    findings.push(`PUBLISHED_VIEWS lists "${view}", which no migration creates (scripts/check-layers.mjs)`);

/**
 * The text of every piece of SQL in a file, with its line: each sql`…` template (its literal parts; ${…}
 * stands as "?"), under whatever name the tag goes by — `import { sql as q }`, `const q = sql`, a
 * parameter `q = sql`, `{ sql: q }`, or `x.sql` — and each string literal handed to sql.raw(…) or to a
 * driver's query(…)/exec(…)/execute(…). A tag renamed is still the tag: rule 5 must not be blind to it.
 */
function sqlTexts(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const tags = new Set(['sql']);
  const isTag = (expr) =>
    expr !== undefined &&
    ((ts.isIdentifier(expr) && tags.has(expr.text)) ||
      (ts.isPropertyAccessExpression(expr) && expr.name.text === 'sql'));
  // The names the tag goes by, to a fixed point (an alias of an alias).
  for (let size = -1; size !== tags.size;) {
    size = tags.size;
    const collect = (node) => {
      if (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 'sql')
        tags.add(node.name.text);
      else if ((ts.isVariableDeclaration(node) || ts.isParameter(node)) && ts.isIdentifier(node.name)) {
        if (isTag(node.initializer)) tags.add(node.name.text);
      } else if (
        ts.isBindingElement(node) &&
        ts.isIdentifier(node.name) &&
        ((node.propertyName && ts.isIdentifier(node.propertyName) && node.propertyName.text === 'sql') ||
          isTag(node.initializer))
      )
        tags.add(node.name.text);
      ts.forEachChild(node, collect);
    };
    collect(source);
  }
  const out = [];
  const at = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && isTag(node.tag)) {
      const t = node.template;
      const text = ts.isNoSubstitutionTemplateLiteral(t)
        ? t.text
        : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' ? ');
      out.push({ text, line: at(node) });
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ((node.expression.name.text === 'raw' && isTag(node.expression.expression)) ||
        ['query', 'exec', 'execute'].includes(node.expression.name.text)) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      out.push({ text: node.arguments[0].text, line: at(node) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

// 5: table ownership, in the modules' own (non-test) code; fixtures are test data.
const seenKnown = new Set();
for (const file of files) {
  const path = rel(file);
  const m = /^apps\/api\/src\/modules\/([^/]+)\//.exec(path);
  if (!m || TEST.test(path) || /\.fixtures\.ts$/.test(path)) continue;
  const module = m[1];
  const tier = tierOf.get(module);
  for (const { text, line } of sqlTexts(file)) {
    const uses = [
      ...[...text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)/gi)].map((u) => [
        'writes',
        u[1],
      ]),
      ...[...text.matchAll(/(?<!delete\s+)\b(?:from|join|using)\s+([a-z_]+)/gi)].map((u) => ['reads', u[1]]),
    ];
    const reported = new Set();
    for (const [verb, name] of uses) {
      const table = name.toLowerCase();
      const owner = ownerOf.get(table);
      if (!owner || owner === module) continue;
      if (verb === 'reads' && tierOf.get(owner) <= tier) continue;
      // A view its owner publishes is there to be read from below (decision 3306).
      if (verb === 'reads' && published.has(table)) continue;
      const key = `${path} ${verb} ${table}`;
      if (reported.has(key)) continue;
      reported.add(key);
      if (KNOWN_TABLE_USES.has(key)) {
        seenKnown.add(key);
        continue;
      }
      findings.push(
        `${path}:${line} ${verb} table "${table}", which "${owner}" owns: ${
          verb === 'writes' ? 'only its owner writes it' : `"${module}" sits below "${owner}" in LAYERS`
        }; go through ${owner}'s service or a view it publishes (PUBLISHED_VIEWS)`,
      );
    }
  }
}
for (const key of KNOWN_TABLE_USES)
  if (!seenKnown.has(key))
    findings.push(`KNOWN_TABLE_USES lists "${key}", which no longer happens: remove it`);

if (findings.length) {
  console.error(`check-layers: ${findings.length} finding(s)\n${findings.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-layers: ${files.length} files, no import against the layers, no cycle`);
