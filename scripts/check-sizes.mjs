// The size limits of issue 33, checked in `npm run lint` (decision 3310): no API or contract source file
// over 600 lines (seed data aside), no class over 400 lines, no React component over 250 lines. A file
// that big holds several things a newcomer would look for under their own names; split it by what each
// part is about. Components are functions whose name starts with a capital letter in a .tsx file.
// `node scripts/check-sizes.mjs` prints every finding and exits 1.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const LIMITS = { file: 600, class: 400, component: 250 };

/**
 * What is over a limit today, each with the most lines it may keep until it is split (so it cannot
 * grow meanwhile). Key: `<kind> <name> <file>`. Remove an entry when its split lands.
 */
const KNOWN_OVERSIZE = new Map();

const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/contract/src'];
const skipped = (path) =>
  /\.test\.tsx?$|\.test-helper\.tsx?$|\.d\.ts$/.test(path) || path.split(sep).includes('seed');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.tsx?$/.test(name) && !skipped(path)) yield path;
  }
}

/** Every file, class and component of the source folders with its length in lines. */
export function measure() {
  const found = [];
  for (const folder of SOURCES)
    for (const path of walk(join(root, folder))) {
      const file = relative(root, path).split(sep).join('/');
      const text = readFileSync(path, 'utf8');
      const tsx = path.endsWith('.tsx');
      const source = ts.createSourceFile(
        path,
        text,
        ts.ScriptTarget.Latest,
        true,
        tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      );
      const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
      const span = (node) => lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      found.push({
        kind: 'file',
        name: file.split('/').pop(),
        file,
        lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
      });
      const visit = (node) => {
        if (ts.isClassDeclaration(node) && node.name)
          found.push({ kind: 'class', name: node.name.text, file, lines: span(node) });
        if (tsx) {
          let name;
          if (ts.isFunctionDeclaration(node) && node.name) name = node.name.text;
          else if (
            ts.isVariableDeclaration(node) &&
            ts.isIdentifier(node.name) &&
            node.initializer &&
            (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
          )
            name = node.name.text;
          if (name && /^[A-Z]/.test(name)) found.push({ kind: 'component', name, file, lines: span(node) });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  return found;
}

/** The findings: over the limit and not known, or known and grown past its ceiling. */
export function findings(measured = measure()) {
  const out = [];
  for (const { kind, name, file, lines } of measured) {
    if (kind === 'file' && !file.startsWith('apps/api/') && !file.startsWith('packages/contract/')) continue;
    if (lines <= LIMITS[kind]) continue;
    const ceiling = KNOWN_OVERSIZE.get(`${kind} ${name} ${file}`);
    if (ceiling === undefined)
      out.push(
        `${file}: ${kind} ${name} has ${lines} lines (at most ${LIMITS[kind]}); split it by what each part is about`,
      );
    else if (lines > ceiling)
      out.push(
        `${file}: ${kind} ${name} grew to ${lines} lines while it waits to be split (it may keep ${ceiling}); split it, do not grow it`,
      );
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const measured = measure();
  const problems = findings(measured);
  // An entry whose file shrank below the limit is stale: say so, so the list only shrinks.
  const stale = [...KNOWN_OVERSIZE.keys()].filter((key) => {
    const [kind, name, file] = key.split(' ');
    const m = measured.find((x) => x.kind === kind && x.name === name && x.file === file);
    return !m || m.lines <= LIMITS[kind];
  });
  for (const key of stale)
    problems.push(
      `scripts/check-sizes.mjs: "${key}" is no longer over its limit; remove it from KNOWN_OVERSIZE`,
    );
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(
    `check-sizes: ${measured.filter((m) => m.kind === 'file').length} files; none over ${LIMITS.file} lines, no class over ${LIMITS.class}, no component over ${LIMITS.component} (${KNOWN_OVERSIZE.size} known, waiting to be split)`,
  );
}
