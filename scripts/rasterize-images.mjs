#!/usr/bin/env node
// Writes every drawing under apps/web/public/images as WebP in the widths the
// site asks for (packages/contract/src/images.ts): honda-city-1.svg →
// honda-city-1-400.webp, -800.webp, -1200.webp beside it. The site shows the
// WebP (an SVG in an <img> costs a phone a whole document's parse and layout on
// its main thread); the SVG stays the source and feeds the link-preview PNGs.
//
//   node scripts/rasterize-images.mjs          # only drawings newer than their WebP
//   node scripts/rasterize-images.mjs --all    # every drawing
//
// Run it after scripts/draw-cars.mjs or after adding a drawing; commit the WebP files.
// scripts/rasterize-images.test.ts fails while a drawing has no WebP.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const imagesDir = path.join(root, 'apps/web/public/images');
// Keep in step with pictureWidths in packages/contract/src/images.ts (the test checks the files).
const widths = [400, 800, 1200];
const all = process.argv.includes('--all');

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(file) : entry.name.endsWith('.svg') ? [file] : [];
  });

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

let written = 0;
const jobs = walk(imagesDir).flatMap((svgFile) =>
  widths.map((width) => ({ svgFile, width, out: svgFile.replace(/\.svg$/, `-${width}.webp`) })),
);
const pending = jobs.filter((job) => all || mtime(job.out) < mtime(job.svgFile));

async function rasterize({ svgFile, width, out }) {
  const svg = readFileSync(svgFile);
  const { width: drawnWidth = width } = await sharp(svg).metadata();
  // Rendered at the target size (not scaled from a small bitmap), so every width is sharp.
  await sharp(svg, { density: (72 * width) / drawnWidth })
    .resize({ width })
    .webp({ quality: 80, effort: 6 })
    .toFile(out);
  written++;
}

// Two at a time: this machine has two cores.
const queue = [...pending];
await Promise.all(
  [0, 1].map(async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await rasterize(job);
  }),
);
console.log(`rasterize-images: ${written} WebP written, ${jobs.length - written} up to date`);
