import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'siam-lock-'));

describe('the DATA_DIR lock', () => {
  it('refuses a second owner while the first lives, with a clear message', async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/already using the data folder/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose process has died', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), '999999');
    const release = acquireDataDirLock(dir);
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('is released so the next start works', () => {
    const dir = tempDir();
    acquireDataDirLock(dir)();
    const again = acquireDataDirLock(dir);
    again();
  });
});
