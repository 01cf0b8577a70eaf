import type { PageBoot } from '@lunara/shared/page-boot';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/app.tsx';
import { preloadPage } from './app/router.tsx';

/**
 * The app rendered to HTML for one address, as its first render in the browser will draw it: the same
 * boot data, the page's module already loaded. The browser then renders over it (createRoot, not
 * hydration: a date in the server's time zone or a moon phase a second older must not be an error).
 * Built by `vite build --ssr` into dist-ssr/ and used by the server (apps/server/src/modules/pages).
 */
export async function renderPage(url: string, boot: PageBoot): Promise<string> {
  await preloadPage(new URL(url, 'http://localhost').pathname);
  return renderToString(
    <StrictMode>
      <App boot={boot} location={url} />
    </StrictMode>,
  );
}
