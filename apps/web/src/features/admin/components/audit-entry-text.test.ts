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

  it('says what was done to the content (courses, modules, lessons, rituals, categories)', () => {
    const course = { targetType: 'course', targetName: 'Goddess Goals' };
    expect(auditEntryText(entry({ ...course, action: 'course.create' }))).toBe('created the course "Goddess Goals"');
    expect(auditEntryText(entry({ ...course, action: 'course.status', details: { status: 'published' } }))).toBe(
      'published the course "Goddess Goals"',
    );
    expect(auditEntryText(entry({ ...course, action: 'course.status', details: { status: 'draft' } }))).toBe(
      'moved the course "Goddess Goals" back to draft',
    );
    expect(auditEntryText(entry({ ...course, action: 'course.status', details: { status: 'archived' } }))).toBe(
      'archived the course "Goddess Goals"',
    );
    expect(
      auditEntryText(
        entry({ ...course, action: 'course.duplicate', targetName: 'Goals (copy)', details: { sourceTitle: 'Goals' } }),
      ),
    ).toBe('copied the course "Goals" as "Goals (copy)"');
    expect(auditEntryText(entry({ ...course, action: 'course.outline' }))).toBe(
      'rearranged the modules and lessons of "Goddess Goals"',
    );
    expect(auditEntryText(entry({ ...course, action: 'course.reorder', targetName: null }))).toBe(
      'reordered the course catalog',
    );
    expect(auditEntryText(entry({ ...course, action: 'module.create', details: { title: 'Week 1' } }))).toBe(
      'added the module "Week 1" to "Goddess Goals"',
    );
    expect(auditEntryText(entry({ ...course, action: 'module.update', details: { title: 'Week 2' } }))).toBe(
      'renamed a module of "Goddess Goals" to "Week 2"',
    );
    expect(auditEntryText(entry({ ...course, action: 'module.delete', details: { title: 'Week 1' } }))).toBe(
      'deleted the module "Week 1" from "Goddess Goals"',
    );
    const lesson = { targetType: 'lesson', details: { title: 'Breathwork', courseTitle: 'Goddess Goals' } };
    expect(auditEntryText(entry({ ...lesson, action: 'lesson.create', targetName: 'Breathwork' }))).toBe(
      'added the lesson "Breathwork" in "Goddess Goals"',
    );
    expect(auditEntryText(entry({ ...lesson, action: 'lesson.update', targetName: 'Breath' }))).toBe(
      'edited the lesson "Breath" in "Goddess Goals"',
    );
    expect(
      auditEntryText(entry({ ...lesson, action: 'ritual.archive', targetType: 'ritual', targetName: 'Moon bath' })),
    ).toBe('archived the ritual "Moon bath"');
    expect(
      auditEntryText(entry({ action: 'forum_category.update', targetType: 'forum_category', targetName: 'Wellness' })),
    ).toBe('edited the forum category "Wellness"');
    expect(auditEntryText(entry({ action: 'forum_category.reorder', targetType: 'forum_category' }))).toBe(
      'reordered the forum categories',
    );
  });

  it('names deleted content as it was called', () => {
    expect(
      auditEntryText(
        entry({ action: 'course.delete', targetType: 'course', targetName: 'Old', details: { title: 'Old' } }),
      ),
    ).toBe('deleted the course "Old"');
    expect(
      auditEntryText(
        entry({
          action: 'lesson.delete',
          targetType: 'lesson',
          targetName: 'Intro',
          details: { title: 'Intro', courseTitle: 'Goals' },
        }),
      ),
    ).toBe('deleted the lesson "Intro" in "Goals"');
    expect(
      auditEntryText(
        entry({
          action: 'forum_category.delete',
          targetType: 'forum_category',
          targetName: 'Gone',
          details: { name: 'Gone' },
        }),
      ),
    ).toBe('deleted the forum category "Gone"');
    expect(auditEntryText(entry({ action: 'course.delete', targetType: 'course' }))).toBe('deleted a course');
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

describe('a suspension line (issue 30)', () => {
  it('says whom, until when (or permanently) and why; and a lift', () => {
    const suspend = (details: Record<string, unknown>) =>
      auditEntryText(entry({ action: 'member.suspend', targetType: 'user', targetName: 'Bea', details }));
    expect(suspend({ endsAt: '2026-12-04T12:00:00.000Z', reason: 'Spam', permanent: false })).toBe(
      'suspended Bea until 4 Dec 2026: "Spam"',
    );
    expect(suspend({ endsAt: null, reason: 'Threats', permanent: true })).toBe('suspended Bea permanently: "Threats"');
    expect(auditEntryText(entry({ action: 'member.suspension_lift', targetType: 'user', targetName: null }))).toBe(
      'lifted the suspension of a former member',
    );
  });
});

describe('member administration and email template lines (issue 33)', () => {
  it('names the member and the email', () => {
    expect(
      auditEntryText(
        entry({
          action: 'member.complimentary_grant',
          targetType: 'user',
          targetName: 'Bea',
          details: { endsAt: '2027-02-28T12:00:00.000Z' },
        }),
      ),
    ).toBe('granted Bea a complimentary membership until 28 Feb 2027');
    expect(auditEntryText(entry({ action: 'member.complimentary_end', targetType: 'user', targetName: 'Bea' }))).toBe(
      "ended Bea's complimentary membership",
    );
    expect(
      auditEntryText(
        entry({ action: 'email_template.update', targetType: 'email_template', details: { title: 'Welcome email' } }),
      ),
    ).toBe('edited the email "Welcome email"');
    expect(
      auditEntryText(
        entry({ action: 'email_template.restore', targetType: 'email_template', details: { title: 'Password reset' } }),
      ),
    ).toBe('restored the built-in email "Password reset"');
  });
});
