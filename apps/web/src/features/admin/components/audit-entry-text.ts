import type { AuditPage } from '@lunara/shared/admin';

type AuditEntry = AuditPage['items'][number];

/** A name in quotes, or what to say once the thing is gone. */
const named = (name: string | null, gone: string) => (name ? `"${name}"` : gone);
const whose = (member: string | null) => (member ? `${member}'s` : "a member's");

const PHRASES: Record<string, (entry: AuditEntry) => string> = {
  'post.delete': (e) =>
    `deleted the post ${named(e.targetName, 'since removed')}${e.memberName ? ` by ${e.memberName}` : ''}`,
  'post.pin': (e) => `pinned the post ${named(e.targetName, 'since removed')}`,
  'post.unpin': (e) => `unpinned the post ${named(e.targetName, 'since removed')}`,
  'comment.delete': (e) =>
    `deleted ${e.memberName ? `${e.memberName}'s` : 'a'} comment on ${named(e.targetName, 'a post since removed')}`,
  'topic.delete': (e) => `deleted the topic ${named(e.targetName, 'since removed')}`,
  'topic.pin': (e) => `pinned the topic ${named(e.targetName, 'since removed')}`,
  'topic.unpin': (e) => `unpinned the topic ${named(e.targetName, 'since removed')}`,
  'topic.lock': (e) => `locked the topic ${named(e.targetName, 'since removed')}`,
  'topic.unlock': (e) => `unlocked the topic ${named(e.targetName, 'since removed')}`,
  'reply.delete': (e) => `deleted a reply in ${named(e.targetName, 'a topic since removed')}`,
  'role.assign': (e) =>
    `changed ${e.targetName ? `${e.targetName}'s` : "a former member's"} role${
      typeof e.details.from === 'string' ? ` from ${e.details.from}` : ''
    }${typeof e.details.to === 'string' ? ` to ${e.details.to}` : ''}`,
  'circle.approve': (e) => `approved ${whose(e.memberName)} request to join ${named(e.targetName, 'a circle')}`,
  'circle.decline': (e) => `declined ${whose(e.memberName)} request to join ${named(e.targetName, 'a circle')}`,
  'circle.create': (e) => `created the circle ${named(e.targetName, 'since removed')}`,
  'circle.update': (e) => `edited the circle ${named(e.targetName, 'since removed')}`,
  'event.create': (e) => `created the event ${named(e.targetName, 'since removed')}`,
  'event.update': (e) => `edited the event ${named(e.targetName, 'since removed')}`,
  'event.cancel': (e) => `cancelled the event ${named(e.targetName, 'since removed')}`,
};

/**
 * What an admin or moderator did, in words, naming what was acted on: 'unlocked the topic "Vision
 * boards"', 'approved Bella's request to join "Sacred Mothers"'. The actor's name goes before it.
 */
export function auditEntryText(entry: AuditEntry): string {
  const phrase = PHRASES[entry.action];
  if (phrase) return phrase(entry);
  // An action this version does not know yet still says what it touched.
  const target = `${entry.action.replace('.', ' ')} ${entry.targetType.replace('_', ' ')}`;
  return entry.targetName ? `${target} "${entry.targetName}"` : target;
}
