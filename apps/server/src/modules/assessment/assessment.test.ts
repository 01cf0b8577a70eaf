import {
  type AdminAssessment,
  ASSESSMENT_MESSAGES,
  type AssessmentAnswers,
  type MyPathway,
  type PublicAssessment,
  type SubmittedAssessment,
} from '@lunara/shared/assessment';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestMember } from '../../../test/test-app.ts';
import { circleMemberships } from '../../db/schema/circles.ts';
import { lessons, userProgress } from '../../db/schema/courses.ts';
import { expectOnlyAdmins, startStudioApp } from '../content-studio/studio-test-kit.ts';

let t: TestApp;
let admin: TestMember;
let member: TestMember;
let moderator: TestMember;
let assessment: PublicAssessment;

beforeAll(async () => {
  ({ t, admin, member, moderator } = await startStudioApp());
  const response = await t.api(undefined, 'GET', '/api/assessment');
  expect(response.statusCode).toBe(200);
  assessment = response.json();
}, 60_000);
afterAll(() => t.close());

/** One answer per question: the option at `pick(index)` (the first by default). */
const answersBy = (pick: (questionIndex: number) => number = () => 0): AssessmentAnswers =>
  Object.fromEntries(
    assessment.questions.map((question, index) => [question.id, [question.options[pick(index)]?.id ?? '']]),
  );

