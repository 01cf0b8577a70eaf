import { z } from 'zod';
import { LESSON_ID_PATTERN } from './courses.ts';
import { singleLineText } from './text.ts';

export { ASSESSMENT_CLAIM_STORAGE_KEY } from './assessment-constants.ts';

/**
 * The self-assessment (issue 29): questions whose answers point, with weights, at pathway items (a course,
 * a lesson in it, a circle, a ritual), each with the owner's reason. The owner edits it as one versioned
 * document in the Content Studio; `buildPathway` turns answers into her ordered plan, on the page (to show
 * the result at once) and on the server (which keeps what it computed itself).
 */

export const PATHWAY_ITEM_KINDS = ['course', 'lesson', 'circle', 'ritual'] as const;
export type PathwayItemKind = (typeof PATHWAY_ITEM_KINDS)[number];

export const ASSESSMENT_LIMITS = {
  questionsMin: 3,
  questionsMax: 15,
  optionsMin: 2,
  optionsMax: 8,
  itemsMax: 60,
  weightsPerOption: 12,
  weightMin: -5,
  weightMax: 10,
  promptMax: 200,
  labelMax: 120,
  reasonMax: 300,
  /** Results kept per member: older retakes drop off the history. */
  historyMax: 20,
} as const;

/** How many of each kind a pathway holds at most (a plan she can follow, not a catalog). */
export const PATHWAY_SHAPE = { course: 3, lessonsPerCourse: 3, circle: 2, ritual: 3 } as const;

export const ASSESSMENT_MESSAGES = {
  answerEvery: 'Answer every question to see your pathway',
  answerOne: 'Choose one answer for each question',
  unknownAnswer: 'The assessment changed while you were answering: reload the page and try again',
  claimUnknown: 'This assessment result was not found or already belongs to an account',
  versionConflict:
    'Someone else saved changes here while you were editing. Reload to see their version, then make your changes again.',
  itemTargetMissing: 'An item points at something that no longer exists: choose another or remove the item',
  weightUnknownItem: 'An answer points at an item that is not in the list',
  duplicateId: 'Each question, answer and item must appear once',
  noResult: 'You have not taken the assessment yet',
} as const;

const id = z.uuid({ message: ASSESSMENT_MESSAGES.duplicateId });

export const assessmentWeightSchema = z.object({
  itemId: id,
  weight: z
    .number({ message: 'A weight must be a number' })
    .int('A weight must be a whole number')
    .min(ASSESSMENT_LIMITS.weightMin, `A weight must be at least ${ASSESSMENT_LIMITS.weightMin}`)
    .max(ASSESSMENT_LIMITS.weightMax, `A weight must be at most ${ASSESSMENT_LIMITS.weightMax}`),
});
export type AssessmentWeight = z.infer<typeof assessmentWeightSchema>;

export const assessmentOptionSchema = z.object({
  id,
  label: singleLineText(ASSESSMENT_LIMITS.labelMax, 'Give every answer a label', 'An answer'),
  weights: z
    .array(assessmentWeightSchema)
    .max(
      ASSESSMENT_LIMITS.weightsPerOption,
      `An answer can point at ${ASSESSMENT_LIMITS.weightsPerOption} items at most`,
    ),
});
export type AssessmentOption = z.infer<typeof assessmentOptionSchema>;

export const assessmentQuestionSchema = z.object({
  id,
  prompt: singleLineText(ASSESSMENT_LIMITS.promptMax, 'Give every question its text', 'A question'),
  /** Several answers may be chosen. */
  multiple: z.boolean(),
  options: z
    .array(assessmentOptionSchema)
    .min(ASSESSMENT_LIMITS.optionsMin, `Every question needs at least ${ASSESSMENT_LIMITS.optionsMin} answers`)
    .max(ASSESSMENT_LIMITS.optionsMax, `A question can have ${ASSESSMENT_LIMITS.optionsMax} answers at most`),
});
export type AssessmentQuestion = z.infer<typeof assessmentQuestionSchema>;

