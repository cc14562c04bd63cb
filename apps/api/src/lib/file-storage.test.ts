import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
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
