import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fallbackCarPicture,
  fallbackCarPictureCount,
  pictureWidths,
  responsivePicture,
} from '../packages/contract/src/images';

const imagesDir = path.resolve(import.meta.dirname, '../apps/web/public/images');
const files = new Set(
  (readdirSync(imagesDir, { recursive: true }) as string[]).map(
    (f) => `/images/${f.replaceAll(path.sep, '/')}`,
  ),
);
const drawings = [...files].filter((file) => file.endsWith('.svg'));

describe('the drawings the site shows as WebP (scripts/rasterize-images.mjs)', () => {
  it('has drawings to check', () => {
    expect(drawings.length).toBeGreaterThan(50);
  });

  it('has every width of every drawing, as the site asks for them', () => {
    const missing = drawings.flatMap((url) =>
      (responsivePicture(url).srcSet ?? '')
        .split(', ')
        .map((candidate) => candidate.split(' ')[0]!)
        .filter((file) => !files.has(file)),
    );
    // Run `node scripts/rasterize-images.mjs` and commit the files.
    expect(missing).toEqual([]);
  });

  it('writes the widths the contract names', () => {
    const script = readFileSync(path.resolve(import.meta.dirname, 'rasterize-images.mjs'), 'utf8');
    expect(script).toContain(`const widths = [${pictureWidths.join(', ')}];`);
  });

  it('ships every fallback drawing a model id can pick (contract fallbackCarPicture)', () => {
    const picked = Array.from({ length: fallbackCarPictureCount * 2 }, (_, i) => fallbackCarPicture(i + 1));
    expect(new Set(picked).size).toBe(fallbackCarPictureCount);
    expect(picked.filter((url) => !files.has(url))).toEqual([]);
  });
});
