import { errorResponseSchema } from '@lunara/shared/api';
import { blockedMemberPageSchema, blockStateSchema, muteStateSchema } from '@lunara/shared/blocks';
import { cursorQuerySchema } from '@lunara/shared/feed';
import { memberIdSchema } from '@lunara/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { blockMember, hasBlocked, listBlockedMembers, unblockMember } from './block-service.ts';
import { isConversationMuted, isTopicMuted, setConversationMuted, setTopicMuted } from './mute-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const memberParams = z.object({ userId: memberIdSchema('Unknown member') });
const conversationParams = z.object({ conversationId: z.uuid('Unknown conversation') });
const topicParams = z.object({ topicId: z.uuid('Unknown topic') });
/** Blocking is a deliberate act: a burst of them is a script, and each one notifies every process. */
const BLOCK_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
const MUTE_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** A per-member limit (the session is resolved by the guard before the limiter asks). */
const perMember = (prefix: string, limit: typeof BLOCK_RATE_LIMIT) => ({
  rateLimit: {
    ...limit,
    keyGenerator: async (request: Parameters<typeof sessionUserOf>[0]) =>
      `${prefix}:${(await sessionUserOf(request)).id}`,
  },
});

/**
 * Blocking: any signed-in member (a member whose membership lapsed can still see and undo her blocks in
 * Settings).
 */
const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['safety'];
  const me = async (request: Parameters<typeof sessionUserOf>[0]) => (await sessionUserOf(request)).id;

  app.addHook('onRequest', requireUser);
  app.get(
    '/api/blocks',
    {
      schema: {
        tags,
        summary: 'The members you blocked, newest first',
        querystring: cursorQuerySchema,
        response: { 200: blockedMemberPageSchema, ...errors },
      },
    },
    async (request) => listBlockedMembers(app.db, await me(request), request.query.cursor),
  );
  app.get(
    '/api/blocks/:userId',
    {
      schema: {
        tags,
        summary: 'Whether you blocked this member (never whether she blocked you)',
        params: memberParams,
        response: { 200: blockStateSchema, ...errors },
      },
    },
    async (request) => ({ blocked: await hasBlocked(app.db, await me(request), request.params.userId) }),
  );
  app.put(
    '/api/blocks/:userId',
    {
      config: perMember('block', BLOCK_RATE_LIMIT),
      schema: {
        tags,
        summary: 'Block a member: neither of you can message or see the other; she is not told',
        params: memberParams,
        response: { 200: blockStateSchema, ...errors },
      },
    },
    async (request) => {
      const blocker = await me(request);
      await blockMember(app.db, blocker, request.params.userId);
      app.forgetBlocks(blocker, request.params.userId);
      return { blocked: true };
    },
  );
  app.delete(
    '/api/blocks/:userId',
    {
      config: perMember('block', BLOCK_RATE_LIMIT),
      schema: {
        tags,
        summary: 'Unblock a member',
        params: memberParams,
        response: { 200: blockStateSchema, ...errors },
      },
    },
    async (request) => {
      const blocker = await me(request);
      await unblockMember(app.db, blocker, request.params.userId);
      app.forgetBlocks(blocker, request.params.userId);
      return { blocked: false };
    },
  );
};

/** Muting, where the conversation or the topic is (the community: subscribers and staff). */
export const muteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));
  const tags = ['safety'];
  const me = async (request: Parameters<typeof sessionUserOf>[0]) => (await sessionUserOf(request)).id;
  const muteState = { 200: muteStateSchema, ...errors };
  const muteConfig = perMember('mute', MUTE_RATE_LIMIT);
  const conversationPath = '/api/conversations/:conversationId/mute';
  app.get(
    conversationPath,
    {
      schema: { tags, summary: 'Whether you muted this conversation', params: conversationParams, response: muteState },
    },
    async (request) => isConversationMuted(app.db, await me(request), request.params.conversationId),
  );
  app.put(
    conversationPath,
    {
      config: muteConfig,
      schema: {
        tags,
        summary: 'Mute a conversation: no notifications from it',
        params: conversationParams,
        response: muteState,
      },
    },
    async (request) => setConversationMuted(app.db, await me(request), request.params.conversationId, true),
  );
  app.delete(
    conversationPath,
    {
      config: muteConfig,
      schema: { tags, summary: 'Unmute a conversation', params: conversationParams, response: muteState },
    },
    async (request) => setConversationMuted(app.db, await me(request), request.params.conversationId, false),
  );
  const topicPath = '/api/forums/topics/:topicId/mute';
  app.get(
    topicPath,
    { schema: { tags, summary: 'Whether you muted this topic', params: topicParams, response: muteState } },
    async (request) => isTopicMuted(app.db, await me(request), request.params.topicId),
  );
  app.put(
    topicPath,
    {
      config: muteConfig,
      schema: {
        tags,
        summary: 'Mute a forum topic: no reply notifications from it',
        params: topicParams,
        response: muteState,
      },
    },
    async (request) => setTopicMuted(app.db, await me(request), request.params.topicId, true),
  );
  app.delete(
    topicPath,
    { config: muteConfig, schema: { tags, summary: 'Unmute a forum topic', params: topicParams, response: muteState } },
    async (request) => setTopicMuted(app.db, await me(request), request.params.topicId, false),
  );
};

export default blockRoutes;
