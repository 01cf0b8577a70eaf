import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** How long a build's files stay served after a newer build first started. */
export const RETAINED_BUILD_MS = 7 * 24 * 60 * 60 * 1000;
/** A copy left this long by a process that stopped half-way is removed. */
const ABANDONED_COPY_MS = 60 * 60 * 1000;

/**
 * Where the server keeps the hashed files (`assets/`) of each build it has served, beside the build:
 * `apps/web/dist-retained/<build>/assets/…`, and `<build>.retired`, whose time is when a newer build
 * first started. A tab opened before a deploy still downloads its own build's code from here for a week.
 */
export const retainedBuildsDir = (webDist: string) => `${webDist}-retained`;

/** A build's name: its hashed files' names, which change with their contents. */
function buildKeyOf(assets: string): string {
  const names = fs.readdirSync(assets, { recursive: true, encoding: 'utf8' }).sort();
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
}

/** Copies the build's assets into the store once (each process of a rolling start may try; one wins). */
function keepBuild(assets: string, store: string): string {
  const key = buildKeyOf(assets);
  const kept = path.join(store, key);
  if (!fs.existsSync(kept)) {
    const copy = path.join(store, `.copy-${key}-${process.pid}`);
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(assets, path.join(copy, 'assets'), { recursive: true });
    try {
      fs.renameSync(copy, kept);
    } catch (error) {
      fs.rmSync(copy, { recursive: true, force: true });
      if (!fs.existsSync(kept)) throw error;
    }
  }
  // Served again (a rollback): no longer retired.
  fs.rmSync(`${kept}.retired`, { force: true });
  return key;
}

/** Marks the builds other than `current` retired (from now, the first time) and removes those retired too long. */
function sweepOlderBuilds(store: string, current: string): string[] {
  const now = Date.now();
  const kept: string[] = [];
  for (const entry of fs.readdirSync(store, { withFileTypes: true })) {
    const full = path.join(store, entry.name);
    if (entry.name.startsWith('.copy-')) {
      const age = now - (fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? now);
      if (age > ABANDONED_COPY_MS) fs.rmSync(full, { recursive: true, force: true });
      continue;
    }
    if (!entry.isDirectory() || entry.name === current) continue;
    const marker = `${full}.retired`;
    if (!fs.existsSync(marker)) fs.writeFileSync(marker, '');
    const retiredAt = fs.statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? now;
    if (now - retiredAt > RETAINED_BUILD_MS) {
      fs.rmSync(full, { recursive: true, force: true });
      fs.rmSync(marker, { force: true });
    } else {
      kept.push(full);
    }
  }
  return kept;
}

/**
 * The folders to serve the web app from, first found first served: the current build's kept assets, the
 * earlier builds' still retained, then the build itself (index.html and the unhashed files). Serving the
 * current assets from the kept copy also covers the minutes of a deploy when `npm run build` has already
 * replaced apps/web/dist and this process still serves pages of the build it started with. Hashed names
 * never collide, so the order matters only for the unhashed files. Where the store cannot be written
 * (a read-only install), the build alone is served, as before.
 */
export function retainBuilds(webDist: string, log: FastifyBaseLogger): string[] {
  const assets = path.join(webDist, 'assets');
  if (!fs.existsSync(assets)) return [webDist];
  const store = retainedBuildsDir(webDist);
  try {
    fs.mkdirSync(store, { recursive: true });
    const current = keepBuild(assets, store);
    return [path.join(store, current), ...sweepOlderBuilds(store, current), webDist];
  } catch (error) {
    log.warn({ err: error }, `earlier builds' assets are not kept in ${store}: open tabs may fail after a deploy`);
    return [webDist];
  }
}
