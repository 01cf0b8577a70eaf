import { describe, expect, it } from 'vitest';
import { ChunkLoadError, importWithRetry } from './import-with-retry.ts';

const downloadFailure = () => new TypeError('Failed to fetch dynamically imported module: /assets/toaster-abc.js');
const noWait = [0, 0];

describe('importWithRetry', () => {
  it('tries a failed download again and returns the module once it arrives', async () => {
    let calls = 0;
    const module = await importWithRetry(async () => {
      calls += 1;
      if (calls < 3) throw downloadFailure();
      return { loaded: true };
    }, noWait);
    expect(module).toEqual({ loaded: true });
    expect(calls).toBe(3);
  });

  it('gives up after the retries with a ChunkLoadError (no new version known without a page)', async () => {
    let calls = 0;
    const failing = importWithRetry(() => {
      calls += 1;
      return Promise.reject(downloadFailure());
    }, noWait);
    await expect(failing).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failing).rejects.toMatchObject({ newVersion: false });
    expect(calls).toBe(3);
  });

  it("does not retry a module whose code throws: that is the module's error, as it was", async () => {
    let calls = 0;
    const broken = new Error('Component is not defined');
    const failing = importWithRetry(() => {
      calls += 1;
      return Promise.reject(broken);
    }, noWait);
    await expect(failing).rejects.toBe(broken);
    expect(calls).toBe(1);
  });
});
