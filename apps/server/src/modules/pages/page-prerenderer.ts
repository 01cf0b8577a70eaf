import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageBoot } from '@lunara/shared/page-boot';
import type { PageReadTransport } from './page-reads.ts';

/** The page's HTML, and the reads it drew with (PageBoot.queries), null when it made none. */
export interface RenderedPage {
  html: string;
  queries: unknown;
  /** Where the page's guards send her instead (a member without a membership on /community). */
  redirect: string | null;
  /** The lazy parts it was drawn with (PageBoot.parts). */
  parts?: string[];
  /** When it was drawn (PageBoot.drawnAt). */
  drawnAt?: number;
}

/** Who the page is drawn for (the web app's ServerRender: apps/web/src/lib/server-render.ts). */
export interface PageRender {
  /** None for a visitor's page (shared by every visitor): its reads stay the browser's. */
  transport: PageReadTransport | undefined;
  locale: string | undefined;
  timeZone: string | undefined;
}

type RenderPage = (url: string, boot: PageBoot, render: PageRender) => Promise<RenderedPage>;

/**
 * The web app's server renderer (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr), or
 * undefined when that build is missing: pages are then served with index.html's loading state.
 */
export async function loadPrerenderer(webDist: string): Promise<RenderPage | undefined> {
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const module: { renderPage?: RenderPage } = await import(pathToFileURL(file).href);
  return module.renderPage;
}

/** Where a prerendered page's guard sends her: a path of this site, never another's ("//x", "/\x"). */
export const sameSitePath = (to: string): string => (/^\/(?![/\\])/.test(to) && !/[\r\n]/.test(to) ? to : '/');
