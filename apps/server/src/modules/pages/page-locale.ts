import { TIME_ZONE_COOKIE } from '@lunara/shared/page-boot';
import type { FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/read-cookie.ts';

/** Longer than any real time zone name or language tag: anything longer is not read at all. */
const MAX_NAME_LENGTH = 64;

/** The time zone a cookie names, if it is one Intl knows (a forged or mangled cookie names none). */
function timeZoneOf(cookie: string | null): string | undefined {
  if (!cookie || cookie.length > MAX_NAME_LENGTH * 3) return undefined;
  try {
    const zone = decodeURIComponent(cookie);
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The first language of an Accept-Language header that Intl knows ("en-GB,en;q=0.9" is en-GB). */
function firstLanguage(header: string | undefined): string | undefined {
  const tag = header?.split(',')[0]?.split(';')[0]?.trim();
  if (!tag || tag === '*' || tag.length > MAX_NAME_LENGTH) return undefined;
  try {
    // Language, script and region only: a browser's default language has no extensions, and a request
    // must not mint endless variants of one (each is a formatter kept on the server).
    const supported = Intl.DateTimeFormat.supportedLocalesOf(tag)[0];
    return supported ? new Intl.Locale(supported).baseName : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language and time zone a member's browser uses, for the page the server draws for her: the
 * browser's first Accept-Language (its default language, which Intl uses there) and the time zone the
 * web app wrote in its cookie. Either is undefined when unknown or not a real one: the server's own.
 */
export function requestLocale(request: FastifyRequest): { locale: string | undefined; timeZone: string | undefined } {
  const timeZone = timeZoneOf(readCookie(request.headers.cookie, TIME_ZONE_COOKIE));
  const language = request.headers['accept-language'];
  return { locale: firstLanguage(typeof language === 'string' ? language : undefined), timeZone };
}
