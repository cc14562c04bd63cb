// The JavaScript a browser must fetch before the home page can render: the
// entry script of index.html and every chunk it imports statically (transitively),
// plus the modulepreload links. Lazily loaded chunks (other routes) are not counted.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export function initialJs(distDir, routeChunkNames = []) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const start = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  // The route's own lazy chunk(s) load before it renders too.
  const assets = path.join(distDir, 'assets');
  const seen = new Set();
  const queue = [...start.map((s) => path.join(distDir, s))];
  for (const name of routeChunkNames) queue.push(path.join(assets, name));
  let raw = 0;
  let gz = 0;
  let br = 0;
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file);
    raw += code.length;
    gz += gzipSync(code, { level: 9 }).length;
    // What the server sends a browser that takes Brotli: the copy the build wrote beside the file.
    br += existsSync(`${file}.br`) ? statSync(`${file}.br`).size : code.length;
    // Static imports only: `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`.
    for (const m of code
      .toString()
      .matchAll(/(?:^|[;\s}])import\s*(?:[^"'();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.join(path.dirname(file), m[1]));
    }
  }
  return {
    files: [...seen].map((f) => path.relative(distDir, f)),
    rawKb: raw / 1024,
    gzipKb: gz / 1024,
    // Brotli bodies plus about 300 bytes of response headers each (status line, type, cache, CSP-free).
    transferredKb: (br + seen.size * 300) / 1024,
  };
}

/** The first chunk whose file name starts with `<stem>-` (a page's own lazy chunk). */
function pageChunk(distDir, stem) {
  return readdirSync(path.join(distDir, 'assets')).filter(
    (f) => f.startsWith(`${stem}-`) && f.endsWith('.js'),
  );
}

// `node bench/initial-js.mjs`: the JavaScript issue 33 budgets, per page (home, car page, booking form).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  for (const [title, stem] of [
    ['Home page', 'home-page'],
    ['Car page', 'car-details-page'],
    ['Booking form', process.argv[2] ?? 'booking-form-page'],
  ]) {
    const chunks = pageChunk(dist, stem);
    if (!chunks.length) {
      console.log(`${title}: no chunk named ${stem}-*.js in the build`);
      continue;
    }
    const js = initialJs(dist, chunks);
    console.log(
      `${title}: ${js.transferredKb.toFixed(1)} KB transferred (Brotli as served, with headers; ` +
        `${js.gzipKb.toFixed(1)} KB gzipped, ${js.rawKb.toFixed(1)} KB raw, ${js.files.length} files)`,
    );
  }
}
