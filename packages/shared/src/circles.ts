import { z } from 'zod';
import { CIRCLE_TYPES, RSVP_STATUSES } from './community.ts';

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
});
export type CircleEvent = z.infer<typeof eventSchema>;
export const eventListSchema = z.object({ events: z.array(eventSchema) });

export const rsvpBodySchema = z.object({ status: z.enum(RSVP_STATUSES) });
export const attendeeListSchema = z.object({
  attendees: z.array(z.object({ userId: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() })),
});
export type AttendeeList = z.infer<typeof attendeeListSchema>;
