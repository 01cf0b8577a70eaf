/** What sends a request: the browser's fetch, or the server's own answer while it prerenders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** The member a page is being prerendered for, as far as the app's code needs to know her there. */
export interface ServerRender {
  /**
   * Answers the page's reads with her session (apps/server pages/page-reads.ts). None for a visitor's
   * page, which every visitor is served for a minute: its reads (the course list) stay the browser's,
   * fresh.
   */
  transport: ApiTransport | undefined;
  /** Her browser's language and time zone, as it last told the server; undefined: the server's own. */
  locale: string | undefined;
  timeZone: string | undefined;
  /** Set once the page asked for her time zone (lib/local-format.ts): its reads may depend on it. */
  zoneUsed?: boolean;
  /**
   * Code the drawing asked for that had not arrived (a lazy part: components/lazy-part.tsx): the server
   * waits for it and draws again, so a page is drawn whole whether or not the process had it already.
   */
  downloads?: Promise<unknown>[];
  /** The lazy parts the drawing drew, by module: the browser loads their code before it hydrates. */
  parts?: Set<string>;
  /** When the page is drawn: what it shows that depends on the time is measured from it (lib/page-clock.ts). */
  now?: number;
  /** Set by `<Redirect>` (components/redirect.tsx): the page is a redirect there, not a page. */
  redirect?: string | undefined;
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
