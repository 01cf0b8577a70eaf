import { type meetingBodySchema, POD_MAX_CAPACITY, POD_MEETING_IN_PAST, type PodMeeting } from '@lunara/shared/pods';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { podMeetings, podMemberships } from '../../db/schema/pods.ts';
import { AppError, notFound } from '../../errors.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import type { Actor } from '../feed/post-service.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { requireLead } from './pod-access.ts';

type Meeting = z.output<typeof meetingBodySchema>;

const toMeeting = (row: typeof podMeetings.$inferSelect): PodMeeting => ({
  id: row.id,
  title: row.title,
  description: row.description,
  startsAt: row.startsAt.toISOString(),
  durationMinutes: row.durationMinutes,
  meetingLink: row.meetingLink,
  location: row.location,
});

/** A meeting of the pod alone; its people are told (event notifications switch). */
export async function scheduleMeeting(db: Db, actor: Actor, podId: string, body: Meeting): Promise<PodMeeting> {
  const startsAt = new Date(body.startsAt);
  if (startsAt.getTime() <= Date.now()) throw new AppError('VALIDATION_ERROR', 400, POD_MEETING_IN_PAST);
  return db.transaction(async (tx) => {
    const pod = await requireLead(tx, podId, actor, true);
    const [row] = await tx
      .insert(podMeetings)
      .values({
        podId,
        title: body.title,
        description: body.description,
        startsAt,
        durationMinutes: body.durationMinutes,
        meetingLink: body.meetingLink || null,
        location: body.location || null,
        createdBy: actor.id,
      })
      .returning();
    if (!row) throw new Error('The meeting was not saved');
    const people = await tx
      .select({ userId: podMemberships.userId })
      .from(podMemberships)
      .where(
        and(
          eq(podMemberships.podId, podId),
          eq(podMemberships.status, 'accepted'),
          ne(podMemberships.userId, actor.id),
          // A member whose membership lapsed is not told (she cannot open the pod until it is back).
          canUseCommunity(podMemberships.userId),
        ),
      )
      .limit(builderLimit(POD_MAX_CAPACITY));
    for (const { userId } of people) {
      await createNotification(tx, {
        userId,
        actorId: actor.id,
        type: 'pod_meeting',
        title: 'A pod meeting was scheduled',
        message: `${pod.name}: ${body.title}`,
        data: { podId },
      });
    }
    return toMeeting(row);
  });
}

/** Cancelling (again is harmless): it leaves the pod page. */
export async function cancelMeeting(db: Db, actor: Actor, podId: string, meetingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireLead(tx, podId, actor);
    const updated = await tx
      .update(podMeetings)
      .set({ isCancelled: true, updatedAt: sql`now()` })
      .where(and(eq(podMeetings.id, meetingId), eq(podMeetings.podId, podId)))
      .returning({ id: podMeetings.id });
    if (updated.length === 0) throw notFound('This meeting does not exist');
  });
}
