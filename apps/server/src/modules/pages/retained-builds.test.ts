import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { RETAINED_BUILD_MS, retainedBuildsDir } from './retained-builds.ts';

// Builds of the web app in miniature: an index.html naming its entry script, and hashed assets.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-builds-'));
const webDist = path.join(root, 'dist');
const apps: TestApp[] = [];

/** Writes a build into dist as `npm run build` does: the folder emptied, then the new files. */
function build(name: string) {
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-${name}.js"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(webDist, 'build.json'), JSON.stringify({ id: name }));
  for (const chunk of ['index', 'community']) {
    fs.writeFileSync(path.join(webDist, 'assets', `${chunk}-${name}.js`), `export const build = '${name}';`);
  }
}

async function start(): Promise<TestApp> {
  const t = await createTestApp({}, { webDist });
  apps.push(t);
  return t;
}

const get = (t: TestApp, url: string) => t.request({ method: 'GET', url });

afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('assets of earlier builds', () => {
  // Two app starts (each migrating its own embedded database) fill most of the default 30 s on a busy
  // 2-core machine; the second test reads what this one leaves.
  it('are still served after a new build, and the running process keeps serving its own meanwhile', async () => {
    build('first');
    const before = await start();
    expect((await get(before, '/assets/community-first.js')).statusCode).toBe(200);

    build('second');
    // The deploy's build has replaced dist; the process started on the first build still serves its pages.
    const during = await get(before, '/assets/community-first.js');
    expect(during.statusCode).toBe(200);
    expect(during.body).toBe("export const build = 'first';");

    const after = await start();
    const old = await get(after, '/assets/community-first.js');
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe("export const build = 'first';");
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(after, '/assets/community-second.js')).body).toBe("export const build = 'second';");
    expect((await get(after, '/assets/community-third.js')).statusCode).toBe(404);
    expect((await get(after, '/build.json')).json()).toEqual({ id: 'second' });
    expect((await get(after, '/build.json')).headers['cache-control']).toBe('no-cache');
  }, 120_000);

  it('are removed a week after a newer build first started', async () => {
    const store = retainedBuildsDir(webDist);
    const markers = fs.readdirSync(store).filter((name) => name.endsWith('.retired'));
    expect(markers).toHaveLength(1);
    const longAgo = (Date.now() - RETAINED_BUILD_MS - 60_000) / 1000;
    fs.utimesSync(path.join(store, markers[0] as string), longAgo, longAgo);

    build('third');
    const later = await start();
    expect((await get(later, '/assets/community-first.js')).statusCode).toBe(404);
    expect((await get(later, '/assets/community-second.js')).statusCode).toBe(200);
    expect((await get(later, '/assets/community-third.js')).statusCode).toBe(200);
    expect(fs.readdirSync(store).filter((name) => !name.endsWith('.retired'))).toHaveLength(2);
  });
});
