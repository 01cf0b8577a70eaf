import { z } from 'zod';

/** Who may take a course: an active membership (the default), or every signed-up account. */
export const COURSE_ACCESS = ['members', 'free'] as const;
export type CourseAccess = (typeof COURSE_ACCESS)[number];

export const courseSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  /** The owner's figure, or the lessons' durations rounded up to whole hours (at least 1). */
  estimatedHours: z.number().int(),
  lessonCount: z.number().int(),
  /** `/media/{id}` of the uploaded cover (widths: IMAGE_WIDTHS.course_cover), or null: the drawn art. */
  coverUrl: z.string().nullable(),
  access: z.enum(COURSE_ACCESS),
  /** The first lesson visitors may open (a free preview), for "Watch a free lesson" links. */
  previewLessonId: z.string().nullable(),
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

/**
 * What the viewer can do with a lesson:
 * - available: open it (and, with access to the course, mark it complete);
 * - complete: done, open to rewatch;
 * - locked: the course is taken in order and the lesson before is not complete;
 * - scheduled: dripped, it opens at `opensAt`;
 * - members_only: needs a membership (or, for a visitor, an account) and is not a free preview.
 */
export const LESSON_STATES = ['locked', 'available', 'complete', 'scheduled', 'members_only'] as const;
export type LessonState = (typeof LESSON_STATES)[number];

/** A lesson id as paths and outlines carry it ("{course}-{n}"): anything else names no lesson. */
export const LESSON_ID_PATTERN = /^[\w-]{1,20}$/;

export const lessonSchema = z.object({
  id: z.string(),
  moduleId: z.string(),
  /** 1-based, across the whole course (module by module). */
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  isFreePreview: z.boolean(),
  hasVideo: z.boolean(),
  state: z.enum(LESSON_STATES),
  /** Dripped lessons: when it opens for this member (ISO), else null. */
  opensAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const courseModuleSchema = z.object({ id: z.string(), title: z.string() });
export type CourseModule = z.infer<typeof courseModuleSchema>;

/**
 * Who is looking: a member with access to the course; an account without it (the course needs a
 * membership she does not have); a visitor (not signed in); an admin previewing (everything open,
 * nothing recorded, drafts included).
 */
export const COURSE_VIEWERS = ['member', 'account', 'visitor', 'preview'] as const;
export type CourseViewer = (typeof COURSE_VIEWERS)[number];

export const courseDetailSchema = courseSummarySchema.extend({
  /** A stable name for a course the app recognises ('spiritual-baths': the bath builder's), or null. */
  slug: z.string().nullable(),
  /** Ordered; each lesson names its module. */
  modules: z.array(courseModuleSchema),
  /** Every lesson in order (module by module). */
  lessons: z.array(lessonSchema),
  viewer: z.enum(COURSE_VIEWERS),
  /** Lessons must be completed in order. */
  sequential: z.boolean(),
  /** Only when previewing: 'draft' or 'archived' courses are shown to admins with a banner. */
  status: z.enum(['draft', 'published', 'archived']),
  completedLessons: z.number().int(),
  progressPercent: z.number().int().min(0).max(100),
  completedAt: z.string().nullable(),
  /** "Continue where you left off": the next lesson to open and the video position in it (members only). */
  resume: z.object({ lessonId: z.string(), positionSeconds: z.number().int() }).nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** A lesson's video: an uploaded file served from /media, or a privacy-enhanced YouTube/Vimeo embed. */
export const lessonVideoSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('upload'), url: z.string(), contentType: z.string() }),
  z.object({ provider: z.enum(['youtube', 'vimeo']), embedUrl: z.string() }),
]);
export type LessonVideo = z.infer<typeof lessonVideoSchema>;

export const lessonFileSchema = z.object({
  id: z.string(),
  /** `/media/{id}` (a download). */
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
});
export type LessonFile = z.infer<typeof lessonFileSchema>;

/** GET /api/courses/:courseId/lessons/:lessonId: the lesson page's content (the outline is the course's). */
export const lessonContentSchema = z.object({
  courseId: z.number().int(),
  lesson: lessonSchema,
  /** Markdown; the page renders it without raw HTML. */
  bodyMarkdown: z.string(),
  video: lessonVideoSchema.nullable(),
  files: z.array(lessonFileSchema),
  previousLessonId: z.string().nullable(),
  nextLessonId: z.string().nullable(),
  /** Where she stopped in the uploaded video (0 for visitors, previews and embeds). */
  positionSeconds: z.number().int(),
  /** She may mark it complete (access to the course, not a preview). */
  canComplete: z.boolean(),
});
export type LessonContent = z.infer<typeof lessonContentSchema>;

/** PUT /api/courses/:courseId/lessons/:lessonId/position: saved every few seconds while the video plays. */
export const LESSON_POSITION_MAX_SECONDS = 24 * 60 * 60;
export const lessonPositionBodySchema = z.object({
  seconds: z
    .number({ message: 'The position must be a number of seconds' })
    .int('The position must be a whole number of seconds')
    .min(0, 'The position cannot be negative')
    .max(LESSON_POSITION_MAX_SECONDS, 'The position must be at most 24 hours'),
});
export type LessonPositionBody = z.infer<typeof lessonPositionBodySchema>;

/** GET /api/me/continue: the dashboard's "Continue where you left off" (null when nothing is under way). */
export const continueLearningSchema = z.object({
  next: z
    .object({
      courseId: z.number().int(),
      courseTitle: z.string(),
      lessonId: z.string(),
      lessonTitle: z.string(),
      /** 1-based position of the lesson in the course, and the course's lesson count. */
      lessonPosition: z.number().int(),
      lessonCount: z.number().int(),
      positionSeconds: z.number().int(),
      progressPercent: z.number().int().min(0).max(100),
    })
    .nullable(),
});
export type ContinueLearning = z.infer<typeof continueLearningSchema>;

/** Messages the lesson routes answer with (the UI shows them as they are). */
export const LESSON_MESSAGES = {
  previousFirst: 'Complete the previous lesson first',
  membersOnly: 'This lesson is for members. Join the Sisterhood to open it.',
  signInFirst: 'Sign in to open this lesson',
  notFound: 'Lesson not found',
} as const;

/** "This lesson opens on 3 December 2026" (the date in the member's time zone). */
export function lessonOpensMessage(opensAt: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(
    opensAt,
  );
  return `This lesson opens on ${date}`;
}

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

/** Hours shown for a course: the owner's figure, else the lessons' minutes rounded up (at least 1). */
export const estimatedHoursOf = (setHours: number | null, totalMinutes: number) =>
  setHours ?? Math.max(1, Math.ceil(totalMinutes / 60));

/** Progress = completed / total, as a whole percentage. */
export const progressPercent = (completed: number, total: number) =>
  total === 0 ? 0 : Math.round((completed / total) * 100);
