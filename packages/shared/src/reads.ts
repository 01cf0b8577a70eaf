import { z } from 'zod';

/**
 * What is new to her: topics she has not opened and replies since she last did, posts since her
 * previous feed visit. Nothing older than this many days counts as new, nor anything from before she joined.
 */
export const UNREAD_WINDOW_DAYS = 30;
/** New replies are counted up to this many per topic ("99+" beyond). */
export const NEW_REPLIES_CAP = 99;

/** Per viewer, on each topic of a list page. */
export const topicReadStateSchema = z.object({
  /** She has never opened it, and it has had activity since she joined (within the window). */
  isUnread: z.boolean(),
  /** Replies by others since she last opened it (hers, blocked members' and hidden ones left out), capped. */
  newRepliesCount: z.number().int(),
});
export type TopicReadState = z.infer<typeof topicReadStateSchema>;

/** Opening a topic: when she had opened it before (null the first time), for the "New" divider. */
export const topicReadSchema = z.object({ previousReadAt: z.string().nullable() });
export type TopicRead = z.infer<typeof topicReadSchema>;

/** Opening the feed: posts by others after this time are "New" for this visit. */
export const feedVisitSchema = z.object({ previousVisitAt: z.string() });
export type FeedVisit = z.infer<typeof feedVisitSchema>;

export const formatNewReplies = (count: number) => `${count > NEW_REPLIES_CAP ? `${NEW_REPLIES_CAP}+` : count} new`;
