import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where transfer slips are kept: outside the web root, never served as static files. */
export interface SlipStorage {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Gone for good (erasure); a key already gone is fine. */
  delete(key: string): Promise<void>;
}

export class DiskSlipStorage implements SlipStorage {
  constructor(private readonly root: string) {}
  private file(key: string) {
    if (!/^[a-zA-Z0-9_-]+\.(jpg|png|webp|pdf)$/.test(key)) throw new Error('Bad storage key');
    return path.join(this.root, key);
  }
  async put(key: string, content: Buffer) {
    await mkdir(this.root, { recursive: true });
    await writeFile(this.file(key), content, { flag: 'wx', mode: 0o600 });
  }
  async get(key: string) {
    return readFile(this.file(key));
  }
  async delete(key: string) {
    await rm(this.file(key), { force: true });
  }
}

/** The slip's real type from its first bytes; the browser's claim is not trusted. */
export function sniffSlipType(head: Buffer): {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
} | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { contentType: 'image/jpeg', ext: 'jpg' };
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { contentType: 'image/png', ext: 'png' };
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { contentType: 'image/webp', ext: 'webp' };
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-')
    return { contentType: 'application/pdf', ext: 'pdf' };
  return null;
}