describe('the assessment a visitor takes', () => {
  it('shows ten questions and their answers, never the weights or items behind them', async () => {
    expect(assessment.questions).toHaveLength(10);
    expect(assessment.questions[0]?.prompt).toBe('What are you seeking most right now?');
    const raw = (await t.api(undefined, 'GET', '/api/assessment')).body;
    expect(raw).not.toMatch(/"weights"|"itemId"|"reason"|"items"/);
  });

  it('gives a visitor her pathway and a token that her new account then claims, once', async () => {
    const taken = await t.api(undefined, 'POST', '/api/assessment/results', { answers: answersBy() });
    expect(taken.statusCode).toBe(201);
    const { result, claimToken } = taken.json<SubmittedAssessment>();
    expect(claimToken).toMatch(/^[\w-]{43}$/);
    // Clarity about goals, never tracked the moon, just beginning...: Goddess Goals first, its cycles lesson next.
    expect(result.steps[0]).toMatchObject({ kind: 'course', title: 'Goddess Goals', href: '/course/1', done: false });
    expect(result.steps[1]).toMatchObject({
      kind: 'lesson',
      courseTitle: 'Goddess Goals',
      href: '/course/1/lesson/1-2',
    });
    const kinds = result.steps.map((step) => step.kind);
    expect(kinds.indexOf('circle')).toBeGreaterThan(kinds.lastIndexOf('lesson'));
    expect(kinds.indexOf('ritual')).toBeGreaterThan(kinds.lastIndexOf('circle'));
    for (const step of result.steps) expect(step.reason.length).toBeGreaterThan(0);

    const joined = await t.signUp();
    expect((await t.api(joined, 'GET', '/api/assessment/pathway')).json()).toEqual({ current: null, history: [] });
    const claimed = await t.api(joined, 'POST', '/api/assessment/claim', { token: claimToken });
    expect(claimed.statusCode).toBe(200);
    const mine = (await t.api(joined, 'GET', '/api/assessment/pathway')).json<MyPathway>();
    expect(mine.current?.id).toBe(result.id);
    expect(mine.current?.steps.map((step) => step.itemId)).toEqual(result.steps.map((step) => step.itemId));

    // The token is spent: a second claim, by her or anyone, finds nothing.
    for (const who of [joined, member]) {
      const again = await t.api(who, 'POST', '/api/assessment/claim', { token: claimToken });
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(ASSESSMENT_MESSAGES.claimUnknown);
    }
    expect((await t.api(undefined, 'POST', '/api/assessment/claim', { token: claimToken })).statusCode).toBe(401);
    expect((await t.api(undefined, 'GET', '/api/assessment/pathway')).statusCode).toBe(401);
  });

  it('refuses answers that leave a question out, give two to a one-answer question, or name unknown ones', async () => {
    const [first, second] = assessment.questions as [
      PublicAssessment['questions'][number],
      PublicAssessment['questions'][number],
    ];
    const single = assessment.questions.find((question) => !question.multiple);
    const cases: Array<[AssessmentAnswers, string]> = [
      [{ ...answersBy(), [first.id]: [] }, ASSESSMENT_MESSAGES.answerEvery],
      [
        Object.fromEntries(Object.entries(answersBy()).filter(([questionId]) => questionId !== second.id)),
        ASSESSMENT_MESSAGES.answerEvery,
      ],
      [
        { ...answersBy(), [single?.id ?? '']: single?.options.slice(0, 2).map((option) => option.id) ?? [] },
        ASSESSMENT_MESSAGES.answerOne,
      ],
      [{ ...answersBy(), [first.id]: [crypto.randomUUID()] }, ASSESSMENT_MESSAGES.unknownAnswer],
      [{ ...answersBy(), [crypto.randomUUID()]: [first.options[0]?.id ?? ''] }, ASSESSMENT_MESSAGES.unknownAnswer],
    ];
    for (const [answers, message] of cases) {
      const refused = await t.api(member, 'POST', '/api/assessment/results', { answers });
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    expect((await t.api(member, 'GET', '/api/assessment/pathway')).json().current).toBeNull();
  });
});

describe("a member's pathway", () => {
  it('follows her progress, and a retake keeps the earlier result in her history', async () => {
    const first = await t.api(member, 'POST', '/api/assessment/results', { answers: answersBy() });
    expect(first.statusCode).toBe(201);
    expect(first.json().claimToken).toBeNull();
    const before = (await t.api(member, 'GET', '/api/assessment/pathway')).json<MyPathway>();
    expect(before.current?.percent).toBe(0);

    // She completes the pathway's lesson and one of Goddess Goals' other lessons, and asks to join its circle.
    const lessonStep = before.current?.steps.find((step) => step.kind === 'lesson');
    const circleStep = before.current?.steps.find((step) => step.kind === 'circle');
    const courseLessons = await t.database.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, 1));
    await t.database.db.insert(userProgress).values(
      ['1-2', '1-1'].map((lessonId) => ({
        userId: member.id,
        courseId: 1,
        lessonId,
        completed: true,
        completedAt: new Date(),
      })),
    );
    const circleId = assessmentCircleId(await readDefinition(), circleStep?.itemId);
    await t.database.db.insert(circleMemberships).values({ circleId, userId: member.id, status: 'pending' });

    const after = (await t.api(member, 'GET', '/api/assessment/pathway')).json<MyPathway>();
    const step = (itemId: string | undefined) => after.current?.steps.find((candidate) => candidate.itemId === itemId);
    expect(step(lessonStep?.itemId)).toMatchObject({ done: true, percent: 100 });
    expect(step(before.current?.steps[0]?.itemId)).toMatchObject({
      done: false,
      percent: Math.round((2 / courseLessons.length) * 100),
    });
    expect(step(circleStep?.itemId)).toMatchObject({ done: false, percent: 50 });
    expect(after.current?.percent).toBe(Math.round((1 / (after.current?.steps.length ?? 1)) * 100));

    // A retake with other answers: a new current pathway, the first one listed in her history.
    const retake = await t.api(member, 'POST', '/api/assessment/results', { answers: answersBy(() => 1) });
    expect(retake.statusCode).toBe(201);
    const now = (await t.api(member, 'GET', '/api/assessment/pathway')).json<MyPathway>();
    expect(now.current?.id).toBe(retake.json().result.id);
    expect(now.history.map((entry) => entry.id)).toEqual([first.json().result.id]);
  });
});

async function readDefinition(): Promise<AdminAssessment> {
  return (await t.api(admin, 'GET', '/api/admin/assessment')).json();
}
function assessmentCircleId(assessmentNow: AdminAssessment, itemId: string | undefined): string {
  const item = assessmentNow.definition.items.find((candidate) => candidate.id === itemId);
  if (item?.kind !== 'circle') throw new Error('No circle in the pathway');
  return item.circleId;
}

