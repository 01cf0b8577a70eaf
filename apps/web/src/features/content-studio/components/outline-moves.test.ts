import { describe, expect, it } from 'vitest';
import { moveLesson, moveLessonOnto, moveLessonToModule, moveModule, type OutlineOrder } from './outline-moves.ts';

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
