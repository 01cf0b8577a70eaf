/**
 * Which addresses are safe to show, link and return to.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): urls.ts
 * re-exports them beside its schemas.
 */

export const MEETING_LINK_NOT_HTTPS = 'The meeting link must be an https:// address';

export const AVATAR_NOT_UPLOADED = 'Upload a photo instead of linking one';

export const BAD_RETURN_ADDRESS = 'The return address must be a page of this site';

/** A whole https address: no spaces or control characters anywhere, a host, no user name or password. */
export function isHttpsUrl(text: string): boolean {
  // Whitespace, control, format (zero-width, direction), surrogate and private characters: nothing a real
  // link needs, and they let a link read as another address.
  if (/[\s\p{Cc}\p{Cf}\p{Cs}\p{Co}]/u.test(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

// This server's own uploads: /media/ and path segments of safe characters, none starting with a dot (so
// neither `..` nor a hidden file), no empty segment (so never `//host`).
const MEDIA_PATH = /^\/media(?:\/[\w-][\w.-]*)+$/;

/**
 * Whether a picture address is one of this server's own uploads. Any other address would make every
 * member's browser that shows it call that host, telling it her IP address and when she looked.
 */
export const isOwnMediaPath = (url: string) => url.length <= 500 && MEDIA_PATH.test(url);

/** The avatar as sent to browsers: an address elsewhere (stored before this rule) is shown as initials. */
export const servedAvatarUrl = (url: string | null): string | null => (url && isOwnMediaPath(url) ? url : null);

// Nothing that a browser would hide or reorder, nor whitespace or control characters, anywhere in it.
const UNPRINTABLE = /[\s\p{Cc}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Where better-auth sends the member after an email link: a path on this site (`/dashboard`, never
 * `//host` or `/\host`) or an http(s) address, which better-auth then checks against the trusted origins.
 */
export function isReturnAddress(text: string): boolean {
  if (text.length > 2000 || UNPRINTABLE.test(text)) return false;
  if (text.startsWith('/')) return !/^\/[/\\]/.test(text);
  return URL.canParse(text) && ['https:', 'http:'].includes(new URL(text).protocol);
}
