import { serverRender } from './server-render.ts';

let drawnAt: number | undefined;

/**
 * "Now" for what a page shows that depends on it ("5 minutes ago", "This event has ended"). A prerendered
 * page is drawn on the server at one moment and hydrated in the browser a little later: measured from two
 * different moments, "just now" could become "1 minute ago" in between, and React would throw the
 * server's HTML away for the text that differs (a press on it lost). So the server draws at the time it
 * writes into the page (PageBoot.drawnAt), the browser's first render measures from that same time, and
 * from then on (`hydratedWithPageClock`) it is the browser's own clock again.
 */
export function pageNow(): number {
  return serverRender()?.now ?? drawnAt ?? Date.now();
}

/** Before hydrating a prerendered page: its first render measures from the time the server drew it. */
export function hydrateWithPageClock(time: number | undefined): void {
  drawnAt = typeof time === 'number' && Number.isFinite(time) ? time : undefined;
}

/** Once the page is hydrated: what is drawn afresh measures from now. */
export function hydratedWithPageClock(): void {
  drawnAt = undefined;
}
