import {
  DELETE_ATTEMPTS_PER_HOUR,
  dataExportSchema,
  dataExportStateSchema,
  deleteAccountBodySchema,
} from '@lunara/shared/account-data';
import { errorResponseSchema } from '@lunara/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { contentDisposition } from '../media/serve-media.ts';
import { deleteAccount } from './delete-account.ts';
import { getExportState, openExportDownload, requestExport } from './export-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const exportParams = z.object({ exportId: z.uuid('Unknown export') });

/** "Export my data" and "Delete my account": every signed-in member, for her own account only. */
const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['account'];
  const perMember = (name: string, max: number, timeWindow: number) => ({
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: async (request: Parameters<typeof sessionUserOf>[0]) =>
        `${name}:${(await sessionUserOf(request)).id}`,
    },
  });

  app.get(
    '/api/account/export',
    {
      schema: {
        tags,
        summary: 'Your latest data export and how many more you can ask for today',
        response: { 200: dataExportStateSchema, ...errors },
      },
    },
    async (request) => getExportState(app.db, (await sessionUserOf(request)).id),
  );

  app.post(
    '/api/account/export',
    {
      // The daily limit is the service's (counted in the database); this only stops a flood of requests.
      config: perMember('data-export', 10, 60 * 60_000),
      schema: {
        tags,
        summary: 'Ask for an export of your data (a zip, prepared in the background)',
        body: z.object({}).strict().optional(),
        response: { 200: dataExportSchema, ...errors },
      },
    },
    async (request) => requestExport(app.db, (await sessionUserOf(request)).id),
  );

  app.get(
    '/api/account/exports/:exportId/download',
    {
      config: perMember('data-export-download', 30, 60 * 60_000),
      schema: {
        tags,
        summary: 'Download your data export (yours only; 404 for anyone else or after it expires)',
        params: exportParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const member = await sessionUserOf(request);
      const file = await openExportDownload(app.db, app.mediaStorage, member.id, request.params.exportId);
      const day = file.requestedAt.toISOString().slice(0, 10);
      reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', `lunara-data-${day}.zip`))
        .header('cache-control', 'private, no-store');
      if (file.byteSize !== null) reply.header('content-length', file.byteSize);
      return reply.send(file.body);
    },
  );

  app.post(
    '/api/account/delete',
    {
      // Each attempt checks her password: a stolen session cannot guess it quickly.
      config: perMember('delete-account', DELETE_ATTEMPTS_PER_HOUR, 60 * 60_000),
      schema: {
        tags,
        summary: 'Delete your account for good (password required)',
        body: deleteAccountBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const member = await sessionUserOf(request);
      await deleteAccount(
        { db: app.db, auth: app.auth, billing: app.billing, log: request.log },
        {
          userId: member.id,
          email: member.email,
          password: request.body.password,
          keepContent: request.body.keepContent,
        },
      );
      // Her session row is gone already; the browser forgets the cookie too.
      const context = await app.auth.$context;
      const cookie = context.authCookies.sessionToken;
      reply.header(
        'set-cookie',
        `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`,
      );
      return { ok: true as const };
    },
  );
};

export default accountDataRoutes;