const positiveInt = z.number().int().positive().max(2_147_483_647);
const reason = singleLineText(ASSESSMENT_LIMITS.reasonMax, 'Give every item a reason', 'A reason');
export const pathwayItemSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ id, kind: z.literal('course'), courseId: positiveInt, reason }),
    z.object({
      id,
      kind: z.literal('lesson'),
      courseId: positiveInt,
      lessonId: z.string().regex(LESSON_ID_PATTERN, ASSESSMENT_MESSAGES.itemTargetMissing),
      reason,
    }),
    z.object({ id, kind: z.literal('circle'), circleId: z.uuid(ASSESSMENT_MESSAGES.itemTargetMissing), reason }),
    z.object({ id, kind: z.literal('ritual'), ritualId: z.uuid(ASSESSMENT_MESSAGES.itemTargetMissing), reason }),
  ],
  { error: 'Choose a course, lesson, circle or ritual' },
);
export type PathwayItem = z.infer<typeof pathwayItemSchema>;

/** The assessment as the owner saves it. */
export const assessmentDefinitionSchema = z
  .object({
    questions: z
      .array(assessmentQuestionSchema)
      .min(ASSESSMENT_LIMITS.questionsMin, `The assessment needs at least ${ASSESSMENT_LIMITS.questionsMin} questions`)
      .max(
        ASSESSMENT_LIMITS.questionsMax,
        `The assessment can have ${ASSESSMENT_LIMITS.questionsMax} questions at most`,
      ),
    items: z
      .array(pathwayItemSchema)
      .min(1, 'Add at least one item a pathway can hold')
      .max(ASSESSMENT_LIMITS.itemsMax, `A pathway can draw on ${ASSESSMENT_LIMITS.itemsMax} items at most`),
  })
  .superRefine((definition, context) => {
    const ids = [
      ...definition.questions.flatMap((question) => [question.id, ...question.options.map((option) => option.id)]),
      ...definition.items.map((item) => item.id),
    ];
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: 'custom', message: ASSESSMENT_MESSAGES.duplicateId });
    const itemIds = new Set(definition.items.map((item) => item.id));
    for (const question of definition.questions) {
      for (const option of question.options) {
        const pointed = option.weights.map((weight) => weight.itemId);
        if (pointed.some((itemId) => !itemIds.has(itemId)) || new Set(pointed).size !== pointed.length) {
          context.addIssue({ code: 'custom', message: ASSESSMENT_MESSAGES.weightUnknownItem });
          return;
        }
      }
    }
  });
export type AssessmentDefinition = z.infer<typeof assessmentDefinitionSchema>;

/** GET/PUT /api/admin/assessment. */
export const adminAssessmentSchema = z.object({ version: z.number().int(), definition: assessmentDefinitionSchema });
export type AdminAssessment = z.infer<typeof adminAssessmentSchema>;
export const saveAssessmentBodySchema = z.object({
  version: z.number().int().min(1).max(2_147_483_647),
  definition: assessmentDefinitionSchema,
});
export type SaveAssessmentBody = z.infer<typeof saveAssessmentBodySchema>;

/** What a visitor is shown: the questions without the weights and items behind them. */
export const publicAssessmentSchema = z.object({
  version: z.number().int(),
  questions: z.array(
    z.object({
      id: z.string(),
      prompt: z.string(),
      multiple: z.boolean(),
      options: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
  ),
});
export type PublicAssessment = z.infer<typeof publicAssessmentSchema>;

/** Her answers: for each question, the ids of the answers she chose. */
export const assessmentAnswersSchema = z.record(
  z.uuid(ASSESSMENT_MESSAGES.unknownAnswer),
  z
    .array(z.uuid(ASSESSMENT_MESSAGES.unknownAnswer))
    .min(1, ASSESSMENT_MESSAGES.answerEvery)
    .max(ASSESSMENT_LIMITS.optionsMax),
);
export type AssessmentAnswers = z.infer<typeof assessmentAnswersSchema>;
export const submitAssessmentBodySchema = z.object({ answers: assessmentAnswersSchema });
export type SubmitAssessmentBody = z.infer<typeof submitAssessmentBodySchema>;

export const claimAssessmentBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, ASSESSMENT_MESSAGES.claimUnknown),
});

/** One step of her pathway, as shown: the item with its title, link and how far she is along it. */
export const pathwayStepSchema = z.object({
  itemId: z.string(),
  kind: z.enum(PATHWAY_ITEM_KINDS),
  title: z.string(),
  /** The course a lesson belongs to (its title), for lessons. */
  courseTitle: z.string().nullable(),
  href: z.string(),
  reason: z.string(),
  /** 0-100 for courses; 0 or 100 for lessons and rituals; circles: 50 while her request waits. */
  percent: z.number().int().min(0).max(100),
  done: z.boolean(),
});
export type PathwayStep = z.infer<typeof pathwayStepSchema>;

