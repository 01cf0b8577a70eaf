import type { PostPage } from '@lunara/shared/feed';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenWhileOpen } from '../lib/listen-while-open.ts';
import { onSuccessfulWrite } from '../lib/on-successful-write.ts';
import { createSharedReadCache, type SharedReadCache } from '../lib/shared-read-cache.ts';
import {
  FEED_CHANNEL,
  firstPageFor,
  loadSharedFirstPage,
  loadViewerMarks,
  type SharedPost,
  type ViewerMarks,
} from '../modules/feed/post-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The feed's first page for one member, from memory while nothing it shows has changed (decision 015). */
    readFeedFirstPage(viewerId: string): Promise<PostPage>;
  }
}

/** Members whose likes one cached page remembers; past this the first stored goes first. */
const MAX_VIEWERS = 5_000;

interface CachedFirstPage {
  rows: SharedPost[];
  /**
   * Per member, which of these rows she has liked, reacted to and saved: true of these rows only, so it
   * lives and dies with them (reactions and bookmarks NOTIFY too, migration 0027).
   */
  likedBy: SharedReadCache<ViewerMarks>;
}

/**
 * The first page of the feed is what every member opens first, and it is the same for all of them
 * but for which posts each has liked. It is kept once per process, with each reader's likes of its
 * posts beside it, and forgotten on any change to what it shows: migration 0010's triggers on posts
 * (new, deleted, pinned, liked, commented), likes and authors' names NOTIFY `lunara_feed` on commit,
 * to every process; this process also forgets it before answering any successful write, so that a
 * member sees her own post or like at once.
 */
export default fp(
  async (app: FastifyInstance) => {
    const pages = createSharedReadCache<CachedFirstPage>({ maxEntries: 1 });
    app.decorate('readFeedFirstPage', async (viewerId: string) => {
      const page = await pages.get('first', async () => ({
        rows: await loadSharedFirstPage(app.db),
        likedBy: createSharedReadCache<ViewerMarks>({ maxEntries: MAX_VIEWERS }),
      }));
      const liked = await page.likedBy.get(viewerId, () =>
        loadViewerMarks(
          app.db,
          viewerId,
          page.rows.map((row) => row.id),
        ),
      );
      return firstPageFor(page.rows, liked);
    });
    listenWhileOpen(app, FEED_CHANNEL, pages.clear, pages.clear);
    onSuccessfulWrite(app, pages.clear);
  },
  { name: 'feed-cache', dependencies: ['db'] },
);
