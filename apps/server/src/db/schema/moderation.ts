import { CASE_STATUSES, REPORT_REASONS, REPORT_TARGET_TYPES } from '@lunara/shared/moderation';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id, updatedAt } from './columns.ts';

/**
 * One case per reported thing while it is open: every report about it joins the case, and a moderator
 * closes it with one action (the partial unique index makes two first reports one case). A closed case
 * stays as the record of what was decided; a later report opens a new one.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: id(),
    targetType: text('target_type').notNull(),
    /** A post, comment, topic, reply or message id (uuid), or a member id for a profile. */
    targetId: text('target_id').notNull(),
    /** Whose content it is, found when the case opens: she is never told who reported it. */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    /** Distinct members who reported it (one report each, the reports' unique key). */
    reportersCount: integer('reporters_count').notNull().default(0),
    /** When enough members had reported it: the content's own hidden_at is set in the same transaction. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    /** The staff's message to the author (a warning, a suspension's reason). */
    resolutionNote: text('resolution_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('moderation_cases_target_type_check', t.targetType, REPORT_TARGET_TYPES),
    checkIn('moderation_cases_status_check', t.status, CASE_STATUSES),
    check('moderation_cases_reporters_non_negative', sql`${t.reportersCount} >= 0`),
    check('moderation_cases_resolved_shape', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
    uniqueIndex('moderation_cases_open_target_idx').on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    // The queue: open cases, oldest first, keyset-paged on (created_at, id).
    index('moderation_cases_open_queue_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'open'`),
    index('moderation_cases_author_idx').on(t.authorId),
    index('moderation_cases_resolved_by_idx').on(t.resolvedBy),
  ],
);

/** One report per member and case. */
export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('moderation_reports_case_reporter_unique').on(t.caseId, t.reporterId),
    checkIn('moderation_reports_reason_check', t.reason, REPORT_REASONS),
    check('moderation_reports_note_length', sql`${t.note} is null or char_length(${t.note}) <= 1000`),
    check('moderation_reports_other_has_note', sql`${t.reason} <> 'other' or ${t.note} is not null`),
    index('moderation_reports_case_created_idx').on(t.caseId, t.createdAt.desc().nullsFirst()),
    index('moderation_reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);
