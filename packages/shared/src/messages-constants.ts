/**
 * Messages' limits and texts.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): messages.ts
 * re-exports them beside its schemas.
 */

export const MESSAGE_MAX = 2_000;

export const MEMBER_SEARCH_LIMIT = 10;

export const MEMBER_SEARCH_QUERY_MAX = 80;

export const CONVERSATIONS_PAGE_SIZE = 20;

export const MESSAGES_PAGE_SIZE = 50;

/** A direct conversation is between two members; a group (a mentorship pod's) has a title and members. */
export const CONVERSATION_KINDS = ['direct', 'group'] as const;

export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const GROUP_TITLE_MAX = 120;

/** Unread counts stop here (the badge shows "99+"): counting further costs reads and tells her nothing. */
export const UNREAD_COUNT_CAP = 100;

/** Pods are 2 to 8 members and a mentor: this bounds every list of a group's members with room to spare. */
export const GROUP_MEMBERS_MAX = 50;

export const GROUP_MEMBERS_FULL = `A group conversation has at most ${GROUP_MEMBERS_MAX} members`;

export const GROUP_TITLE_REQUIRED = 'A group conversation needs a title';

export const GROUP_TITLE_TOO_LONG = `A group title is at most ${GROUP_TITLE_MAX} characters`;

/** The spec's fallback for a profile without a name. */
export const ANONYMOUS_SISTER = 'Anonymous Sister';

export const NO_SELF_MESSAGES = 'You cannot send a message to yourself';

/** Why the server refuses a conversation or a message with someone Messages are closed to (a 403). */
export const RECIPIENT_CANNOT_USE_MESSAGES =
  'This sister cannot receive messages: Messages are only for members with an active membership';
