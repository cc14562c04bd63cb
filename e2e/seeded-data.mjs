// The journeys' databases, migrated (and seeded) once per run and copied for every server
// (decision 3701). Before, the suite's server and every journey's own server (e2e/own-server.ts)
// migrated and seeded a fresh PGlite data folder of its own: about 35 s of WASM work each on a quiet
// 2-core machine, more than 100 s at load 20. A copy of a folder made once takes well under a second.
//
//   node e2e/seeded-data.mjs           makes the templates in E2E_TEMPLATE_DIR (once a run: the
//                                      playwright.config.ts server's command runs it first), and
//                                      copies the seeded one into DATA_DIR when DATA_DIR has no db.
//
// Templates are made by the production build's own `cli.js migrate` and `cli.js seed`, the code the
// server runs at start (db/start-up.ts: migrate, then the demo seed into an empty catalog), so a copy
// is what a fresh start would have made. The seed places deals and articles relative to today; a
// template lives one run.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The template for a server started with this SEED_DEMO: `seeded` (demo data) or `migrated` (tables only). */
export function templateFor(templateDir, seedDemo) {
  return path.join(templateDir, seedDemo ? 'seeded' : 'migrated');
}

function runCli(command, dataDir) {
  const result = spawnSync(process.execPath, [path.join(root, 'apps/api/dist/cli.js'), command], {
    // As the journeys' servers run it (playwright.config.ts, own-server.ts), without a port.
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', DEMO_SITE: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`cli.js ${command} in ${dataDir} exited with ${result.status}`);
}

/** Makes `migrated` and then `seeded` (a copy of it, seeded) unless they are there already. */
export function makeTemplates(templateDir) {
  const seeded = templateFor(templateDir, true);
  if (existsSync(seeded)) return;
  // Made beside the final folders and renamed into place, so a half-made template is never used.
  const work = `${templateDir}.making-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  runCli('migrate', path.join(work, 'migrated'));
  cpSync(path.join(work, 'migrated'), path.join(work, 'seeded'), { recursive: true });
  runCli('seed', path.join(work, 'seeded'));
  for (const name of ['migrated', 'seeded']) rmSync(path.join(work, name, 'server.lock'), { force: true });
  mkdirSync(templateDir, { recursive: true });
  renameSync(path.join(work, 'migrated'), templateFor(templateDir, false));
  renameSync(path.join(work, 'seeded'), seeded);
  rmSync(work, { recursive: true, force: true });
}

/** A server's DATA_DIR with the template's database in it (left as it is when it has one). */
export function copyTemplate(templateDir, seedDemo, dataDir) {
  if (existsSync(path.join(dataDir, 'db'))) return;
  mkdirSync(dataDir, { recursive: true });
  cpSync(path.join(templateFor(templateDir, seedDemo), 'db'), path.join(dataDir, 'db'), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const templateDir = process.env.E2E_TEMPLATE_DIR;
  if (!templateDir) throw new Error('E2E_TEMPLATE_DIR is not set (playwright.config.ts sets it)');
  const started = Date.now();
  makeTemplates(templateDir);
  if (process.env.DATA_DIR) copyTemplate(templateDir, process.env.SEED_DEMO === 'true', process.env.DATA_DIR);
  console.log(
    `journeys' databases ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${templateDir})`,
  );
}
