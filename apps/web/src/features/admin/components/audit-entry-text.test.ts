import type { AuditPage } from '@lunara/shared/admin';
import { describe, expect, it } from 'vitest';
import { auditEntryText } from './audit-entry-text.ts';

const entry = (changes: Partial<AuditPage['items'][number]>): AuditPage['items'][number] => ({
  id: 'a',
  actorName: 'Ada',
  action: 'topic.unlock',
  targetType: 'forum_topic',
  targetId: 't',
  targetName: null,
  memberName: null,
  details: {},
  createdAt: new Date().toISOString(),
  ...changes,
});

describe('an audit log line', () => {
  it('names what was acted on, not its kind', () => {
    expect(auditEntryText(entry({ targetName: 'Vision boards: digital or paper?' }))).toBe(
      'unlocked the topic "Vision boards: digital or paper?"',
    );
    expect(
      auditEntryText(entry({ action: 'post.delete', targetType: 'post', targetName: 'Hi', memberName: 'Bea' })),
    ).toBe('deleted the post "Hi" by Bea');
    expect(
      auditEntryText(
        entry({
          action: 'role.assign',
          targetType: 'user',
          targetName: 'Bea',
          details: { from: 'user', to: 'moderator' },
        }),
      ),
    ).toBe("changed Bea's role from user to moderator");
    expect(
      auditEntryText(
        entry({
          action: 'circle.approve',
          targetType: 'circle_membership',
          targetName: 'Sacred Mothers',
          memberName: 'Bea',
        }),
      ),
    ).toBe(`approved Bea's request to join "Sacred Mothers"`);
    expect(auditEntryText(entry({ action: 'event.cancel', targetType: 'event', targetName: 'Solstice' }))).toBe(
      'cancelled the event "Solstice"',
    );
  });

  it('still reads when the thing is gone, or the action is new', () => {
    expect(auditEntryText(entry({ action: 'comment.delete', targetType: 'comment' }))).toBe(
      'deleted a comment on a post since removed',
    );
    expect(auditEntryText(entry({ action: 'badge.grant', targetType: 'user', targetName: 'Bea' }))).toBe(
      'badge grant user "Bea"',
    );
  });
});
