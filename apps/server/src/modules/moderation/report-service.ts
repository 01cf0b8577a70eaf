import {
  ALREADY_REPORTED,
  CANNOT_REPORT_SELF,
  HIDEABLE_TARGET_TYPES,
  REPORT_RECEIVED,
  type ReportResponse,
  type reportBodySchema,
} from '@lunara/shared/moderation';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { readHideThreshold } from './moderation-settings.ts';
import { findVisibleTarget, setContentHidden, type Viewer } from './report-targets.ts';

export type NewReport = z.output<typeof reportBodySchema>;

/**
 * A member reports what she can see. Her report joins the target's open case (made by the first report:
 * the partial unique index decides between two first reports, and the upsert locks the case row, so
 * concurrent reports count one after another). The count is of distinct members (one report per member
 * and case); when it reaches the admins' threshold the content is hidden in the same transaction.
 * A repeat is answered kindly and counts nothing.
 */
export async function createReport(db: Db, reporter: Viewer, input: NewReport): Promise<ReportResponse> {
  return db.transaction(async (tx) => {
    const authorId = await findVisibleTarget(tx, reporter, input.targetType, input.targetId);
    if (authorId === reporter.id) throw badRequest(CANNOT_REPORT_SELF);
    const [opened] = await queryRows<{ id: string }>(
      tx,
      sql`insert into moderation_cases (target_type, target_id, author_id)
          values (${input.targetType}, ${input.targetId}, ${authorId})
          on conflict (target_type, target_id) where status = 'open'
          do update set updated_at = now()
          returning id`,
    );
    if (!opened) throw new Error('The case was not opened');
    const [report] = await queryRows<{ id: string }>(
      tx,
      sql`insert into moderation_reports (case_id, reporter_id, reason, note)
          values (${opened.id}, ${reporter.id}, ${input.reason}, ${input.note || null})
          on conflict (case_id, reporter_id) do nothing
          returning id`,
    );
    if (!report) return { status: 'already_reported' as const, message: ALREADY_REPORTED };
    const [counted] = await queryRows<{ reporters_count: number; hidden: boolean }>(
      tx,
      sql`update moderation_cases set reporters_count = reporters_count + 1, last_reported_at = now()
          where id = ${opened.id}
          returning reporters_count, hidden_at is not null as hidden`,
    );
    const hideable = (HIDEABLE_TARGET_TYPES as readonly string[]).includes(input.targetType);
    if (counted && hideable && !counted.hidden && counted.reporters_count >= (await readHideThreshold(tx))) {
      await tx.execute(sql`update moderation_cases set hidden_at = now() where id = ${opened.id}`);
      await setContentHidden(tx, input.targetType, input.targetId, true);
    }
    return { status: 'reported' as const, message: REPORT_RECEIVED };
  });
}
