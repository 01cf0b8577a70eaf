import {
  GROUP_MEMBERS_FULL,
  GROUP_MEMBERS_MAX,
  GROUP_TITLE_MAX,
  GROUP_TITLE_REQUIRED,
  GROUP_TITLE_TOO_LONG,
} from '@lunara/shared/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations } from '../../db/schema/messages.ts';
import { AppError, notFound } from '../../errors.ts';
import type { RealtimeEnvelope } from '../realtime/publish.ts';
import { publishEvents } from '../realtime/publish.ts';
import { CONVERSATION_NOT_FOUND, currentGroupMembers } from './conversation-access.ts';

/*
 * Group conversations (a mentorship pod's, a circle's chat): created and managed only by other services,
 * inside the caller's transaction, which also does the permission checks (no route creates a group).
 * Members then use them through the ordinary conversation routes.
 */

function checkedTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed.length === 0) throw new AppError('VALIDATION_ERROR', 400, GROUP_TITLE_REQUIRED);
  if (trimmed.length > GROUP_TITLE_MAX) throw new AppError('VALIDATION_ERROR', 400, GROUP_TITLE_TOO_LONG);
  return trimmed;
}

/**
 * How many members a group may hold. A pod's group keeps the default (GROUP_MEMBERS_MAX); a circle's chat
 * passes `maxMembers: null`: the circle's own capacity (up to 10,000) governs it, checked by the circle.
 * Such a large group announces a membership change to the member concerned only (her Messages gain or
 * lose it); the others see the new member count on their next read rather than all refetching at once.
 */
export interface GroupOptions {
  maxMembers?: number | null;
}
const capOf = (options: GroupOptions) => (options.maxMembers === undefined ? GROUP_MEMBERS_MAX : options.maxMembers);

/** Her screens (and the others') refetch the group: it appeared, changed or, for her, went away. */
async function announceChange(
  tx: Db,
  conversationId: string,
  alsoTo: string[] = [],
  options: GroupOptions = {},
): Promise<void> {
  const members = capOf(options) === null ? [] : await currentGroupMembers(tx, conversationId);
  const envelopes: RealtimeEnvelope[] = [...new Set([...members, ...alsoTo])].map((userId) => ({
    userId,
    event: { type: 'conversation.changed', conversationId },
  }));
  await publishEvents(tx, envelopes);
}

/** Locks the group's row, so that membership changes of one group happen one at a time. */
async function lockGroup(tx: Db, conversationId: string): Promise<void> {
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.kind, 'group')))
    .for('update');
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
}

/**
 * A new group with exactly `memberIds` as members (`createdBy` is recorded, not added: an admin may
 * create a pod she is not in). Returns its id.
 */
export async function createGroupConversation(
  tx: Db,
  input: { title: string; createdBy: string | null; memberIds: string[] },
  options: GroupOptions = {},
): Promise<string> {
  const title = checkedTitle(input.title);
  const memberIds = [...new Set(input.memberIds)];
  const cap = capOf(options);
  if (cap !== null && memberIds.length > cap) throw new AppError('VALIDATION_ERROR', 400, GROUP_MEMBERS_FULL);
  const [created] = await tx
    .insert(conversations)
    .values({ kind: 'group', title, createdBy: input.createdBy })
    .returning({ id: conversations.id });
  if (!created) throw new Error('The group conversation was not stored');
  if (memberIds.length > 0) {
    await tx.insert(conversationMembers).values(memberIds.map((userId) => ({ conversationId: created.id, userId })));
  }
  await announceChange(tx, created.id);
  return created.id;
}

/**
 * Idempotent: a current member stays as she is; a former member comes back, reading from now on (what
 * was said while she was away is there to read, not unread).
 */
export async function addGroupMember(
  tx: Db,
  conversationId: string,
  userId: string,
  options: GroupOptions = {},
): Promise<void> {
  await lockGroup(tx, conversationId);
  const cap = capOf(options);
  if (cap === null) {
    if (await isCurrentMember(tx, conversationId, userId)) return;
  } else {
    const current = await currentGroupMembers(tx, conversationId);
    if (current.includes(userId)) return;
    if (current.length >= cap) throw new AppError('VALIDATION_ERROR', 400, GROUP_MEMBERS_FULL);
  }
  await tx
    .insert(conversationMembers)
    .values({ conversationId, userId })
    .onConflictDoUpdate({
      target: [conversationMembers.conversationId, conversationMembers.userId],
      set: { leftAt: null, joinedAt: sql`now()`, lastReadAt: sql`now()` },
    });
  await announceChange(tx, conversationId, [userId], options);
}

async function isCurrentMember(tx: Db, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        isNull(conversationMembers.leftAt),
      ),
    );
  return row !== undefined;
}

/**
 * Idempotent. She can no longer read, send or hear it; the conversation and its history stay for the
 * others. Her unread notifications about it go read: they would lead to a conversation she cannot open.
 */
export async function removeGroupMember(
  tx: Db,
  conversationId: string,
  userId: string,
  options: GroupOptions = {},
): Promise<void> {
  await lockGroup(tx, conversationId);
  const left = await tx
    .update(conversationMembers)
    .set({ leftAt: sql`now()` })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        isNull(conversationMembers.leftAt),
      ),
    )
    .returning({ userId: conversationMembers.userId });
  if (left.length === 0) return;
  await tx.execute(
    sql`update notifications set read = true
        where user_id = ${userId} and read = false and type = 'message' and data->>'conversationId' = ${conversationId}`,
  );
  await announceChange(tx, conversationId, [userId], options);
}

export async function renameGroupConversation(tx: Db, conversationId: string, title: string): Promise<void> {
  const checked = checkedTitle(title);
  const renamed = await tx
    .update(conversations)
    .set({ title: checked })
    .where(and(eq(conversations.id, conversationId), eq(conversations.kind, 'group')))
    .returning({ id: conversations.id });
  if (renamed.length === 0) throw notFound(CONVERSATION_NOT_FOUND);
  await announceChange(tx, conversationId);
}
