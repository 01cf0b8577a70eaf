/**
 * The ledger keys of what content pays, in one place: the award and its reversal on deletion
 * (`reverseAwards`) must name the same key.
 */
export const postAwardKey = (postId: string) => `post:${postId}`;
export const commentAwardKey = (commentId: string) => `comment:${commentId}`;
export const topicAwardKey = (topicId: string) => `topic:${topicId}`;
export const replyAwardKey = (replyId: string) => `reply:${replyId}`;
/** A like's +2: keyed by the like's own instant, so a like after an unlike pays (and is taken back) again. */
export const likeAwardKey = (postId: string, likerId: string, likedAt: Date) =>
  `like:${postId}:${likerId}:${likedAt.toISOString()}`;
/** The `like_removed` row that takes back that like's +2 when it is unliked. */
export const unlikeAwardKey = (postId: string, likerId: string, likedAt: Date) =>
  `unlike:${postId}:${likerId}:${likedAt.toISOString()}`;
