import fs from 'node:fs';
import path from 'node:path';
import type { PageManifestEntry, PartFiles } from '@lunara/shared/page-boot';

/** A page of the manifest, and whether the address is one of the app's routes or the catch-all's not-found page. */
export interface PageMatch extends PageManifestEntry {
  status: 200 | 404;
}

const NO_ROUTE: PageManifestEntry = { path: '*', files: [], prerender: null };
// Without a manifest the server cannot tell the app's routes from other addresses: every page is a 200.
const NO_MANIFEST_PAGE: PageMatch = { ...NO_ROUTE, status: 200 };

/**
 * A route pattern of the web app ('/course/:courseId', '*') against an address, as react-router matches it:
 * trailing slashes are ignored, but an empty segment inside ('//community', '/course//1') matches only the
 * catch-all, so the server answers 404 where the browser draws the not-found page.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const segments = (address: string) => address.replace(/\/+$/, '').split('/').slice(1);
  const want = segments(pattern);
  const got = segments(pathname);
  return (
    want.length === got.length &&
    want.every((segment, index) => segment.startsWith(':') || segment.toLowerCase() === got[index]?.toLowerCase())
  );
}

/**
 * The page an address opens: the files it needs beyond index.html's own (preloaded with the HTML),
 * whether it is prerendered, and its status: an address no route but the catch-all ('*') matches is
 * answered 404 with the app's not-found page, so that crawlers and link checkers see a missing page.
 * Without the manifest (an older build) pages are served plain: slower, not broken.
 */
export function loadPageManifest(webDist: string): (pathname: string) => PageMatch {
  const file = path.join(webDist, 'pages.json');
  if (!fs.existsSync(file)) return () => NO_MANIFEST_PAGE;
  const table: PageManifestEntry[] = JSON.parse(fs.readFileSync(file, 'utf8'));
  return (pathname) => {
    // The catch-all comes last in the table, as in the router.
    const route = table.find((entry) => matchesRoute(entry.path, pathname)) ?? NO_ROUTE;
    return { ...route, status: route.path === '*' ? 404 : 200 };
  };
}

/**
 * The files of the lazy parts a prerendered page was drawn with (RenderedPage.parts), from the build's
 * dist/parts.json, beyond those already listed: preloaded with the page, as the browser loads them before
 * it hydrates. A part the table does not know (an older build, a module bundled with another) adds nothing.
 */
export function loadPartFiles(webDist: string): (parts: readonly string[], besides: readonly string[]) => string[] {
  const file = path.join(webDist, 'parts.json');
  const table: PartFiles = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return (parts, besides) => {
    const files = new Set(parts.flatMap((part) => (Object.hasOwn(table, part) ? (table[part] ?? []) : [])));
    for (const listed of besides) files.delete(listed);
    return [...files];
  };
}
