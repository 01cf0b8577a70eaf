import { errorResponseSchema } from '@lunara/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';

/** The signed-in member's Server-Sent Events stream (events about her own notifications and messages). */
const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/realtime',
    {
      onRequest: requireUser,
      schema: {
        tags: ['realtime'],
        summary: 'Event stream',
        description:
          'text/event-stream of JSON events: ready, notification.created, notification.updated, ' +
          'notifications.all-read, message.created, conversation.read, conversation.changed, circle.membership-changed, resync.',
        response: { 200: z.string(), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const member = await sessionUserOf(request);
      const response = reply.raw;
      reply.hijack();
      // The security headers set so far (plugins/security-headers.ts) still apply to the hijacked response.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies must pass events through as they come.
        'x-accel-buffering': 'no',
      });
      response.flushHeaders();
      const disconnect = app.realtime.connect(
        member.id,
        {
          write: (chunk) => response.write(chunk),
          backlog: () => response.writableLength,
          end: () => response.end(),
        },
        member.sessionId,
      );
      request.raw.on('close', disconnect);
    },
  );
};

export default realtimeRoutes;
