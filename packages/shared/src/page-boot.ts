import type { PublicConfig } from './app-config.ts';
import type { SubscriptionStatusResponse } from './billing-schemas.ts';
import type { MeResponse } from './session.ts';

/** The id of the `<script type="application/json">` element that carries a page's boot data. */
export const PAGE_BOOT_ELEMENT_ID = 'lunara-boot';

/**
 * What the server already knows when it sends a page, written into the HTML: the app's first render
 * needs no round trip for the configuration, the session or the membership (decision 010).
 * Each part is exactly what its API endpoint answers (/api/config, /api/me, /api/billing/subscription).
 */
export interface PageBoot {
  config: PublicConfig;
  me: MeResponse;
  /** Only for a signed-in member. */
  subscription: SubscriptionStatusResponse | null;
  /**
   * On a prerendered page, the other reads it drew (the feed's first page, a course), as the web app's
   * query cache wrote them out (TanStack Query's `dehydrate`): the browser's first render draws the same.
   * Opaque here: only the web app reads it.
   */
  queries?: unknown;
  /**
   * On a prerendered page, the lazy parts it was drawn with (a tab's panel, the composer), by module
   * (`features/forums/components/forums-panel.tsx`): the browser loads their code before it hydrates.
   */
  parts?: string[];
  /**
   * On a prerendered page, when the server drew it (ms since the epoch): the browser's first render
   * measures "5 minutes ago" from the same moment, so the text it hydrates is the text the server wrote.
   */
  drawnAt?: number;
}

/**
 * The browser's time zone ("Europe/Paris"), written by the web app as it starts: the server draws a
 * prerendered page's dates and her day's rituals in it, as her browser will.
 */
export const TIME_ZONE_COOKIE = 'lunara-tz';
export const TIME_ZONE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Which pages the server prerenders: for everyone, or only for a signed-in member (a visitor is sent on). */
export type Prerender = 'everyone' | 'members';

/**
 * The web build's dist/parts.json: for each lazily loaded module (by its path under src/), the files it
 * needs beyond the entry's, which the server preloads with a page drawn with it.
 */
export type PartFiles = Record<string, string[]>;

/** An entry of the web build's dist/pages.json: a route pattern, its files beyond the entry, its prerendering. */
export interface PageManifestEntry {
  path: string;
  files: string[];
  prerender: Prerender | null;
}
