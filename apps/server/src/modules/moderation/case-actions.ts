import { CASE_ALREADY_HANDLED, type CaseStatus, type ReportTargetType } from '@lunara/shared/moderation';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { deleteComment } from '../feed/comment-service.ts';
import { type Actor, deletePost } from '../feed/post-service.ts';
import { deleteReply, deleteTopic } from '../forums/topic-service.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { suspendMember } from '../suspensions/suspension-service.ts';
import { setContentHidden } from './report-targets.ts';

export type CaseAction =
  | { kind: 'dismiss' }
  | { kind: 'delete' }
  | { kind: 'warn'; message: string; deleteContent: boolean }
  | { kind: 'suspend'; reason: string; days: number | null; deleteContent: boolean };

const STATUS_OF: Record<CaseAction['kind'], CaseStatus> = {
  dismiss: 'dismissed',
  delete: 'deleted',
  warn: 'warned',
  suspend: 'suspended',
};
const DONE: Record<CaseAction['kind'], string> = {
  dismiss: 'Dismissed: the content is visible again',
  delete: 'Deleted: the content is gone',
  warn: 'Warning sent',
  suspend: 'Suspended',
};
/** Reporters told of an outcome: the first ones, so that one case's notifications stay bounded. */
const REPORTERS_TOLD_MAX = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

interface ClaimedCase {
  target_type: ReportTargetType;
  target_id: string;
  author_id: string | null;
}

/**
 * Deletes the reported content through its own delete service (in this transaction, as a savepoint), so
 * that counters and points follow exactly as when a moderator deletes it from the feed or a forum. Gone
 * already (its author deleted it) is fine: the case still closes.
 */
async function deleteTarget(tx: Db, actor: Actor, type: ReportTargetType, id: string): Promise<void> {
  try {
    if (type === 'post') await deletePost(tx, actor, id);
    else if (type === 'comment') await deleteComment(tx, actor, id);
    else if (type === 'topic') await deleteTopic(tx, actor, id);
    else if (type === 'reply') await deleteReply(tx, actor, id);
    else if (type === 'message') {
      // Messages carry no points or counters; both people lose it from the conversation.
      const deleted = await queryRows<{ id: string }>(tx, sql`delete from messages where id = ${id} returning id`);
      if (deleted.length > 0) {
        await tx.insert(auditLog).values({
          actorId: actor.id,
          action: 'message.delete',
          targetType: 'message',
          targetId: id,
          details: {},
        });
      }
    } else throw badRequest('A profile cannot be deleted: warn or suspend her instead');
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return;
    throw error;
  }
}

/**
 * A moderator's decision on an open case. The case row is claimed first (`where status = 'open'`): of two
 * moderators acting at once, the second waits for the first's commit, finds it closed and gets a 409;
 * anything failing after the claim rolls the whole decision back, the claim included. The reporters are
 * told the outcome (never who acted), the author gets the warning, and the audit log records it all.
 */
export async function actOnCase(db: Db, actor: Actor, caseId: string, action: CaseAction) {
  return db.transaction(async (tx) => {
    const note = action.kind === 'warn' ? action.message : action.kind === 'suspend' ? action.reason : null;
    const [claimed] = await queryRows<ClaimedCase>(
      tx,
      sql`update moderation_cases
          set status = ${STATUS_OF[action.kind]}, resolved_at = now(), resolved_by = ${actor.id},
              resolution_note = ${note}, updated_at = now()
          where id = ${caseId} and status = 'open' and author_id is distinct from ${actor.id}
          returning target_type, target_id, author_id`,
    );
    if (!claimed) {
      const [exists] = await queryRows<{ id: string; author_id: string | null }>(
        tx,
        sql`select id, author_id from moderation_cases where id = ${caseId}`,
      );
      if (!exists) throw notFound('This report does not exist');
      if (exists.author_id === actor.id) throw forbidden('A report about you is reviewed by another moderator');
      throw conflict(CASE_ALREADY_HANDLED);
    }
    const { target_type: type, target_id: targetId, author_id: authorId } = claimed;
    if ((action.kind === 'warn' || action.kind === 'suspend') && !authorId) {
      throw badRequest('Her account no longer exists: dismiss or delete instead');
    }
    if (action.kind === 'delete' && type === 'profile') {
      throw badRequest('A profile cannot be deleted: warn or suspend her instead');
    }

    const removes = action.kind === 'delete' || (action.kind !== 'dismiss' && action.deleteContent);
    if (removes) await deleteTarget(tx, actor, type, targetId);
    else await setContentHidden(tx, type, targetId, false);

    if (action.kind === 'suspend' && authorId) {
      await suspendMember(tx, {
        memberId: authorId,
        actor,
        reason: action.reason,
        endsAt: action.days === null ? null : new Date(Date.now() + action.days * DAY_MS),
        caseId,
      });
    }
    if (action.kind === 'warn' && authorId) {
      await createNotification(tx, {
        userId: authorId,
        actorId: null,
        type: 'moderation_warning',
        title: 'A note from the moderators',
        message: action.message,
        data: { caseId },
      });
    }

    const actedOn = action.kind !== 'dismiss';
    const reporters = await queryRows<{ reporter_id: string }>(
      tx,
      sql`select reporter_id from moderation_reports where case_id = ${caseId}
          order by created_at limit ${sql.raw(String(REPORTERS_TOLD_MAX))}`,
    );
    for (const { reporter_id: reporterId } of reporters) {
      await createNotification(tx, {
        userId: reporterId,
        actorId: null,
        type: 'report_outcome',
        title: 'About your report',
        message: actedOn
          ? 'Thank you for your report. A moderator reviewed it and took action.'
          : 'Thank you for your report. A moderator reviewed it and found it within our community guidelines.',
        data: { caseId, outcome: actedOn ? 'action_taken' : 'no_action' },
        collapseKey: `report_outcome:${caseId}`,
      });
    }

    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: `moderation.${action.kind}`,
      targetType: 'moderation_case',
      targetId: caseId,
      details: {
        targetType: type,
        targetId,
        authorId,
        ...(note ? { message: note } : {}),
        ...(action.kind === 'suspend' ? { days: action.days } : {}),
        contentDeleted: removes,
      },
    });
    return { status: STATUS_OF[action.kind], message: DONE[action.kind] };
  });
}
