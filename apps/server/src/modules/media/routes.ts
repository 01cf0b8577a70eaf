import { errorResponseSchema } from '@lunara/shared/api';
import { FILE_NAME_HEADER, MEDIA_KINDS } from '@lunara/shared/media';
import { mediaSchema, uploadQuerySchema } from '@lunara/shared/media-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { cleanFileName } from './file-name.ts';
import { deleteStoredNow, deleteUpload, removeAvatar } from './media-service.ts';
import { serveMedia } from './serve-media.ts';
import { declaredLength, UPLOAD_CONTENT_TYPE, uploadGuard } from './upload-rules.ts';
import { uploadMedia } from './upload-service.ts';

/** Uploads a member may start per minute, whatever their kind. */
export const UPLOADS_PER_MINUTE = 30;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const ok = z.object({ ok: z.literal(true) });
const perMember = async (request: FastifyRequest) => (await request.getSessionUser())?.id ?? request.ip;

/** The upload: the file is the raw body, read as a stream (never whole in memory). */
const uploadRoute: FastifyPluginAsyncZod = async (app) => {
  // In this scope only: the body reaches the handler unread; any other type is refused by the guard.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(UPLOAD_CONTENT_TYPE, (_request, payload, done) => done(null, payload));
  // A refused upload's body is not read: closing the connection tells the browser to stop sending it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400) reply.header('connection', 'close');
    done(null, payload);
  });
  app.post(
    '/api/media/:kind',
    {
      onRequest: uploadGuard(app.config.media.uploadLimits),
      // Counted once the guard and validation let it through: refused attempts start no upload.
      config: {
        rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: 60_000, keyGenerator: perMember, hook: 'preHandler' },
      },
      schema: {
        tags: ['media'],
        summary: 'Upload a file (the raw request body) of a kind',
        params: z.object({ kind: z.enum(MEDIA_KINDS) }),
        querystring: uploadQuerySchema,
        response: {
          201: mediaSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const member = await sessionUserOf(request);
      const media = await uploadMedia(
        { db: app.db, storage: app.mediaStorage, log: request.log, limits: app.config.media.uploadLimits },
        {
          kind: request.params.kind,
          ownerId: member.id,
          fileName: cleanFileName(request.headers[FILE_NAME_HEADER]),
          courseId: request.query.courseId,
          lessonId: request.query.lessonId,
          body: request.raw,
          declaredLength: declaredLength(request),
        },
      );
      return reply.status(201).send(media);
    },
  );
};

const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoute);

  app.delete(
    '/api/media/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['media'],
        summary: 'Remove an upload: your own not yet on a post, or (admins) course media',
        params: z.object({ id: z.uuid({ message: 'That file does not exist' }) }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const ids = await deleteUpload(app.db, await sessionUserOf(request), request.params.id);
      await deleteStoredNow(app.mediaStorage, request.log, ids);
      return { ok: true as const };
    },
  );
  app.delete(
    '/api/me/avatar',
    {
      onRequest: requireUser,
      schema: { tags: ['media'], summary: 'Remove your profile photo', response: { 200: ok, ...errors } },
    },
    async (request) => {
      const ids = await removeAvatar(app.db, (await sessionUserOf(request)).id);
      await deleteStoredNow(app.mediaStorage, request.log, ids);
      return { ok: true as const };
    },
  );

  // Outside /api: an <img> or <video> asks for these with the session cookie; the answer is the file.
  const fileErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
  app.get(
    '/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored file (an image at its largest stored width)',
        params: z.object({ id: z.string().max(100) }),
        response: { ...fileErrors, 416: errorResponseSchema },
      },
    },
    async (request, reply) => serveMedia(app.db, app.mediaStorage, request, reply, request.params.id, undefined),
  );
  app.get(
    '/media/:id/:width',
    {
      schema: {
        tags: ['media'],
        summary: 'An image at one of its widths, in the best format the browser accepts',
        params: z.object({ id: z.string().max(100), width: z.string().max(10) }),
        response: { ...fileErrors, 416: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const width = /^[1-9]\d{0,4}$/.test(request.params.width) ? Number(request.params.width) : -1;
      return serveMedia(app.db, app.mediaStorage, request, reply, request.params.id, width);
    },
  );
};

export default mediaRoutes;
