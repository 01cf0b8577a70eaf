import { z } from 'zod';

export const courseSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  estimatedHours: z.number().int(),
  lessonCount: z.number().int(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseListSchema = z.object({ courses: z.array(courseSummarySchema) });
export type CourseList = z.infer<typeof courseListSchema>;

/** The dashboard's "Your Journey" figures (real ones, decisions.md section 5). */
export const journeySchema = z.object({
  courseProgressPercent: z.number().int().min(0).max(100),
  lessonsCompleted: z.number().int(),
  totalLessons: z.number().int(),
  daysActive: z.number().int(),
});
export type Journey = z.infer<typeof journeySchema>;

export const LESSON_STATES = ['locked', 'available', 'complete'] as const;
export type LessonState = (typeof LESSON_STATES)[number];

export const lessonSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  /** Null until a real video is configured: the player shows its poster. */
  videoUrl: z.string().nullable(),
  state: z.enum(LESSON_STATES),
  completedAt: z.string().nullable(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const courseDetailSchema = courseSummarySchema.extend({
  lessons: z.array(lessonSchema),
  completedLessons: z.number().int(),
  progressPercent: z.number().int().min(0).max(100),
  completedAt: z.string().nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const courseProgressListSchema = z.object({
  progress: z.array(
    z.object({ courseId: z.number().int(), completedLessons: z.number().int(), progressPercent: z.number().int() }),
  ),
});
export type CourseProgressList = z.infer<typeof courseProgressListSchema>;

export const completeLessonResponseSchema = z.object({
  lessonId: z.string(),
  /** False when the lesson was already complete: nothing changed and nothing was awarded. */
  newlyCompleted: z.boolean(),
  pointsAwarded: z.number().int(),
  progressPercent: z.number().int(),
});
export type CompleteLessonResponse = z.infer<typeof completeLessonResponseSchema>;

export const LESSON_POINTS = 20;
export const LESSON_PROGRESS_PERCENTAGE = 100;

/** Progress = completed / total, as a whole percentage. */
export const progressPercent = (completed: number, total: number) =>
  total === 0 ? 0 : Math.round((completed / total) * 100);
