import { z } from 'zod';
import { memberIdSchema } from './params.ts';
import { multiLineText, optionalMultiLineText, optionalSingleLineText, singleLineText } from './text.ts';
import { httpsUrlSchema, MEETING_LINK_NOT_HTTPS } from './urls.ts';

/**
 * Mentorship pods: a small group with one mentor. Capacity counts everyone in the pod, the mentor
 * included: a pod of capacity 4 is the mentor and three members.
 */
export const POD_MIN_CAPACITY = 2;
export const POD_MAX_CAPACITY = 8;
export const POD_NOTE_MAX = 500;
export const POD_GOALS_MAX = 20;
export const POD_MEETINGS_SHOWN = 5;
export const POD_LIST_MAX = 100;
export const POD_REQUESTS_MAX = 50;

export const POD_MEMBERSHIP_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type PodMembershipStatus = (typeof POD_MEMBERSHIP_STATUSES)[number];
export const POD_ROLES = ['mentor', 'member'] as const;
export type PodRole = (typeof POD_ROLES)[number];

export const POD_FULL = 'This pod is full: every place is taken';
export const POD_ALREADY_REQUESTED = 'You have already asked to join this pod';
export const POD_ALREADY_MEMBER = 'You are already in this pod';
export const POD_CLOSED = 'This pod is not taking requests';
export const POD_MENTOR_CANNOT_LEAVE = 'A mentor cannot leave her pod: an admin can choose another mentor first';
export const POD_MENTOR_NO_ACCESS = 'The mentor must be someone who can use the community (a member or staff)';
export const POD_CAPACITY_TOO_SMALL = 'The capacity cannot be below the number of people already in the pod';
export const POD_GOALS_FULL = `A pod has at most ${POD_GOALS_MAX} goals: remove one first`;
export const POD_VERSION_CONFLICT = 'This pod was changed by someone else: reload it and try again';
export const POD_MEETING_IN_PAST = 'Choose a time in the future: a meeting cannot start in the past';

const capacity = z
  .number({ message: 'Choose a capacity' })
  .int('The capacity is a whole number')
  .min(POD_MIN_CAPACITY, `A pod holds at least ${POD_MIN_CAPACITY} people, the mentor included`)
  .max(POD_MAX_CAPACITY, `A pod holds at most ${POD_MAX_CAPACITY} people, the mentor included`);

export const podBodySchema = z.object({
  name: singleLineText(120, 'Give the pod a name', 'The name'),
  description: multiLineText(2000, 'Describe the pod', 'The description'),
  focus: singleLineText(120, 'Name the focus', 'The focus'),
  capacity,
  mentorId: memberIdSchema('Choose a mentor'),
  isOpen: z.boolean().default(true),
});
export type PodBody = z.input<typeof podBodySchema>;
// An edit says whether the pod is open: left out, a closed pod would be reopened by the create default.
export const podUpdateSchema = podBodySchema.extend({
  version: z.number().int().min(1).max(2_147_483_647),
  isOpen: z.boolean({ message: 'Say whether the pod takes requests' }),
});
export type PodUpdate = z.input<typeof podUpdateSchema>;

export const podRequestBodySchema = z.object({
  note: optionalMultiLineText(POD_NOTE_MAX, 'Your note').default(''),
});
export const goalBodySchema = z.object({ title: singleLineText(200, 'Write the goal', 'The goal') });
export const goalUpdateSchema = z
  .object({ title: singleLineText(200, 'Write the goal', 'The goal').optional(), isDone: z.boolean().optional() })
  .refine((value) => value.title !== undefined || value.isDone !== undefined, 'Change the title or tick the goal');

export const meetingBodySchema = z
  .object({
    title: singleLineText(200, 'Give the meeting a title', 'The title'),
    description: optionalMultiLineText(2000, 'The description').default(''),
    startsAt: z.iso.datetime({ offset: true, message: 'Choose a date and time' }),
    durationMinutes: z
      .number({ message: 'Choose a duration' })
      .int()
      .min(5, 'A meeting lasts at least 5 minutes')
      .max(8 * 60, 'A meeting lasts at most 8 hours'),
    meetingLink: httpsUrlSchema(MEETING_LINK_NOT_HTTPS).nullable().optional(),
    location: optionalSingleLineText(300, 'The location').nullable().optional(),
  })
  .refine((meeting) => Boolean(meeting.meetingLink) || Boolean(meeting.location), {
    message: 'Give a meeting link (https://) or a place',
    path: ['meetingLink'],
  });
export type MeetingBody = z.input<typeof meetingBodySchema>;

const person = z.object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });
export type PodPerson = z.infer<typeof person>;

export const podSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  focus: z.string(),
  /** Places in all, the mentor's included. */
  capacity: z.number().int(),
  /** People in the pod now, the mentor included. */
  memberCount: z.number().int(),
  isOpen: z.boolean(),
  mentor: person.nullable(),
  myStatus: z.enum(POD_MEMBERSHIP_STATUSES).nullable(),
  myRole: z.enum(POD_ROLES).nullable(),
});
export type PodSummary = z.infer<typeof podSummarySchema>;
export const podListSchema = z.object({ pods: z.array(podSummarySchema) });

export const podGoalSchema = z.object({ id: z.string(), title: z.string(), isDone: z.boolean() });
export type PodGoal = z.infer<typeof podGoalSchema>;
export const podMeetingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  meetingLink: z.string().nullable(),
  location: z.string().nullable(),
});
export type PodMeeting = z.infer<typeof podMeetingSchema>;

export const podDetailSchema = podSummarySchema.extend({
  /** What only the pod's people (and admins) read; null for anyone else. */
  inside: z
    .object({
      members: z.array(person.extend({ role: z.enum(POD_ROLES), joinedAt: z.string() })),
      goals: z.array(podGoalSchema),
      meetings: z.array(podMeetingSchema),
      /** The pod's group conversation: readable by its members through Messages. */
      conversationId: z.string().nullable(),
      /** The viewer may decide requests, edit goals, schedule and remove (the mentor or an admin). */
      canLead: z.boolean(),
    })
    .nullable(),
});
export type PodDetail = z.infer<typeof podDetailSchema>;

export const podRequestSchema = person.extend({ membershipId: z.string(), note: z.string(), requestedAt: z.string() });
export type PodRequest = z.infer<typeof podRequestSchema>;
export const podRequestListSchema = z.object({ requests: z.array(podRequestSchema) });

export const adminPodSchema = podSummarySchema
  .omit({ myStatus: true, myRole: true })
  .extend({ version: z.number().int() });
export type AdminPod = z.infer<typeof adminPodSchema>;
export const adminPodListSchema = z.object({ pods: z.array(adminPodSchema) });
