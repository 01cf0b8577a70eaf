import { errorResponseSchema } from '@lunara/shared/api';
import {
  journalEntryBodySchema,
  journalEntrySchema,
  journalPageSchema,
  journalQuerySchema,
  practiceCalendarQuerySchema,
  practiceCalendarSchema,
} from '@lunara/shared/ritual-journal';
import { createRitualBodySchema, ritualSchema } from '@lunara/shared/ritual-schemas';
import { isValidTimeZone } from '@lunara/shared/time-zones';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { editJournalEntry, getPracticeCalendar, listJournal } from './journal-service.ts';
import { deleteOwnRitual, updateOwnRitual } from './own-ritual-edit.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tz = z.string().max(64).refine(isValidTimeZone, 'Unknown time zone').default('UTC');
const ritualParams = z.object({ ritualId: z.uuid('Unknown ritual') });
const ok = z.object({ ok: z.literal(true) });

/**
 * Her ritual journal, her practice calendar, and changes to her own rituals. Registered inside the
 * rituals plugin, so its subscriber guard applies; every query is scoped to the session's member.
 */
export function registerJournalRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rituals'];

  routes.get(
    '/api/rituals/journal',
    {
      schema: {
        tags,
        summary: 'Your ritual journal, newest first (only you see it)',
        querystring: journalQuerySchema,
        response: { 200: journalPageSchema, ...errors },
      },
    },
    async (request) => listJournal(app.db, (await sessionUserOf(request)).id, request.query),
  );
  routes.patch(
    '/api/rituals/journal/:entryId',
    {
      schema: {
        tags,
        summary: 'Change the notes, mood and energy of a journal entry',
        params: z.object({ entryId: z.uuid('Unknown journal entry') }),
        body: journalEntryBodySchema,
        response: { 200: journalEntrySchema, ...errors },
      },
    },
    async (request) =>
      editJournalEntry(app.db, (await sessionUserOf(request)).id, request.params.entryId, request.body),
  );
  routes.get(
    '/api/rituals/calendar',
    {
      schema: {
        tags,
        summary: 'One month of your practice (rituals per day) and your streaks',
        querystring: practiceCalendarQuerySchema.extend({ tz }),
        response: { 200: practiceCalendarSchema, ...errors },
      },
    },
    async (request) =>
      getPracticeCalendar(app.db, (await sessionUserOf(request)).id, {
        month: request.query.month,
        timeZone: request.query.tz,
      }),
  );
  routes.patch(
    '/api/rituals/:ritualId',
    {
      schema: {
        tags,
        summary: 'Change a ritual you added yourself',
        params: ritualParams,
        body: createRitualBodySchema,
        response: { 200: ritualSchema, ...errors },
      },
    },
    async (request) =>
      updateOwnRitual(app.db, (await sessionUserOf(request)).id, request.params.ritualId, request.body),
  );
  routes.delete(
    '/api/rituals/:ritualId',
    {
      schema: {
        tags,
        summary: 'Delete a ritual you added yourself (your journal keeps its entries)',
        params: ritualParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deleteOwnRitual(app.db, (await sessionUserOf(request)).id, request.params.ritualId);
      return { ok: true as const };
    },
  );
}
