import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MESSAGES,
  type AssessmentDefinition,
  assessmentDefinitionSchema,
  buildPathway,
  type PathwayItem,
} from './assessment.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const course = (n: number, courseId: number): PathwayItem => ({ id: uuid(n), kind: 'course', courseId, reason: 'R' });
const lesson = (n: number, courseId: number): PathwayItem => ({
  id: uuid(n),
  kind: 'lesson',
  courseId,
  lessonId: `${courseId}-${n}`,
  reason: 'R',
});
const circle = (n: number): PathwayItem => ({ id: uuid(n), kind: 'circle', circleId: uuid(900 + n), reason: 'R' });
const ritual = (n: number): PathwayItem => ({ id: uuid(n), kind: 'ritual', ritualId: uuid(800 + n), reason: 'R' });

const items = [
  course(1, 1),
  course(2, 2),
  course(3, 3),
  course(4, 4),
  lesson(5, 1),
  lesson(6, 2),
  circle(7),
  circle(8),
  circle(9),
  ritual(10),
  ritual(11),
];
/** Two questions: the first one answer pointing by `weights` (item number → weight), the second several. */
function definition(first: Record<number, number>, second: Record<number, number> = {}): AssessmentDefinition {
  const weights = (table: Record<number, number>) =>
    Object.entries(table).map(([n, weight]) => ({ itemId: uuid(Number(n)), weight }));
  return {
    items,
    questions: [
      {
        id: uuid(100),
        prompt: 'One',
        multiple: false,
        options: [
          { id: uuid(101), label: 'A', weights: weights(first) },
          { id: uuid(102), label: 'B', weights: [] },
        ],
      },
      {
        id: uuid(200),
        prompt: 'Two',
        multiple: true,
        options: [
          { id: uuid(201), label: 'A', weights: weights(second) },
          { id: uuid(202), label: 'B', weights: [{ itemId: uuid(10), weight: 1 }] },
        ],
      },
    ],
  };
}
const names = (plan: string[]) => plan.map((id) => Number(id.slice(-12)));

describe('buildPathway', () => {
  it('orders courses by score with their lessons under them, then circles, then rituals, each bounded', () => {
    const plan = buildPathway(definition({ 1: 1, 2: 5, 3: 3, 4: 2, 5: 1, 6: 2, 7: 1, 8: 3, 9: 2, 11: 4 }), {
      [uuid(100)]: [uuid(101)],
      [uuid(200)]: [uuid(202)],
    });
    // Course 4 (2) beats course 1 (1); at most 3 courses, 2 circles; ritual 11 (4) before ritual 10 (1).
    expect(names(plan)).toEqual([2, 6, 3, 4, 8, 9, 11, 10]);
  });

  it('adds up several answers, lets a negative weight point away, and brings in the course of a chosen lesson', () => {
    const plan = buildPathway(definition({ 1: 2, 5: 3 }, { 1: -2, 2: 1 }), {
      [uuid(100)]: [uuid(101)],
      [uuid(200)]: [uuid(201), uuid(202)],
    });
    // Course 1 scores 0 (2 - 2) but its lesson 5 scores 3: the lesson brings its course.
    expect(names(plan)).toEqual([2, 1, 5, 10]);
  });

  it("starts her with the owner's first course and ritual when nothing scores", () => {
    const plan = buildPathway(definition({}), { [uuid(100)]: [uuid(102)], [uuid(200)]: [uuid(201)] });
    expect(names(plan)).toEqual([1, 10]);
  });

  it('refuses a question left out, two answers to a one-answer question and unknown answers', () => {
    const d = definition({});
    expect(() => buildPathway(d, { [uuid(100)]: [uuid(101)] })).toThrow(ASSESSMENT_MESSAGES.answerEvery);
    expect(() => buildPathway(d, { [uuid(100)]: [uuid(101), uuid(102)], [uuid(200)]: [uuid(201)] })).toThrow(
      ASSESSMENT_MESSAGES.answerOne,
    );
    expect(() => buildPathway(d, { [uuid(100)]: [uuid(201)], [uuid(200)]: [uuid(201)] })).toThrow(
      ASSESSMENT_MESSAGES.unknownAnswer,
    );
    expect(() => buildPathway(d, { [uuid(100)]: [uuid(101)], [uuid(200)]: [uuid(201), uuid(201)] })).toThrow(
      ASSESSMENT_MESSAGES.unknownAnswer,
    );
  });
});

describe('the assessment schema', () => {
  it('needs three questions, and every weight pointing at a listed item', () => {
    const two = definition({});
    expect(assessmentDefinitionSchema.safeParse(two).success).toBe(false);
    const three = {
      ...two,
      questions: [
        ...two.questions,
        {
          ...two.questions[1],
          id: uuid(300),
          options: [
            { id: uuid(301), label: 'A', weights: [] },
            { id: uuid(302), label: 'B', weights: [{ itemId: uuid(999), weight: 1 }] },
          ],
        },
      ],
    };
    expect(assessmentDefinitionSchema.safeParse(three).error?.issues[0]?.message).toBe(
      ASSESSMENT_MESSAGES.weightUnknownItem,
    );
  });
});
