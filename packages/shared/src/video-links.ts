/**
 * YouTube and Vimeo links as owners paste them, turned into privacy-enhanced embeds: YouTube's
 * youtube-nocookie.com (no cookies until she plays) and Vimeo with `dnt=1` (no tracking). The page's
 * Content-Security-Policy frames these two hosts and nothing else.
 */

export type VideoProvider = 'youtube' | 'vimeo';
export interface VideoEmbed {
  provider: VideoProvider;
  id: string;
  embedUrl: string;
}

export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;
export const VIDEO_LINK_INVALID =
  'Paste a YouTube or Vimeo link (for example https://youtu.be/… or https://vimeo.com/…)';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

const youtube = (id: string | null | undefined): VideoEmbed | null =>
  id && YOUTUBE_ID.test(id)
    ? { provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` }
    : null;
const VIMEO_HASH = /^[0-9a-f]{6,32}$/;
// An unlisted Vimeo video plays only with its privacy hash (vimeo.com/123/abcdef or ?h=abcdef).
const vimeo = (id: string | null | undefined, hash?: string | null): VideoEmbed | null => {
  if (!id || !VIMEO_ID.test(id)) return null;
  const h = hash && VIMEO_HASH.test(hash) ? `h=${hash}&` : '';
  return { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?${h}dnt=1` };
};

/** The embed for a YouTube or Vimeo link, or null for anything else (other hosts, other schemes). */
export function parseVideoLink(link: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts.length === 1 ? youtube(parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0] as string)) return youtube(parts[1]);
    return null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    // vimeo.com/123, vimeo.com/channels/staffpicks/123, vimeo.com/123/abcdef (unlisted, with its hash).
    const index = parts.findIndex((part) => VIMEO_ID.test(part));
    return index < 0 ? null : vimeo(parts[index], parts[index + 1] ?? url.searchParams.get('h'));
  }
  if (host === 'player.vimeo.com') {
    return parts.length === 2 && parts[0] === 'video' ? vimeo(parts[1], url.searchParams.get('h')) : null;
  }
  return null;
}
