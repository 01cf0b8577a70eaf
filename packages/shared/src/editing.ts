import { z } from 'zod';
import { createCommentBodySchema, createPostBodySchema } from './feed.ts';
import { replyBodySchema, topicBodySchema } from './forums.ts';

/** What an author can edit; the same names as reported content (moderation's target types). */
export const EDITABLE_KINDS = ['post', 'comment', 'topic', 'reply'] as const;
export type EditableKind = (typeof EDITABLE_KINDS)[number];

/** Earlier versions kept per item: an older one goes in the edit's own transaction. */
export const REVISIONS_KEPT = 20;
/** Earlier versions a moderation case shows with the content, newest first. */
export const CASE_REVISIONS_SHOWN = 10;

// An edit follows the rules of what it changes: the same limits and messages as writing it.
export const editPostBodySchema = createPostBodySchema.pick({ title: true, content: true });
export type EditPostBody = z.input<typeof editPostBodySchema>;
export const editCommentBodySchema = createCommentBodySchema;
export const editTopicBodySchema = topicBodySchema;
export const editReplyBodySchema = replyBodySchema;

/** A version of a post, comment, topic or reply before an edit (moderators see them on a case). */
export const contentRevisionSchema = z.object({
  /** Posts and topics have a title; comments and replies null. */
  title: z.string().nullable(),
  body: z.string(),
  /** When it was replaced by the edit that followed. */
  replacedAt: z.string(),
});
export type ContentRevision = z.infer<typeof contentRevisionSchema>;
