import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('refuses a second holder with a message naming the first, until it is released', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another Lunara process (pid ${process.pid}`);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'lunara.lock'), JSON.stringify({ pid: 999_999_999, host: os.hostname() }));
    const lock = acquireDataDirLock(dir);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'lunara.lock'))).toBe(false);
  });
});

describe('the server on a locked data folder', () => {
  it('exits with a clear message instead of opening the database', async () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        env: { ...process.env, DATA_DIR: dir, PORT: '3999', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`The data folder ${dir} is in use by another Lunara process`);
      expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      lock.release();
    }
  });
});
