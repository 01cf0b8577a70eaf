import type { Leaderboard, LeaderboardPeriod } from '@lunara/shared/profiles';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenWhileOpen } from '../lib/listen-while-open.ts';
import { onSuccessfulWrite } from '../lib/on-successful-write.ts';
import { createSharedReadCache } from '../lib/shared-read-cache.ts';
import { getLeaderboard, LEADERBOARD_CHANNEL, periodStart } from '../modules/leaderboard/leaderboard-service.ts';
import { SESSION_CHANNEL } from '../modules/session/session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The top 50 of a period, from memory while nothing it shows has changed (decision 011). */
    readLeaderboard(period: LeaderboardPeriod): Promise<Leaderboard>;
  }
}

/**
 * The leaderboards are the same for every member and read far more often than points change. They
 * are kept per period (and per week or month, so that a new one starts with its first instant) and
 * forgotten on every change: the triggers' NOTIFY tells every process after a commit (changes to roles and
 * memberships, which decide who is ranked, come on the sessions channel); this process
 * also forgets them before it answers any successful write, so a member who has just earned points sees
 * them.
 */
export default fp(
  async (app: FastifyInstance) => {
    const cache = createSharedReadCache<Leaderboard>();
    app.decorate('readLeaderboard', (period: LeaderboardPeriod) => {
      const now = new Date();
      const key = period === 'all' ? period : `${period}:${periodStart(period, now).toISOString()}`;
      return cache.get(key, () => getLeaderboard(app.db, period, now));
    });
    listenWhileOpen(app, LEADERBOARD_CHANNEL, cache.clear, cache.clear);
    // Who is ranked at all depends on roles and memberships (canUseCommunity), whose triggers notify the
    // sessions channel only: without this, a membership ended or a role given through one process left
    // the others ranking by the old rule until the entry aged out.
    listenWhileOpen(app, SESSION_CHANNEL, cache.clear, cache.clear);
    onSuccessfulWrite(app, cache.clear);
  },
  { name: 'leaderboard-cache', dependencies: ['db'] },
);
