import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const MAX_CACHED = 300;
export const shareImageSize = { width: 1200, height: 630 } as const;

/**
 * Link previews (Facebook, LINE, WhatsApp) do not show SVG, and our pictures
 * are SVG drawings. This turns one into a 1200x630 PNG on a warm background,
 * once per picture per process.
 */
export class ShareImages {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly webRoot: string) {}

  /** `url` is a site path such as /images/cars/honda-city-1.svg; undefined when it is not ours or missing. */
  async png(url: string): Promise<Buffer | undefined> {
    const cached = this.cache.get(url);
    if (cached) return cached;
    if (!/^\/images\/[a-z0-9/_-]+\.svg$/i.test(url) || url.includes('..')) return undefined;
    let svg: Buffer;
    try {
      svg = await readFile(path.join(this.webRoot, url));
    } catch {
      return undefined;
    }
    const png = await sharp(svg, { density: 144 })
      .resize(shareImageSize.width, shareImageSize.height, { fit: 'contain', background: '#FDF6E9' })
      .flatten({ background: '#FDF6E9' })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(url, png);
    return png;
  }
}
