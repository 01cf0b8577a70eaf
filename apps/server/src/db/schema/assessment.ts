import type { AssessmentAnswers, AssessmentDefinition, PathwayItem } from '@lunara/shared/assessment';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, id } from './columns.ts';

/**
 * The self-assessment the owner edits (issue 29): one row, one versioned document of questions, answers,
 * weights and pathway items (a few kilobytes, always read and saved whole; decision 023).
 */
export const assessments = pgTable(
  'assessments',
  {
    key: text('key').primaryKey(),
    definition: jsonb('definition').$type<AssessmentDefinition>().notNull(),
    /** Bumped by every save: a save carrying an older one is refused. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('assessments_version_positive', sql`${t.version} >= 1`)],
);

/**
 * One taking of the assessment: her answers and the pathway worked out then (the items as they were, so
 * that the owner's later edits never change a plan already given). A visitor's result has no member yet,
 * only the hash of the token her browser keeps to claim it once she has an account.
 */
export const assessmentResults = pgTable(
  'assessment_results',
  {
    id: id(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    claimTokenHash: text('claim_token_hash').unique(),
    answers: jsonb('answers').$type<AssessmentAnswers>().notNull(),
    steps: jsonb('steps').$type<PathwayItem[]>().notNull(),
    createdAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    check('assessment_results_owner', sql`${t.userId} is not null or ${t.claimTokenHash} is not null`),
    index('assessment_results_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Unclaimed visitor results, oldest first, for the clean-up job.
    index('assessment_results_unclaimed_idx').on(t.createdAt).where(sql`${t.userId} is null`),
  ],
);