describe("the owner's assessment editor", () => {
  it('is for admins only', async () => {
    await expectOnlyAdmins(t, { member, moderator }, 'GET', '/api/admin/assessment');
    const current = await readDefinition();
    await expectOnlyAdmins(t, { member, moderator }, 'PUT', '/api/admin/assessment', current);
  });

  it('saves a changed question from its version, refuses a stale save and keeps given pathways as they were', async () => {
    const given = (
      await t.api(moderator, 'POST', '/api/assessment/results', { answers: answersBy() })
    ).json<SubmittedAssessment>();
    const current = await readDefinition();
    const definition = structuredClone(current.definition);
    const [question] = definition.questions;
    if (!question) throw new Error('No question');
    question.prompt = 'What calls you most this season?';
    for (const item of definition.items) item.reason = `Changed: ${item.reason}`;
    const saved = await t.api(admin, 'PUT', '/api/admin/assessment', { version: current.version, definition });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(current.version + 1);
    expect((await t.api(undefined, 'GET', '/api/assessment')).json().questions[0].prompt).toBe(
      'What calls you most this season?',
    );

    const stale = await t.api(admin, 'PUT', '/api/admin/assessment', { version: current.version, definition });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('VERSION_CONFLICT');

    // The pathway given before the edit keeps the reasons it was given with.
    const kept = (await t.api(moderator, 'GET', '/api/assessment/pathway')).json<MyPathway>();
    expect(kept.current?.steps.map((step) => step.reason)).toEqual(given.result.steps.map((step) => step.reason));
  });

  it('refuses items pointing at nothing, weights pointing at no item, and repeated ids', async () => {
    const current = await readDefinition();
    const withItem = (change: (definition: AdminAssessment['definition']) => void) => {
      const definition = structuredClone(current.definition);
      change(definition);
      return t.api(admin, 'PUT', '/api/admin/assessment', { version: current.version, definition });
    };
    const cases: Array<[(definition: AdminAssessment['definition']) => void, string]> = [
      [
        (d) => d.items.push({ id: crypto.randomUUID(), kind: 'course', courseId: 999_999, reason: 'Gone' }),
        ASSESSMENT_MESSAGES.itemTargetMissing,
      ],
      [
        (d) =>
          d.items.push({
            id: crypto.randomUUID(),
            kind: 'lesson',
            courseId: 2,
            lessonId: '1-1',
            reason: 'Wrong course',
          }),
        ASSESSMENT_MESSAGES.itemTargetMissing,
      ],
      [
        (d) => d.questions[0]?.options[0]?.weights.push({ itemId: crypto.randomUUID(), weight: 2 }),
        ASSESSMENT_MESSAGES.weightUnknownItem,
      ],
      [
        (d) => {
          const [question] = d.questions;
          if (question) d.questions.push({ ...question });
        },
        ASSESSMENT_MESSAGES.duplicateId,
      ],
      [(d) => d.questions.splice(2), 'The assessment needs at least 3 questions'],
      [(d) => d.items.splice(0), 'Add at least one item a pathway can hold'],
      // Hostile text in the nested fields: refused like any text field (packages/shared/src/text.ts).
      [(d) => Object.assign(d.questions[0] ?? {}, { prompt: 'Moon\u0000light' }), ''],
      [(d) => Object.assign(d.questions[0]?.options[0] ?? {}, { label: 'Moon\u202Elight' }), ''],
      [(d) => Object.assign(d.items[0] ?? {}, { reason: '\u200B' }), 'Give every item a reason'],
    ];
    for (const [change, message] of cases) {
      const refused = await withItem(change);
      expect(refused.statusCode, message).toBe(400);
      if (message) expect(refused.json().error.message).toBe(message);
    }
    expect((await readDefinition()).version).toBe(current.version);
  });
});

describe('taking the assessment often', () => {
  it('is limited to 10 results in 15 minutes per visitor address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await t.api(undefined, 'POST', '/api/assessment/results', { answers: answersBy() })).statusCode);
    }
    // The visitor test above took it once from the same address.
    expect(statuses.filter((status) => status === 201)).toHaveLength(9);
    expect(statuses.at(-1)).toBe(429);
  });
});
