import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// scripts/patch-postgres-queue.mjs, run by the root postinstall, replaces this file.
function packageRootOf(file: string): string {
  const folder = path.dirname(file);
  if (folder === file) throw new Error('postgres.js is not installed');
  const manifest = path.join(folder, 'package.json');
  const isDriver = fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'postgres';
  return isDriver ? folder : packageRootOf(folder);
}
const driverRoot = packageRootOf(createRequire(import.meta.url).resolve('postgres'));
const esmQueue = path.join(driverRoot, 'src', 'queue.js');

interface Queue<T> {
  readonly length: number;
  push(item: T): T;
  shift(): T | undefined;
  remove(item: T): T | null;
}

const { default: Queue } = (await import(esmQueue)) as { default: <T>(initial?: T[]) => Queue<T> };

describe('the postgres.js connection queue (patched after install)', () => {
  it('is the compacting queue in every build of the driver the app can load', () => {
    for (const build of ['src', 'cjs/src', 'cf/src']) {
      const file = path.join(driverRoot, build, 'queue.js');
      expect(fs.readFileSync(file, 'utf8'), file).toContain('Lunara: compacting queue');
    }
  });

  it('keeps first-in first-out order, its length, and removal from the middle', () => {
    const queue = Queue(['a']);
    queue.push('b');
    queue.push('c');
    expect(queue.length).toBe(3);
    expect(queue.remove('b')).toBe('b');
    expect(queue.remove('b')).toBeNull();
    expect(queue.shift()).toBe('a');
    expect(queue.length).toBe(1);
    expect(queue.shift()).toBe('c');
    expect(queue.shift()).toBeUndefined();
    expect(queue.length).toBe(0);
  });

  it('stays correct across compactions while never emptied (the pool rotating its connections)', () => {
    // Ten connections rotating through the busy queue a hundred thousand times, as under load.
    const queue = Queue<number>();
    for (let connection = 0; connection < 10; connection++) queue.push(connection);
    let wrong = 0;
    for (let turn = 0; turn < 100_000; turn++) {
      const connection = queue.shift() as number;
      // The pool removes a connection from the queue it believes it is in before moving it.
      if (connection !== turn % 10 || queue.remove(connection) !== null) wrong++;
      queue.push(connection);
      if (queue.length !== 10) wrong++;
    }
    expect(wrong).toBe(0);
    expect(queue.remove(5)).toBe(5);
    expect(Array.from({ length: 9 }, () => queue.shift())).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9]);
  });

  it('never hands out a removed item after it has compacted', () => {
    const queue = Queue<number>();
    for (let item = 0; item < 1000; item++) queue.push(item);
    for (let item = 0; item < 900; item++) expect(queue.shift()).toBe(item);
    expect(queue.remove(950)).toBe(950);
    const rest: number[] = [];
    while (queue.length > 0) rest.push(queue.shift() as number);
    expect(rest).toEqual(Array.from({ length: 100 }, (_, i) => 900 + i).filter((item) => item !== 950));
  });
});
