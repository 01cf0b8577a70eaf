/** What sends a request: the browser's fetch, or the server's own answer while it prerenders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** The member a page is being prerendered for, as far as the app's code needs to know her there. */
export interface ServerRender {
  /** Answers the page's reads with her session (apps/server pages/page-reads.ts). */
  transport: ApiTransport;
  /** Her browser's language and time zone, as it last told the server; undefined: the server's own. */
  locale: string | undefined;
  timeZone: string | undefined;
}

let findServerRender: (() => ServerRender | undefined) | undefined;

/**
 * Set once by the server's renderer (entry-server.tsx), which keeps each render's context apart (two
 * members' pages are drawn at once). In the browser it is never set.
 */
export function renderOnServerWith(find: () => ServerRender | undefined): void {
  findServerRender = find;
}

/** The render under way on the server, or undefined (always so in the browser). */
export const serverRender = (): ServerRender | undefined => findServerRender?.();
