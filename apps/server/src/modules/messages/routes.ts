import { errorResponseSchema } from '@lunara/shared/api';
import { HIDDEN_BLOCKED_LINE } from '@lunara/shared/blocks';
import { cursorQuerySchema } from '@lunara/shared/feed';
import {
  conversationPageSchema,
  conversationSchema,
  memberSearchQuerySchema,
  memberSearchResultSchema,
  messagePageSchema,
  messageSchema,
  sendMessageBodySchema,
  startConversationBodySchema,
  startedConversationSchema,
} from '@lunara/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { requireVerifiedEmailToPost } from '../posting-rules/posting-guard.ts';
import { getConversation, listConversations, startConversation } from './conversation-service.ts';
import { searchMembers } from './member-search-service.ts';
import { listMessages, markConversationRead, sendMessage } from './message-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const conversationParams = z.object({ conversationId: z.uuid('Unknown conversation') });
/** Enough for a lively conversation, not enough to flood a sister's inbox. */
const SEND_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** Direct messages between members (the community's Messages tab: members and admins). */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));
  const tags = ['messages'];
  const me = async (request: Parameters<typeof sessionUserOf>[0]) => (await sessionUserOf(request)).id;

  app.get(
    '/api/members/search',
    {
      schema: {
        tags,
        summary: 'Find sisters to write to (up to 10, by name)',
        querystring: memberSearchQuerySchema,
        response: { 200: memberSearchResultSchema, ...errors },
      },
    },
    async (request) => ({ members: await searchMembers(app.db, await me(request), request.query.q) }),
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        tags,
        summary: 'Her conversations, most recent first',
        querystring: cursorQuerySchema,
        response: { 200: conversationPageSchema, ...errors },
      },
    },
    async (request) => {
      const member = await me(request);
      const [page, blocks] = await Promise.all([
        listConversations(app.db, member, request.query.cursor),
        app.readBlocks(member),
      ]);
      // A group's latest message by a member she blocked is not quoted in her list (the thread masks it
      // too); one by a member who blocked her is not shown at all, as her thread leaves it out.
      return {
        ...page,
        items: page.items.map((item) => {
          const sender = item.kind === 'group' ? item.lastMessageSenderId : null;
          if (sender && blocks.blockedByMe.has(sender)) return { ...item, lastMessageContent: HIDDEN_BLOCKED_LINE };
          if (sender && blocks.blockedMe.has(sender)) {
            return { ...item, lastMessageContent: null, lastMessageSenderId: null, lastMessageSenderName: null };
          }
          return item;
        }),
      };
    },
  );

  app.post(
    '/api/conversations',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags,
        summary: 'Start a conversation (or find the one that exists)',
        body: startConversationBodySchema,
        response: { 200: startedConversationSchema, 201: startedConversationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await startConversation(app.db, await me(request), request.body.userId);
      return reply.code(started.created ? 201 : 200).send(started);
    },
  );

  app.get(
    '/api/conversations/:conversationId',
    {
      schema: {
        tags,
        summary: 'One conversation',
        params: conversationParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => getConversation(app.db, await me(request), request.params.conversationId),
  );

  app.get(
    '/api/conversations/:conversationId/messages',
    {
      schema: {
        tags,
        summary: 'A page of the thread, oldest first',
        params: conversationParams,
        querystring: cursorQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request) => {
      const member = await me(request);
      const blocks = await app.readBlocks(member);
      return listMessages(app.db, member, request.params.conversationId, request.query.cursor, blocks);
    },
  );

  app.post(
    '/api/conversations/:conversationId/messages',
    {
      onRequest: requireVerifiedEmailToPost,
      config: { rateLimit: { ...SEND_RATE_LIMIT, keyGenerator: async (request) => `dm:${await me(request)}` } },
      schema: {
        tags,
        summary: 'Send a message',
        params: conversationParams,
        body: sendMessageBodySchema,
        response: { 201: messageSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const message = await sendMessage(app.db, await me(request), request.params.conversationId, request.body.content);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/api/conversations/:conversationId/read',
    {
      schema: {
        tags,
        summary: 'Mark her incoming messages in it read',
        params: conversationParams,
        response: { 200: z.object({ updated: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      updated: await markConversationRead(app.db, await me(request), request.params.conversationId),
    }),
  );
};

export default messageRoutes;
