import { afterEach, describe, expect, it } from 'vitest';
import { asServerRender } from '../entry-server.tsx';
import { hydratedWithPageClock, hydrateWithPageClock, pageNow } from './page-clock.ts';
import { relativeTime } from './relative-time.ts';

const DRAWN = Date.parse('2026-11-29T12:00:50Z');
const POSTED = '2026-11-29T12:00:20Z';

afterEach(() => hydratedWithPageClock());

describe('the page clock', () => {
  it('measures on the server from the moment the page is drawn', async () => {
    const render = { transport: undefined, locale: 'en-US', timeZone: 'UTC', now: DRAWN };
    expect(await asServerRender(render, async () => [pageNow(), relativeTime(POSTED)])).toEqual([DRAWN, 'just now']);
  });

  it("hydrates from the server's moment, whatever the browser's clock says, then follows the browser's", () => {
    // Seconds later in the browser "just now" would be "1 minute ago" (or another text on a clock that is off).
    expect(relativeTime(POSTED)).not.toBe('just now');
    hydrateWithPageClock(DRAWN);
    expect(pageNow()).toBe(DRAWN);
    expect(relativeTime(POSTED)).toBe('just now');
    hydratedWithPageClock();
    expect(Math.abs(pageNow() - Date.now())).toBeLessThan(1000);
    expect(relativeTime(POSTED)).not.toBe('just now');
  });

  it('ignores a time that is not one', () => {
    for (const time of [undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      hydrateWithPageClock(time);
      expect(Math.abs(pageNow() - Date.now()), String(time)).toBeLessThan(1000);
    }
  });
});
