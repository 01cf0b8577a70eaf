import { serverRender } from './server-render.ts';

/**
 * Dates and times in the member's own language and time zone: the browser's, and on the server (a
 * prerendered page) the ones her browser reported (lib/time-zone-cookie.ts, Accept-Language), so that
 * the page hydrates with the very text the server drew. Formatters are costly to make: one for each
 * language, zone and set of options, kept.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
/**
 * On the server the keys come from requests (any language and zone): past this many, the kept ones are
 * dropped and made again as asked, so the map never grows with the visitors.
 */
const MAX_KEPT_FORMATS = 500;

function kept<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    if (formats.size >= MAX_KEPT_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** The server render under way, noted as one whose text or reads depend on her time zone. */
function zonedRender() {
  const render = serverRender();
  if (render) render.zoneUsed = true;
  return render;
}

/** Her time zone ("Europe/Paris"), as the API's `tz` parameters want it. */
export const localTimeZone = (): string =>
  zonedRender()?.timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** A date and time format in her language and time zone. */
export function localDateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const render = zonedRender();
  const locale = render?.locale;
  const timeZone = render?.timeZone;
  return kept(
    `d ${locale} ${timeZone} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone }),
  );
}

/** "3 hours ago" in her language. */
export function localRelativeFormat(options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  const locale = serverRender()?.locale;
  return kept(`r ${locale} ${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options));
}
