import { z } from 'zod';
import { CIRCLE_MEMBER_ROLES, CIRCLE_TYPES, EVENT_VISIBILITIES, RSVP_STATUSES } from './community.ts';
import { multiLineText, optionalSingleLineText, singleLineText } from './text.ts';
import { httpsUrlSchema, MEETING_LINK_NOT_HTTPS } from './urls.ts';

export const ALREADY_REQUESTED = "Already Requested: You've already requested to join this circle.";
export const PRIVATE_CIRCLE = "Private Circle: This is a private circle. You'll need an invitation to join.";
export const CIRCLE_FULL = 'This circle is full';
export const EVENT_FULL = 'This event is full: no places are left';
export const EVENT_IN_PAST = 'Choose a time in the future: an event cannot start in the past';
export const EVENT_CANCELLED = 'This event was cancelled';

/** Joining course-aligned and specialized circles is immediate; open ones need approval (spec section 4). */
export const INSTANT_JOIN_TYPES = ['course_aligned', 'specialized'] as const;

export const circleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(CIRCLE_TYPES),
  focusArea: z.string(),
  maxMembers: z.number().int(),
  memberCount: z.number().int(),
  isMember: z.boolean(),
  /** The member's own request: pending until a moderator decides. */
  myStatus: z.enum(['pending', 'approved', 'declined']).nullable(),
});
export type Circle = z.infer<typeof circleSchema>;
export const circleListSchema = z.object({ circles: z.array(circleSchema) });

export const joinResultSchema = z.object({ status: z.enum(['approved', 'pending']), message: z.string() });
export type JoinResult = z.infer<typeof joinResultSchema>;

export const circleRequestSchema = z.object({
  id: z.string(),
  circleId: z.string(),
  circleName: z.string(),
  userId: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  requestedAt: z.string(),
});
export type CircleRequest = z.infer<typeof circleRequestSchema>;
export const circleRequestListSchema = z.object({ requests: z.array(circleRequestSchema) });

export const EVENT_VIEWS = ['all', 'today', 'week', 'mine'] as const;
export type EventView = (typeof EVENT_VIEWS)[number];

export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  eventDate: z.string(),
  endDate: z.string(),
  durationMinutes: z.number().int(),
  isVirtual: z.boolean(),
  meetingLink: z.string().nullable(),
  location: z.string().nullable(),
  maxAttendees: z.number().int().nullable(),
  attendeeCount: z.number().int(),
  circle: z.object({ id: z.string(), name: z.string(), focusArea: z.string(), type: z.enum(CIRCLE_TYPES) }),
  myRsvp: z.enum(RSVP_STATUSES).nullable(),
  /** Lists never hold cancelled events; one opened from an older notification may be. */
  isCancelled: z.boolean(),
  /** 'circle': only the circle's members (and staff) see it; a Sacred Event ('community') everyone does. */
  visibility: z.enum(EVENT_VISIBILITIES),
  /** The viewer may edit and cancel it: an admin, or a host of its circle. */
  canManage: z.boolean(),
});
export type CircleEvent = z.infer<typeof eventSchema>;
export const eventListSchema = z.object({ events: z.array(eventSchema) });

export const rsvpBodySchema = z.object({ status: z.enum(RSVP_STATUSES) });
export const attendeeListSchema = z.object({
  attendees: z.array(z.object({ userId: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() })),
});
export type AttendeeList = z.infer<typeof attendeeListSchema>;

/*
 * A circle as a place (issue 34): its page, its members and hosts, its feed, chat and events. Who sees
 * what is the server's check (apps/server/src/modules/circles/circle-access.ts); these are the shapes.
 */
export const CIRCLE_NOT_FOUND = 'This circle does not exist';
export const NOT_IN_CIRCLE = 'Only members of this circle can see this';
export const NOT_CIRCLE_HOST = "Only this circle's hosts and admins can do this";
export const CIRCLE_MEMBERS_PAGE_SIZE = 50;

export const circleMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(CIRCLE_MEMBER_ROLES),
  joinedAt: z.string(),
});
export type CircleMember = z.infer<typeof circleMemberSchema>;
/** Hosts first, then by the time each joined; keyset-paged. */
export const circleMemberPageSchema = z.object({
  items: z.array(circleMemberSchema),
  nextCursor: z.string().nullable(),
});
export type CircleMemberPage = z.infer<typeof circleMemberPageSchema>;

