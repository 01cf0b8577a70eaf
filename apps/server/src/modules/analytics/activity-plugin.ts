import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessionUserIfAsked } from '../../plugins/auth.ts';
import { recordActiveDay } from './analytics-service.ts';

/**
 * Daily and weekly active members: the first response of each day to a signed-in member records the
 * (day, member) row (insert ... on conflict do nothing). The members already recorded today are kept in
 * memory, so her later requests cost nothing; the set is emptied when the day changes, so it holds at
 * most one day's active members. Requests that never asked who is signed in (static files) count for
 * nothing and load nothing.
 */
export function createActiveDayRecorder(write: (day: string, userId: string) => Promise<void>) {
  let today = '';
  let seen = new Set<string>();
  return (userId: string, now = new Date()) => {
    const day = now.toISOString().slice(0, 10);
    if (day !== today) {
      today = day;
      seen = new Set();
    }
    if (seen.has(userId)) return undefined;
    seen.add(userId);
    // Forgotten again if the write fails, so a later request tries once more.
    return write(day, userId).catch((error: unknown) => {
      if (today === day) seen.delete(userId);
      throw error;
    });
  };
}

export default fp(
  async (app: FastifyInstance) => {
    const record = createActiveDayRecorder((day, userId) => recordActiveDay(app.db, day, userId));
    app.addHook('onResponse', (request, _reply, done) => {
      const asked = sessionUserIfAsked(request);
      if (asked) {
        asked
          .then((member) => (member ? record(member.id) : undefined))
          .catch((error: unknown) => request.log.warn({ err: error }, 'recording an active day failed'));
      }
      done();
    });
  },
  { name: 'analytics-activity', dependencies: ['db', 'auth'] },
);
