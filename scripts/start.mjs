// `npm start`: builds what is missing or older than its sources, then serves
// the site and the API from one process (migrations and demo data on start).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const outputs = [
  path.join(root, 'apps/web/dist/index.html'),
  path.join(root, 'apps/web/dist-server/entry-server.js'),
  path.join(root, 'apps/api/dist/server.js'),
];
const sources = ['apps/web/src', 'apps/web/public', 'apps/api/src', 'packages/contract/src'].map((d) =>
  path.join(root, d),
);
const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building the site and the API…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// 32 MB semi-spaces: a page render's short-lived objects die young (docs/decisions/1401-page-cache.md).
const server = spawnSync(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=32', 'apps/api/dist/server.js'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(server.status ?? 0);
