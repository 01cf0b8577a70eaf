import { TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_MAX_AGE_SECONDS } from '@lunara/shared/page-boot';

/**
 * Tells the server this browser's time zone (a cookie, sent with every page): the pages it prerenders
 * show her dates, times and day's rituals as her browser will, so they hydrate unchanged. Written only
 * when it changed. The first page a browser opens is drawn in the server's zone, and redrawn here if hers
 * differs (main.tsx, app/page-boot.ts).
 */
export function rememberTimeZone(doc: Document = document): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const pair = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (doc.cookie.split('; ').includes(pair)) return;
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${pair}; Path=/; Max-Age=${TIME_ZONE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
