// Bundles the API into dist/server.js. Our own workspace code (the contract)
// is bundled in; npm packages stay external (PGlite, for one, loads its WASM
// from its own folder). SQL migrations are copied beside the bundle.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/db/cli.ts',
    'admin-cli': 'src/admin-cli.ts',
    // The PDF writer's worker thread, started from beside the server's bundle (lib/pdf/pdf-renderer.ts, documents/pdf-worker-script.ts).
    'pdf-worker': 'src/modules/documents/pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@siam/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('api: built dist/server.js');
