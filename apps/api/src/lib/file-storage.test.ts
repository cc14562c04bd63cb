import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../config/settings';
import { describeEachStorage } from '../../test/file-storages';
import { fileStorageFromSettings, storageFolder } from './file-storage';

describeEachStorage('file storage', (ctx) => {
  const storage = () =>
    fileStorageFromSettings(
      loadSettings({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-files-')), ...ctx.settings }),
    );

  it('keeps, returns and deletes a file by its key; a missing file is undefined, deleting it twice is fine', async () => {
    const files = storage();
    const content = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await files.put('slips/12-abc.png', content, 'image/png');
    expect(await files.get('slips/12-abc.png')).toEqual(content);
    expect(await files.get('slips/12-missing.png')).toBeUndefined();
    await files.delete('slips/12-abc.png');
    expect(await files.get('slips/12-abc.png')).toBeUndefined();
    await files.delete('slips/12-abc.png');
  });

  it('keeps folders apart: a key in one folder is not in another', async () => {
    const files = storage();
    const slips = storageFolder(files, 'slips');
    const cars = storageFolder(files, 'cars');
    await slips.put('same-name.webp', Buffer.from('slip'), 'image/webp');
    expect(await cars.get('same-name.webp')).toBeUndefined();
    expect((await files.get('slips/same-name.webp'))?.toString()).toBe('slip');
  });

  it('refuses keys that could reach outside its folder', async () => {
    const files = storage();
    for (const key of [
      '../secret',
      'slips/../../etc/passwd',
      '/abs/path.png',
      'slips/a b.png',
      'slips/',
      'x.png',
    ])
      await expect(files.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Bad storage key/);
  });
});

/**
 * S3-compatible stores (MinIO, R2, Wasabi, older Ceph) refuse the CRC32 checksums the AWS SDK adds to
 * every upload by default since 2025 (issue 34 part 6): uploads carry one only where S3 requires it,
 * unless S3_CHECKSUMS=WHEN_SUPPORTED. A bare S3 endpoint that answers PutObject as AWS documents it
 * (200 with an ETag: https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html) keeps the
 * headers each upload came with.
 */
describe('S3 upload checksums', () => {
  const uploadHeaders = async (env: Record<string, string>) => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { ETag: '"d41d8cd98f00b204e9800998ecf8427e"' });
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const files = fileStorageFromSettings(
        loadSettings({
          DATA_DIR: os.tmpdir(),
          S3_BUCKET: 'siam-test',
          S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
          ...env,
        }),
      );
      await files.put('slips/1-a.png', Buffer.from('slip'), 'image/png');
      return Object.keys(seen[0]!).filter((h) => /checksum|^x-amz-trailer$/.test(h));
    } finally {
      server.close();
    }
  };

  it('sends none by default, and CRC32 when S3_CHECKSUMS=WHEN_SUPPORTED', async () => {
    expect(await uploadHeaders({})).toEqual([]);
    expect((await uploadHeaders({ S3_CHECKSUMS: 'WHEN_SUPPORTED' })).join()).toMatch(/crc32|x-amz-trailer/);
    expect(() => loadSettings({ S3_CHECKSUMS: 'SOMETIMES' })).toThrow(/S3_CHECKSUMS/);
  });
});
