import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenWhileOpen } from '../lib/listen-while-open.ts';
import { createMemberCache } from '../lib/member-cache.ts';
import { BLOCKS_CHANNEL, type BlockView, loadBlockView } from '../modules/blocks/block-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whom this member blocked and who blocked her, from memory while neither changed. */
    readBlocks(memberId: string): Promise<BlockView>;
    /** Drops the kept views of these members now (a block or an unblock this process just made). */
    forgetBlocks(...memberIds: string[]): void;
  }
}

/**
 * Every feed, comment, topic, reply and group-thread read filters by the viewer's blocks (both ways),
 * after the shared caches (the feed's first page is the same for everyone: decision 015). Blocks change
 * rarely, so each member's view is kept here: a block or an unblock NOTIFYs `lunara_blocks` with both
 * ids on commit (block-service.ts) and every process forgets the two; the process that made it forgets
 * them before answering. An account's deletion cascades without a notice: its entries only hide a
 * member who is gone, and live at most a minute.
 */
export default fp(
  async (app: FastifyInstance) => {
    const cache = createMemberCache<BlockView>({ ttlMs: 60_000, maxEntries: 20_000 });
    app.decorate('readBlocks', async (memberId: string) => {
      const view = await cache.resolve(memberId, async () => ({
        userId: memberId,
        value: await loadBlockView(app.db, memberId),
      }));
      return view as BlockView;
    });
    app.decorate('forgetBlocks', (...memberIds: string[]) => {
      for (const id of memberIds) cache.invalidateUser(id);
    });
    listenWhileOpen(
      app,
      BLOCKS_CHANNEL,
      (payload) => {
        for (const id of payload.split(' ')) if (id) cache.invalidateUser(id);
      },
      cache.clear,
    );
  },
  { name: 'block-cache', dependencies: ['db'] },
);
