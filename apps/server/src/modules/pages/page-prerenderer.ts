import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageBoot } from '@lunara/shared/page-boot';

type RenderPage = (url: string, boot: PageBoot) => Promise<string>;

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
