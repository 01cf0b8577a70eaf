import type { AdminCourse, AdminLesson } from '@lunara/shared/content-studio';
import { describe, expect, it } from 'vitest';
import {
  changesOutline,
  moveLesson,
  moveLessonOnto,
  moveLessonToModule,
  moveModule,
  type OutlineOrder,
} from './outline-moves.ts';

const outline: OutlineOrder = [
  { id: 'm1', lessonIds: ['a', 'b'] },
  { id: 'm2', lessonIds: ['c'] },
  { id: 'm3', lessonIds: [] },
];

describe('moving in a course outline', () => {
  it('moves a module up and down, not past the ends', () => {
    expect(moveModule(outline, 'm2', -1).map((module) => module.id)).toEqual(['m2', 'm1', 'm3']);
    expect(moveModule(outline, 'm1', -1)).toBe(outline);
    expect(moveModule(outline, 'm3', 1)).toBe(outline);
  });

  it('moves a lesson inside its module, and across a module edge into the next one', () => {
    expect(moveLesson(outline, 'b', -1)[0]?.lessonIds).toEqual(['b', 'a']);
    expect(moveLesson(outline, 'b', 1).map((module) => module.lessonIds)).toEqual([['a'], ['b', 'c'], []]);
    expect(moveLesson(outline, 'c', -1).map((module) => module.lessonIds)).toEqual([['a', 'b', 'c'], [], []]);
    expect(moveLesson(outline, 'a', -1)).toBe(outline);
  });

  it('moves a lesson to another module, at its end or at a place', () => {
    expect(moveLessonToModule(outline, 'a', 'm3').map((module) => module.lessonIds)).toEqual([['b'], ['c'], ['a']]);
    expect(moveLessonToModule(outline, 'a', 'm2', 0).map((module) => module.lessonIds)).toEqual([
      ['b'],
      ['a', 'c'],
      [],
    ]);
  });

  it('drops a dragged lesson onto another, in the same module or another', () => {
    expect(moveLessonOnto(outline, 'a', 'b')[0]?.lessonIds).toEqual(['b', 'a']);
    expect(moveLessonOnto(outline, 'c', 'a').map((module) => module.lessonIds)).toEqual([['c', 'a', 'b'], [], []]);
  });

  it('never changes the outline it was given', () => {
    const before = JSON.stringify(outline);
    moveLesson(outline, 'b', 1);
    moveLessonOnto(outline, 'c', 'a');
    moveModule(outline, 'm2', -1);
    expect(JSON.stringify(outline)).toBe(before);
  });
});

describe('a lesson save and the course outline', () => {
  const lesson: AdminLesson = {
    id: 'a',
    courseId: 1,
    moduleId: 'm1',
    title: 'Breathwork',
    description: '',
    durationMinutes: 10,
    bodyMarkdown: 'Breathe in.',
    videoLink: null,
    video: null,
    files: [],
    isFreePreview: false,
    dripDays: null,
    version: 2,
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
  const course = {
    modules: [
      {
        id: 'm1',
        title: 'Week 1',
        lessons: [
          {
            id: 'a',
            title: 'Breathwork',
            durationMinutes: 10,
            isFreePreview: false,
            dripDays: null,
            hasVideo: false,
            fileCount: 0,
          },
        ],
      },
    ],
  } as AdminCourse;

  it('leaves the course alone when only the text or description changed', () => {
    expect(changesOutline(course, { ...lesson, bodyMarkdown: 'Breathe out.', description: 'New' })).toBe(false);
  });

  it('reloads the course when a row badge changed, or there is no course to compare with', () => {
    expect(changesOutline(course, { ...lesson, title: 'Breath' })).toBe(true);
    expect(changesOutline(course, { ...lesson, durationMinutes: 12 })).toBe(true);
    expect(changesOutline(course, { ...lesson, isFreePreview: true })).toBe(true);
    expect(changesOutline(course, { ...lesson, dripDays: 3 })).toBe(true);
    expect(changesOutline(course, { ...lesson, videoLink: 'https://youtu.be/abc' })).toBe(true);
    expect(changesOutline(undefined, lesson)).toBe(true);
  });
});
