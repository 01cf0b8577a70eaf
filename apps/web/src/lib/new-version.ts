/** The meta element the build writes into index.html with its id (apps/web/vite.config.ts). */
export const BUILD_META_NAME = 'lunara-build';
/** The id of the build the server serves now, written by the same build beside index.html. */
const SERVER_BUILD_URL = '/build.json';

/** The build this page runs; none in development (nothing was built) or on the server. */
function pageBuild(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META_NAME}"]`)?.content || undefined;
}

async function serverBuild(): Promise<string | undefined> {
  const response = await fetch(SERVER_BUILD_URL, { cache: 'no-store' });
  if (!response.ok) return undefined;
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string' ? body.id : undefined;
}

/** The module's address, which Chromium and Firefox name in the error; only this site's. */
function moduleUrlOf(error: unknown): string | undefined {
  if (typeof window === 'undefined' || !(error instanceof Error)) return undefined;
  const found = /https?:\/\/\S+/.exec(error.message)?.[0];
  try {
    return found && new URL(found).origin === window.location.origin ? found : undefined;
  } catch {
    return undefined;
  }
}

async function isGone(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
  return response.status === 404;
}

/**
 * After a module failed to download even on retry: whether a deploy is why, because the module is gone
 * (404: the server no longer keeps that build's files) or the server now serves another build than the
 * one this page runs. Offline neither can be known, and the answer is no: trying again is then the remedy.
 */
export async function isNewVersionOut(error: unknown): Promise<boolean> {
  const build = pageBuild();
  const [gone, replaced] = await Promise.all([
    isGone(moduleUrlOf(error)).catch(() => false),
    build
      ? serverBuild()
          .then((id) => id !== undefined && id !== build)
          .catch(() => false)
      : false,
  ]);
  return gone || replaced;
}
