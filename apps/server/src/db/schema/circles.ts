import {
  CIRCLE_MEMBER_ROLES,
  CIRCLE_MEMBERSHIP_STATUSES,
  CIRCLE_TYPES,
  EVENT_VISIBILITIES,
  RSVP_STATUSES,
} from '@lunara/shared/community';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id, updatedAt } from './columns.ts';
import { conversations } from './messages.ts';
import { searchVector } from './search-vector.ts';

export const circles = pgTable(
  'circles',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull().default('open'),
    focusArea: text('focus_area').notNull(),
    /** Community search's words (generated; modules/search). */
    search: searchVector({ A: 'name', B: 'focus_area', C: 'description' }),
    maxMembers: integer('max_members').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The circle's chat: a group conversation of its approved members, made when first needed. */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('circles_type_check', t.type, CIRCLE_TYPES),
    check('circles_max_members_positive', sql`${t.maxMembers} > 0`),
    index('circles_active_created_idx').on(t.isActive, t.createdAt.desc().nullsFirst()),
    index('circles_search_idx').using('gin', t.search),
  ],
);

/** One membership (or request) per member and circle: a second request hits the unique key (23505). */
export const circleMemberships = pgTable(
  'circle_memberships',
  {
    id: id(),
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    role: text('role').notNull().default('member'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('circle_memberships_circle_user_unique').on(t.circleId, t.userId),
    checkIn('circle_memberships_status_check', t.status, CIRCLE_MEMBERSHIP_STATUSES),
    checkIn('circle_memberships_role_check', t.role, CIRCLE_MEMBER_ROLES),
    index('circle_memberships_user_idx').on(t.userId, t.status),
    index('circle_memberships_circle_status_idx').on(t.circleId, t.status),
    // The members list: hosts first ('host' < 'member'), then by when each joined (updated_at is set when
    // a request is approved and never by a role change), keyset on (role, updated_at, user_id).
    index('circle_memberships_members_idx')
      .on(t.circleId, t.role, t.updatedAt, t.userId)
      .where(sql`${t.status} = 'approved'`),
  ],
);

export const circleEvents = pgTable(
  'circle_events',
  {
    id: id(),
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    isVirtual: boolean('is_virtual').notNull().default(true),
    meetingLink: text('meeting_link'),
    location: text('location'),
    /** Community search's words (generated; modules/search). */
    search: searchVector({ A: 'title', B: 'description', C: 'location' }),
    maxAttendees: integer('max_attendees'),
    attendeeCount: integer('attendee_count').notNull().default(0),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    /** 'circle': its circle's members (and staff) alone see and answer it; 'community': everyone. */
    visibility: text('visibility').notNull().default('community'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('circle_events_visibility_check', t.visibility, EVENT_VISIBILITIES),
    check('circle_events_duration_positive', sql`${t.durationMinutes} > 0`),
    check('circle_events_max_attendees_positive', sql`${t.maxAttendees} is null or ${t.maxAttendees} > 0`),
    check('circle_events_attendee_count_non_negative', sql`${t.attendeeCount} >= 0`),
    index('circle_events_upcoming_idx').on(t.eventDate, t.id).where(sql`${t.isCancelled} = false`),
    index('circle_events_circle_idx').on(t.circleId, t.eventDate),
    index('circle_events_search_idx').using('gin', t.search),
  ],
);

/** One RSVP per member and event, written as an upsert. */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => circleEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('event_rsvps_event_user_unique').on(t.eventId, t.userId),
    checkIn('event_rsvps_status_check', t.status, RSVP_STATUSES),
    index('event_rsvps_event_status_idx').on(t.eventId, t.status),
    index('event_rsvps_user_idx').on(t.userId, t.status),
  ],
);