export const pathwayResultSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  steps: z.array(pathwayStepSchema),
  /** Steps done of all steps, 0-100. */
  percent: z.number().int().min(0).max(100),
});
export type PathwayResult = z.infer<typeof pathwayResultSchema>;

/** POST /api/assessment/results: her pathway, and for a visitor the token that later claims it. */
export const submittedAssessmentSchema = z.object({
  result: pathwayResultSchema,
  claimToken: z.string().nullable(),
});
export type SubmittedAssessment = z.infer<typeof submittedAssessmentSchema>;

/** GET /api/assessment/pathway: the latest result with progress, and the dates of earlier ones. */
export const myPathwaySchema = z.object({
  current: pathwayResultSchema.nullable(),
  history: z.array(z.object({ id: z.uuid(), createdAt: z.string(), stepCount: z.number().int() })),
});
export type MyPathway = z.infer<typeof myPathwaySchema>;

/**
 * Her pathway from her answers: each item scores the sum of the weights of the answers she chose; items
 * scoring above zero are kept, best first (ties in the owner's order), at most PATHWAY_SHAPE of each kind.
 * Courses come first, each followed by its chosen lessons; then circles; then rituals. A lesson whose course
 * is not chosen brings its course in. When nothing scores, the owner's first course and ritual start her.
 * Returns item ids in plan order; answers naming unknown questions or answers throw.
 */
export function buildPathway(definition: AssessmentDefinition, answers: AssessmentAnswers): string[] {
  const questions = new Map(definition.questions.map((question) => [question.id, question]));
  const score = new Map<string, number>();
  for (const question of definition.questions) {
    const chosen = answers[question.id];
    if (!chosen || chosen.length === 0) throw new PathwayInputError(ASSESSMENT_MESSAGES.answerEvery);
    if (!question.multiple && chosen.length > 1) throw new PathwayInputError(ASSESSMENT_MESSAGES.answerOne);
    if (new Set(chosen).size !== chosen.length) throw new PathwayInputError(ASSESSMENT_MESSAGES.unknownAnswer);
    for (const optionId of chosen) {
      const option = question.options.find((candidate) => candidate.id === optionId);
      if (!option) throw new PathwayInputError(ASSESSMENT_MESSAGES.unknownAnswer);
      for (const { itemId, weight } of option.weights) score.set(itemId, (score.get(itemId) ?? 0) + weight);
    }
  }
  if (Object.keys(answers).some((questionId) => !questions.has(questionId))) {
    throw new PathwayInputError(ASSESSMENT_MESSAGES.unknownAnswer);
  }

  const order = new Map(definition.items.map((item, index) => [item.id, index]));
  const ranked = definition.items
    .filter((item) => (score.get(item.id) ?? 0) > 0)
    .sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const ofKind = <K extends PathwayItemKind>(kind: K) =>
    ranked.filter((item): item is Extract<PathwayItem, { kind: K }> => item.kind === kind);

  const courses = ofKind('course').slice(0, PATHWAY_SHAPE.course);
  const lessons = ofKind('lesson');
  // A chosen lesson of a course not chosen brings its course (when the owner listed it as an item).
  for (const lesson of lessons) {
    if (courses.length >= PATHWAY_SHAPE.course) break;
    if (courses.some((course) => course.courseId === lesson.courseId)) continue;
    const course = definition.items.find(
      (item): item is Extract<PathwayItem, { kind: 'course' }> =>
        item.kind === 'course' && item.courseId === lesson.courseId,
    );
    if (course) courses.push(course);
  }
  const plan: string[] = [];
  for (const course of courses) {
    plan.push(course.id);
    const within = lessons
      .filter((lesson) => lesson.courseId === course.courseId)
      .slice(0, PATHWAY_SHAPE.lessonsPerCourse);
    plan.push(...within.map((lesson) => lesson.id));
  }
  plan.push(
    ...ofKind('circle')
      .slice(0, PATHWAY_SHAPE.circle)
      .map((item) => item.id),
  );
  plan.push(
    ...ofKind('ritual')
      .slice(0, PATHWAY_SHAPE.ritual)
      .map((item) => item.id),
  );
  if (plan.length > 0) return plan;
  const first = (kind: PathwayItemKind) => definition.items.find((item) => item.kind === kind)?.id;
  return [first('course'), first('ritual')].filter((itemId): itemId is string => itemId !== undefined);
}

/** Answers that do not fit the assessment (a 400 on the server, a message on the page). */
export class PathwayInputError extends Error {}
