import { describe, expect, it } from 'vitest';
import { type LessonFacts, lessonAccessOf, opensAtOf } from './lesson-state.ts';

const joined = new Date('2026-03-01T10:00:00Z');
const now = new Date('2026-03-05T10:00:00Z');
const plain: LessonFacts = { isFreePreview: false, dripDays: null, completed: false, previousCompleted: true };

describe('lessonAccessOf', () => {
  it('opens free previews to everyone and keeps the rest for members', () => {
    for (const viewer of ['visitor', 'account'] as const) {
      expect(lessonAccessOf(viewer, true, { ...plain, isFreePreview: true }, null, now).state).toBe('available');
      expect(lessonAccessOf(viewer, true, plain, null, now).state).toBe('members_only');
    }
  });

  it('locks a member out of a lesson whose previous one is not complete, only when the course is in order', () => {
    const after = { ...plain, previousCompleted: false };
    expect(lessonAccessOf('member', true, after, joined, now).state).toBe('locked');
    expect(lessonAccessOf('member', false, after, joined, now).state).toBe('available');
    expect(lessonAccessOf('member', true, { ...after, isFreePreview: true }, joined, now).state).toBe('available');
    expect(lessonAccessOf('member', true, { ...after, completed: true }, joined, now).state).toBe('complete');
  });

  it('schedules a dripped lesson until the day it opens, counted from when she joined', () => {
    const dripped = { ...plain, dripDays: 7 };
    const access = lessonAccessOf('member', true, dripped, joined, now);
    expect(access).toEqual({ state: 'scheduled', opensAt: new Date('2026-03-08T10:00:00Z') });
    expect(lessonAccessOf('member', true, dripped, joined, new Date('2026-03-08T10:00:00Z')).state).toBe('available');
    // Both waits at once: the date is what she can act on.
    expect(lessonAccessOf('member', true, { ...dripped, previousCompleted: false }, joined, now).state).toBe(
      'scheduled',
    );
    // A free preview is never dripped.
    expect(lessonAccessOf('member', true, { ...dripped, isFreePreview: true }, joined, now)).toEqual({
      state: 'available',
      opensAt: null,
    });
  });

  it('opens everything to an admin previewing', () => {
    const hard = { ...plain, dripDays: 30, previousCompleted: false };
    expect(lessonAccessOf('preview', true, hard, null, now)).toEqual({ state: 'available', opensAt: null });
  });

  it('adds whole days', () => {
    expect(opensAtOf(joined, 1).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
});
