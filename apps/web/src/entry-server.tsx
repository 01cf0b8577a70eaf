import { AsyncLocalStorage } from 'node:async_hooks';
import type { PageBoot } from '@lunara/shared/page-boot';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/app.tsx';
import { type PageReads, seedQueryCache } from './app/page-boot.ts';
import { preloadPage } from './app/router.tsx';
import { localTimeZone } from './lib/local-format.ts';
import { createQueryClient } from './lib/query-client.ts';
import { renderOnServerWith, type ServerRender } from './lib/server-render.ts';

// Each render has its own member (her session, language and time zone), however many run at once.
const renders = new AsyncLocalStorage<ServerRender>();
renderOnServerWith(() => renders.getStore());

/** Reads that need the answer of a read before them, or a part's code, add a round (a tab's panel, its reads). */
const MAX_READ_ROUNDS = 3;

export interface RenderedPage {
  html: string;
  /** The reads the page drew with, for the browser's query cache (PageBoot.queries); null if none. */
  queries: PageReads | null;
  /** Where a guard sends her instead (components/redirect.tsx): the server answers with a redirect. */
  redirect: string | null;
  /** The lazy parts the page was drawn with (PageBoot.parts), whose code the browser loads before hydrating. */
  parts: string[];
  /** When it was drawn (PageBoot.drawnAt): the browser hydrates it measuring times from then. */
  drawnAt: number;
}

const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

/**
 * The app rendered to HTML for one address, as its first render in the browser will draw it: the same
 * boot data, the page's module already loaded, and the page's reads answered. A render lists the reads
 * the page asked for (each query it drew as loading); `render.transport` answers them (the server,
 * with the request's session) and the page is drawn again, until it asks for nothing new. A read that fails is
 * drawn loading, as the browser will draw it before asking again itself. The browser then hydrates it
 * with the same reads in its cache. Built by `vite build --ssr` into dist-ssr/ and used by the server
 * (apps/server/src/modules/pages).
 */
export function renderPage(url: string, boot: PageBoot, render: ServerRender): Promise<RenderedPage> {
  const context: ServerRender = { ...render, redirect: undefined, downloads: [], parts: new Set() };
  return asServerRender(context, () => drawWithReads(url, boot, context));
}

/** Runs `work` as part of `render`: its reads, dates and times, and all it awaits, are that member's. */
export const asServerRender = <T,>(render: ServerRender, work: () => Promise<T>): Promise<T> =>
  renders.run(render, work);

/**
 * The path of a request's address, as the router reads it. Resolved against a base, '///' (which the router
 * draws as '/') was refused as an address and '//community' read as the host "community": the path goes
 * after an origin instead.
 */
export const requestPathname = (url: string): string =>
  new URL(`http://localhost${url.startsWith('/') ? '' : '/'}${url}`).pathname;

async function drawWithReads(url: string, boot: PageBoot, context: ServerRender): Promise<RenderedPage> {
  await preloadPage(requestPathname(url));
  const client = createQueryClient();
  // A failed read is the browser's to try again, not a reason to hold the page.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  seedQueryCache(client, boot);
  // The parts of the last drawing are the page's.
  const draw = () => {
    context.parts?.clear();
    context.now = Date.now();
    return renderToString(
      <StrictMode>
        <App boot={boot} location={url} queryClient={client} />
      </StrictMode>,
    );
  };
  const asked = new Set<string>();
  let html = draw();
  for (let round = 0; round < MAX_READ_ROUNDS && !context.redirect; round++) {
    const wanted = context.transport ? unansweredReads(client).filter((query) => !asked.has(query.queryHash)) : [];
    const downloads = context.downloads?.splice(0) ?? [];
    if (wanted.length === 0 && downloads.length === 0) break;
    for (const query of wanted) asked.add(query.queryHash);
    await Promise.all([
      ...wanted.map((query) => query.fetch().catch(() => undefined)),
      // A part whose code fails to load is drawn loading, as the browser will until it has it.
      ...downloads.map((download) => download.catch(() => undefined)),
    ]);
    for (const query of wanted) if (query.state.status === 'error') client.getQueryCache().remove(query);
    html = draw();
  }
  if (context.redirect) return { html: '', queries: null, redirect: context.redirect, parts: [], drawnAt: Date.now() };
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => asked.has(query.queryHash) && query.state.status === 'success',
  });
  const timeZone = context.zoneUsed ? localTimeZone() : null;
  const queries = state.queries.length > 0 ? { timeZone, state } : null;
  return { html, queries, redirect: null, parts: [...(context.parts ?? [])], drawnAt: context.now ?? Date.now() };
}

function unansweredReads(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'idle' && isEnabled(query));
}
