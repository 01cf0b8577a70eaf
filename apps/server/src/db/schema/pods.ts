import { POD_MAX_CAPACITY, POD_MEMBERSHIP_STATUSES, POD_MIN_CAPACITY, POD_ROLES } from '@lunara/shared/pods';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id, updatedAt } from './columns.ts';
import { conversations } from './messages.ts';

/** A mentorship pod. `capacity` counts everyone in it, the mentor included. */
export const pods = pgTable(
  'pods',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    focus: text('focus').notNull(),
    capacity: integer('capacity').notNull(),
    /** Null only once the mentor's account is gone: an admin then chooses another. */
    mentorId: text('mentor_id').references(() => user.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** Open pods are listed to every member and take requests; a closed one is seen by its people only. */
    isOpen: boolean('is_open').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'pods_capacity_range',
      sql`${t.capacity} between ${sql.raw(String(POD_MIN_CAPACITY))} and ${sql.raw(String(POD_MAX_CAPACITY))}`,
    ),
    index('pods_open_created_idx').on(t.isOpen, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * One row per member and pod: a request (pending, declined) or a place (accepted). Leaving or being
 * removed deletes the row, so she may ask again later; the unique key makes a double request one row.
 */
export const podMemberships = pgTable(
  'pod_memberships',
  {
    id: id(),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    role: text('role').notNull().default('member'),
    note: text('note').notNull().default(''),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pod_memberships_pod_user_unique').on(t.podId, t.userId),
    checkIn('pod_memberships_status_check', t.status, POD_MEMBERSHIP_STATUSES),
    checkIn('pod_memberships_role_check', t.role, POD_ROLES),
    check('pod_memberships_mentor_accepted', sql`${t.role} = 'member' or ${t.status} = 'accepted'`),
    check('pod_memberships_note_length', sql`char_length(${t.note}) <= 500`),
    index('pod_memberships_user_idx').on(t.userId, t.status),
    index('pod_memberships_pod_status_idx').on(t.podId, t.status, t.createdAt),
  ],
);

/** The pod's shared goals, in the order they were added (at most POD_GOALS_MAX, counted under the pod's lock). */
export const podGoals = pgTable(
  'pod_goals',
  {
    id: id(),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isDone: boolean('is_done').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pod_goals_pod_idx').on(t.podId, t.createdAt, t.id)],
);

/**
 * Pod meetings: events of the pod alone, in their own table so that no listing of Sacred Events (which
 * every member reads) can ever show one.
 */
export const podMeetings = pgTable(
  'pod_meetings',
  {
    id: id(),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    meetingLink: text('meeting_link'),
    location: text('location'),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('pod_meetings_duration_positive', sql`${t.durationMinutes} > 0`),
    index('pod_meetings_pod_upcoming_idx').on(t.podId, t.startsAt).where(sql`${t.isCancelled} = false`),
  ],
);