/**
 * A circle's page. Outsiders of a private circle get only its name, type and their own request
 * (`canSeeInside` false, every other field null or empty); anyone may see the outside of the others;
 * only members and staff (moderators, admins) see inside: feed, events and members. The chat is its
 * members' alone (`conversationId` is null to anyone else).
 */
export const circleDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CIRCLE_TYPES),
  description: z.string().nullable(),
  focusArea: z.string().nullable(),
  maxMembers: z.number().int().nullable(),
  memberCount: z.number().int().nullable(),
  hosts: z.array(circleMemberSchema.pick({ userId: true, displayName: true, avatarUrl: true })),
  isMember: z.boolean(),
  myStatus: z.enum(['pending', 'approved', 'declined']).nullable(),
  myRole: z.enum(CIRCLE_MEMBER_ROLES).nullable(),
  /** Feed, events and members are hers to read (a member, or staff). */
  canSeeInside: z.boolean(),
  /** She decides join requests and removes members: a host of this circle, a moderator or an admin. */
  canModerate: z.boolean(),
  /** She schedules the circle's events: a host of this circle or an admin. */
  canScheduleEvents: z.boolean(),
  /** She names hosts: admins only. */
  canAssignHosts: z.boolean(),
  /** The circle's group conversation, to its members only. */
  conversationId: z.string().nullable(),
});
export type CircleDetail = z.infer<typeof circleDetailSchema>;

export const circleRoleBodySchema = z.object({
  role: z.enum(CIRCLE_MEMBER_ROLES, { message: 'Choose host or member' }),
});

/**
 * An event's own fields, as admins (eventBodySchema, which adds its circle) and a circle's hosts
 * (circleEventBodySchema, the circle being the path's) write them.
 */
export const eventFields = {
  title: singleLineText(200, 'Give the event a title', 'The title'),
  description: multiLineText(5000, 'Describe the event', 'The description'),
  eventDate: z.iso.datetime({ offset: true, message: 'Choose a date and time' }),
  durationMinutes: z
    .number()
    .int()
    .min(5, 'An event lasts at least 5 minutes')
    .max(24 * 60, 'An event lasts at most a day'),
  isVirtual: z.boolean(),
  meetingLink: httpsUrlSchema(MEETING_LINK_NOT_HTTPS).nullable().optional(),
  location: optionalSingleLineText(300, 'The location').nullable().optional(),
  maxAttendees: z.number().int().min(1, 'Capacity must be at least 1').max(100_000).nullable().optional(),
};

/**
 * Who sees the event. Left out: a new event is seen by whom its writer most often means (the admin
 * panel's: everyone; a circle's page: its members), and an edit keeps what the event had.
 */
export const eventVisibilityField = () =>
  z.enum(EVENT_VISIBILITIES, { message: 'Choose who can see the event' }).optional();

/** A virtual event has its link; an in-person one its place. */
export function withEventPlaceRules<
  T extends z.ZodType<{ isVirtual: boolean; meetingLink?: string | null; location?: string | null }>,
>(schema: T): T {
  return schema
    .refine((event) => !event.isVirtual || Boolean(event.meetingLink), {
      message: 'A virtual event needs a meeting link starting with https://',
      path: ['meetingLink'],
    })
    .refine((event) => event.isVirtual || Boolean(event.location), {
      message: 'An in-person event needs a location',
      path: ['location'],
    });
}

/**
 * A circle's event as its hosts and admins schedule it (POST/PUT /api/circles/:circleId/events): the
 * circle is the one in the path; a new one is circle-only unless she chooses the whole community.
 */
export const circleEventBodySchema = withEventPlaceRules(
  z.object({ ...eventFields, visibility: eventVisibilityField() }),
);
export type CircleEventBody = z.infer<typeof circleEventBodySchema>;
/** What the form holds before defaults apply (visibility may be left out). */
export type CircleEventInput = z.input<typeof circleEventBodySchema>;

/* A circle's members and hosts (issue 34): the refusals a host, moderator or admin may meet. */
export const NOT_A_CIRCLE_MEMBER = 'She is not a member of this circle';
export const CANNOT_REMOVE_SELF = 'To leave the circle, use Leave circle';
export const ONLY_ADMINS_REMOVE_HOSTS = 'Only admins can remove a host of the circle';
export const ONLY_ADMINS_SET_HOSTS = "Only admins can name a circle's hosts";
export const NOT_IN_THIS_CIRCLE = 'You are not in this circle';
export const NO_REQUESTS_TO_SEE = "Only moderators, admins and circles' hosts can see join requests";
