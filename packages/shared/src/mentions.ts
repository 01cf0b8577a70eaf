/**
 * Mentions in member text. The stored form is Markdown-link-like, `@[Display Name](member:<user id>)`, so
 * a renderer that knows nothing of mentions still shows a readable "@Display Name". The name is only what
 * the writer saw when she picked the member: the id is what counts, and the server never trusts the name.
 */

// As MEMBER_ID_PATTERN (params.ts): better-auth's random ids and the seed's UUIDs. Ids are case-sensitive.
const MEMBER_ID = '[\\w-]{1,100}';

/** One mention token; group 1 is the display name, group 2 the member's id. */
export const MENTION_TOKEN = new RegExp(`@\\[([^\\[\\]\\n]{1,100})\\]\\(member:(${MEMBER_ID})\\)`, 'g');

/** The address inside a token, as a Markdown parser sees it (`member:<id>`). */
export const MENTION_URL = new RegExp(`^member:(${MEMBER_ID})$`);

/** A text mentioning more members than this notifies only the first ones (a post is not a mailing list). */
export const MAX_MENTIONS_NOTIFIED = 10;

export interface Mention {
  userId: string;
  displayName: string;
}

// Code is shown as written, so a token inside it is an example, not a mention.
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/** The members a text mentions, each once, in the order they first appear. */
export function parseMentions(text: string): Mention[] {
  const seen = new Map<string, Mention>();
  for (const match of text.replace(CODE, ' ').matchAll(MENTION_TOKEN)) {
    const userId = match[2] as string;
    if (!seen.has(userId)) seen.set(userId, { userId, displayName: match[1] as string });
  }
  return [...seen.values()];
}

/** The member ids `text` mentions that `previousText` (the version before an edit) did not. */
export function newlyMentioned(text: string, previousText?: string): string[] {
  const before = new Set(previousText ? parseMentions(previousText).map((mention) => mention.userId) : []);
  return parseMentions(text)
    .map((mention) => mention.userId)
    .filter((userId) => !before.has(userId));
}

/** The token that mentions a member. Square brackets would end the name early, so they become parentheses. */
export function mentionToken(displayName: string, userId: string): string {
  const name = displayName.replace(/\[/g, '(').replace(/\]/g, ')').replace(/\s+/g, ' ').trim().slice(0, 100);
  return `@[${name || 'member'}](member:${userId})`;
}
