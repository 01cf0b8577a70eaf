import type { PageManifestEntry } from '@lunara/shared/page-boot';
import { BUILD_META_NAME } from '../lib/new-version.ts';

/**
 * The files a page needs, downloaded side by side when the app moves to it. The build leaves each page's
 * list out of the app's code (vite.config.ts: they were some 4 kB gzip of every first load) and writes
 * them into dist/pages.json, the table the server already preloads the opened page's files from: that
 * table is fetched on the first move to another page, and a page's files are then asked for together
 * with its module rather than one level of imports after another.
 */
const PAGE_FILES_URL = '/pages.json';
const SERVER_BUILD_URL = '/build.json';

let table: Promise<PageManifestEntry[]> | undefined;
const requested = new Set<string>();

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  return response.ok ? response.json() : null;
}

/** The table of the build this page runs: none in development, nor after a deploy (its files are another build's). */
async function loadTable(): Promise<PageManifestEntry[]> {
  const build = document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META_NAME}"]`)?.content;
  if (!build) return [];
  const [pages, server] = await Promise.all([fetchJson(PAGE_FILES_URL), fetchJson(SERVER_BUILD_URL)]);
  const serverBuild = typeof server === 'object' && server !== null && 'id' in server ? server.id : undefined;
  return serverBuild === build && Array.isArray(pages) ? (pages as PageManifestEntry[]) : [];
}

/** Starts downloading the files of the page at route `path` (a pattern of page-routes.ts); failures are ignored. */
export function preloadPageFiles(path: string): void {
  if (typeof document === 'undefined') return;
  table ??= loadTable().catch(() => []);
  void table.then((pages) => {
    for (const file of pages.find((page) => page.path === path)?.files ?? []) {
      if (requested.has(file)) continue;
      requested.add(file);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
  });
}
