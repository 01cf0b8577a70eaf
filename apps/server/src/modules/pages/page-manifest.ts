import fs from 'node:fs';
import path from 'node:path';
import type { PageManifestEntry } from '@lunara/shared/page-boot';

const NO_ENTRY: PageManifestEntry = { path: '*', files: [], prerender: null };

/** A route pattern of the web app ('/course/:courseId', '*') against an address, as react-router matches it. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return (
    want.length === got.length &&
    want.every((segment, index) => segment.startsWith(':') || segment.toLowerCase() === got[index]?.toLowerCase())
  );
}

/**
 * The page an address opens: the files it needs beyond index.html's own (preloaded with the HTML) and
 * whether it is prerendered. Without the manifest (an older build) pages are served plain: slower, not broken.
 */
export function loadPageManifest(webDist: string): (pathname: string) => PageManifestEntry {
  const file = path.join(webDist, 'pages.json');
  const table: PageManifestEntry[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  return (pathname) => table.find((route) => matchesRoute(route.path, pathname)) ?? NO_ENTRY;
}
