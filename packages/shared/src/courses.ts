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
