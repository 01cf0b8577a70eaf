/** Post categories in the spec's order, with their labels. */
export const POST_CATEGORIES = [
  { key: 'general', label: 'General Discussion' },
  { key: 'goals', label: 'Goddess Goals' },
  { key: 'healing', label: 'Healing Journey' },
  { key: 'beauty', label: 'Sacred Beauty' },
  { key: 'rituals', label: 'Daily Rituals' },
] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number]['key'];
export const POST_CATEGORY_KEYS = POST_CATEGORIES.map((c) => c.key) as [PostCategory, ...PostCategory[]];
export const DEFAULT_POST_CATEGORY: PostCategory = 'general';

export const FORUM_ICONS = ['Moon', 'Sparkles', 'Heart', 'Flower2', 'Users', 'HelpCircle', 'MessageCircle'] as const;
export type ForumIcon = (typeof FORUM_ICONS)[number];

/** The spec treats any unknown circle type as open; we store only these four. */
export const CIRCLE_TYPES = ['open', 'specialized', 'course_aligned', 'private'] as const;
export type CircleType = (typeof CIRCLE_TYPES)[number];
export const CIRCLE_MEMBERSHIP_STATUSES = ['pending', 'approved', 'declined'] as const;
/** A circle's hosts (set by admins) approve its join requests, remove members and schedule its events. */
export const CIRCLE_MEMBER_ROLES = ['member', 'host'] as const;
export type CircleMemberRole = (typeof CIRCLE_MEMBER_ROLES)[number];
/** Who sees an event: every member of the community (a Sacred Event), or only its circle's members. */
export const EVENT_VISIBILITIES = ['community', 'circle'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

export const RSVP_STATUSES = ['going', 'maybe', 'not_going'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const NOTIFICATION_TYPES = [
  'message',
  'event_rsvp',
  'circle_invite',
  'forum_reply',
  'post_like',
  'post_comment',
  'circle_discussion',
  // Past the spec's list (any other type gets a generic icon there): what members asked to be told.
  'event_changed',
  'event_cancelled',
  'circle_declined',
  // Mentorship pods: a request (to the mentor), the decision and a removal (to her), a new meeting.
  'pod_request',
  'pod_accepted',
  'pod_declined',
  'pod_removed',
  'pod_meeting',
  // Her data export is ready to download (issue 30).
  'data_export_ready',
  // Moderation (issue 30): a reporter hears the outcome (never who acted); an author gets a staff warning.
  'report_outcome',
  'moderation_warning',
  // Someone mentioned her as @Name in a post, comment, topic or reply (issue 31).
  'mention',
  // An event she is going to (or may) starts in 24 hours or in 1 hour (issue 32).
  'event_reminder',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** About her account, not the community: pushed to her phone even while she has no membership. */
export const ACCOUNT_NOTIFICATION_TYPES = [
  'data_export_ready',
  'moderation_warning',
] as const satisfies NotificationType[];

export const MESSAGE_TYPES = ['text'] as const;
