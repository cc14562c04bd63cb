import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { pageModules, type PageModule } from './src/app/page-modules';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the
 * build, compressed once at the highest level; the server sends the copy the
 * browser accepts (@fastify/static preCompressed). On slow 4G the React chunk
 * is 95 KB instead of 310 KB, and nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'siam-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|html|json|txt|xml|webmanifest)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Writes dist/.vite/page-preloads.json: for each customer route, the chunks
 * its page needs beyond the entry (its own chunk and what it imports
 * statically), the text chunks per language and namespace, and its hero
 * picture. The server turns these into <link rel="modulepreload"> hints in the
 * page's HTML, so they load in parallel with React (apps/api/src/plugins/site.ts).
 */
function pagePreloads(): Plugin {
  return {
    name: 'siam-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const staticClosure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) staticClosure(imported, seen);
        return seen;
      };
      const loadedByEntry = staticClosure(entry.fileName);
      const bySource = (suffix: string) =>
        chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${suffix}`));

      // The page's entry in page-modules.ts, with its source file swapped for the chunks that load it.
      const pages: Record<string, Omit<PageModule, 'module'> & { js: string[] }> = {};
      for (const [name, { module, ...page }] of Object.entries(pageModules)) {
        const chunk = bySource(module);
        if (!chunk) this.error(`page-modules.ts names ${module}, which is not a chunk of the build`);
        const js = [...staticClosure(chunk.fileName)].filter((f) => !loadedByEntry.has(f));
        pages[name] = { ...page, js: js.map((f) => `/${f}`) };
      }
      const texts: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const match = /\/locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
        if (match) texts[`${match[1]}/${match[2]}`] = [`/${chunk.fileName}`];
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/page-preloads.json',
        source: JSON.stringify({ pages, texts }, null, 2),
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle (`vite build --ssr`, entry-server.tsx) is read from disk by
  // Node: no preload table, no compressed copies, no stylesheet.
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), pagePreloads(), precompress()],
  // The server bundle carries its own React, router and i18next, built for production:
  // resolved from node_modules at run time they were React's development build unless
  // NODE_ENV said otherwise, which rendered a page three times slower.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    copyPublicDir: !isSsrBuild,
    // Source maps stay out of the shipped folder's weight for phones; errors are logged server-side.
    sourcemap: false,
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Few, well-filled files for a phone's first load (issue 33's budget: the home page in at most
            // 15 files, docs/decisions/3320): each file costs a request and its headers, and Brotli packs
            // one 30 KB file better than twenty of 300 bytes.
            codeSplitting: {
              groups: [
                // React changes rarely: a chunk of its own stays cached across our releases.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                // What the entry loads on every page (router, texts, API client, query cache): one chunk.
                { name: 'app', tags: ['$initial'], priority: 2 },
                // The car card, prices, dates and the rules they follow: home, listing, car page and booking form.
                {
                  name: 'catalog',
                  test: /(web[\\/]src[\\/](features[\\/]catalog[\\/](car-card|catalog-api|format)|lib[\\/](responsive-img|money))|contract[\\/]src[\\/](bangkok-time|money|catalog-rules|rental-times|business-rules|currencies))\.tsx?$/,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
  server: {
    port: 3000,
    proxy: { '/api': 'http://localhost:3001', '/images': 'http://localhost:3001' },
  },
}));
