import { z } from 'zod';
import { FORUM_ICONS } from './community.ts';
import { COURSE_ACCESS, LESSON_ID_PATTERN } from './courses.ts';
import { mediaSchema } from './media-schemas.ts';
import { MOON_PHASE_KEYS } from './rituals.ts';
import { multiLineText, optionalMultiLineText, singleLineText } from './text.ts';
import { parseVideoLink, VIDEO_LINK_INVALID } from './video-links.ts';

/**
 * The admin Content area (issue 28): courses, modules, lessons, ritual templates and forum categories.
 * Every save carries the `version` it was made from; the server refuses an older one (409,
 * VERSION_CONFLICT) instead of overwriting what another admin saved meanwhile.
 */

export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const COURSE_TITLE_MAX = 120;
export const COURSE_SUMMARY_MAX = 300;
export const COURSE_DESCRIPTION_MAX = 5_000;
export const MODULE_TITLE_MAX = 120;
export const LESSON_TITLE_MAX = 160;
export const LESSON_DESCRIPTION_MAX = 1_000;
/** A lesson body's longest Markdown: a long chapter, far from a pasted book. */
export const LESSON_BODY_MAX = 100_000;
export const LESSON_DURATION_MAX = 24 * 60;
export const DRIP_DAYS_MAX = 3_650;
export const COURSE_HOURS_MAX = 1_000;
/** What one course holds at most: every list the studio and members read stays bounded. */
export const MODULES_PER_COURSE_MAX = 100;
export const LESSONS_PER_MODULE_MAX = 500;
/** Downloads and pictures one lesson holds at most. */
export const LESSON_FILES_MAX = 50;
export const LESSON_IMAGES_MAX = 200;

export const CONTENT_MESSAGES = {
  versionConflict:
    'Someone else saved changes here while you were editing. Reload to see their version, then make your changes again.',
  courseNotFound: 'Course not found',
  moduleNotFound: 'Module not found',
  lessonNotFound: 'Lesson not found',
  ritualNotFound: 'Ritual not found',
  categoryNotFound: 'Category not found',
  outlineMismatch: 'The outline changed while you were editing. Reload and try again.',
  orderMismatch: 'The list changed while you were reordering. Reload and try again.',
  publishEmpty: 'Add at least one lesson before publishing the course',
  tooManyCourses: 'The library holds at most 1,000 courses. Delete one you no longer need first.',
  tooManyModules: 'A course can have at most 100 modules',
  tooManyLessons: 'A module can have at most 500 lessons. Start a new module.',
  tooManyRituals: 'There can be at most 200 ritual templates. Remove one first.',
  tooManyCategories: 'There can be at most 200 forum categories. Delete or hide one first.',
  tooManyLessonFiles: 'A lesson can have at most 50 files. Remove one first.',
  tooManyLessonImages: 'A lesson can have at most 200 pictures',
  lastPublishedLesson: 'A published course keeps at least one lesson. Unpublish it first to remove this one.',
  moduleNotEmpty: 'Move or delete this module’s lessons first',
  lastModule: 'A course keeps at least one module',
  categoryHasTopics: 'This category has topics. Hide it instead, or move its topics first.',
  videoNotUploaded: 'That video is not an upload of this lesson',
  coverNotUploaded: 'That cover is not an upload of this course',
} as const;

// int4 in the database: anything larger is no version a row can have (409 rather than a database error).
const RELOAD = 'Reload the page and try again';
const version = z.number({ message: RELOAD }).int(RELOAD).min(1, RELOAD).max(2_147_483_647, RELOAD);
const minutes = z
  .number({ message: 'Duration must be a number of minutes' })
  .int('Duration must be a whole number of minutes')
  .min(1, 'Duration must be at least 1 minute')
  .max(LESSON_DURATION_MAX, 'Duration must be at most 24 hours');

// ---- Courses ----

export const adminCourseSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(COURSE_STATUSES),
  access: z.enum(COURSE_ACCESS),
  moduleCount: z.number().int(),
  lessonCount: z.number().int(),
  coverUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminCourseSummary = z.infer<typeof adminCourseSummarySchema>;
/** The most courses the catalog lists and orders in one answer (a catalog is tens of courses). */
export const COURSE_CATALOG_MAX = 1_000;
/** Every course, catalog order (at most COURSE_CATALOG_MAX: one answer). */
export const adminCourseListSchema = z.object({ courses: z.array(adminCourseSummarySchema) });
export type AdminCourseList = z.infer<typeof adminCourseListSchema>;

export const createCourseBodySchema = z.object({
  title: singleLineText(COURSE_TITLE_MAX, 'Give the course a title', 'The title'),
});
export type CreateCourseBody = z.infer<typeof createCourseBodySchema>;

/** PATCH /api/admin/courses/:courseId: any of the fields, with the version it was made from. */
export const updateCourseBodySchema = z.object({
  version,
  title: singleLineText(COURSE_TITLE_MAX, 'Give the course a title', 'The title').optional(),
  summary: optionalMultiLineText(COURSE_SUMMARY_MAX, 'The summary').optional(),
  description: optionalMultiLineText(COURSE_DESCRIPTION_MAX, 'The description').optional(),
  /** null: worked out from the lessons. */
  estimatedHours: z
    .number({ message: 'Hours must be a number' })
    .int('Hours must be a whole number')
    .min(1, 'Hours must be at least 1')
    .max(COURSE_HOURS_MAX, `Hours must be at most ${COURSE_HOURS_MAX}`)
    .nullable()
    .optional(),
  access: z.enum(COURSE_ACCESS, { message: 'Choose who can take the course' }).optional(),
  sequential: z.boolean().optional(),
  /** A course_cover upload of this course (uploaded with ?courseId=); null removes it. */
  coverMediaId: z.uuid({ message: CONTENT_MESSAGES.coverNotUploaded }).nullable().optional(),
});
export type UpdateCourseBody = z.infer<typeof updateCourseBodySchema>;

/** POST /api/admin/courses/:courseId/status: publish, unpublish (back to draft), archive or restore. */
export const courseStatusBodySchema = z.object({
  version,
  status: z.enum(COURSE_STATUSES, { message: 'Choose draft, published or archived' }),
});
export type CourseStatusBody = z.infer<typeof courseStatusBodySchema>;

/** PUT /api/admin/courses/order: the catalog's order, every course id once. */
export const courseOrderBodySchema = z.object({
  courseIds: z.array(z.number().int().positive()).min(1).max(COURSE_CATALOG_MAX),
});
export type CourseOrderBody = z.infer<typeof courseOrderBodySchema>;

/** GET /api/admin/courses/:courseId/impact: what deleting the course loses (said in the confirmation). */
export const courseImpactSchema = z.object({
  lessonCount: z.number().int(),
  /** Members with any progress in it. */
  membersWithProgress: z.number().int(),
  /** Members who finished it: their certificates can no longer be downloaded. */
  certificatesEarned: z.number().int(),
});
export type CourseImpact = z.infer<typeof courseImpactSchema>;

export const adminLessonSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  durationMinutes: z.number().int(),
  isFreePreview: z.boolean(),
  dripDays: z.number().int().nullable(),
  hasVideo: z.boolean(),
  fileCount: z.number().int(),
});
export type AdminLessonSummary = z.infer<typeof adminLessonSummarySchema>;

export const adminModuleSchema = z.object({
  id: z.string(),
  title: z.string(),
  lessons: z.array(adminLessonSummarySchema),
});
export type AdminModule = z.infer<typeof adminModuleSchema>;

/** GET /api/admin/courses/:courseId: the editor's course with its outline. */
export const adminCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  /** The owner's figure, or null (then `computedHours` is shown). */
  estimatedHours: z.number().int().nullable(),
  computedHours: z.number().int(),
  access: z.enum(COURSE_ACCESS),
  sequential: z.boolean(),
  status: z.enum(COURSE_STATUSES),
  cover: mediaSchema.nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  modules: z.array(adminModuleSchema),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

// ---- Modules and the outline ----

export const moduleBodySchema = z.object({
  title: singleLineText(MODULE_TITLE_MAX, 'Give the module a title', 'The title'),
});
export type ModuleBody = z.infer<typeof moduleBodySchema>;

/**
 * PUT /api/admin/courses/:courseId/outline: the order of the modules and of the lessons in each (lessons
 * may move between modules). Every module and lesson of the course exactly once, else 409 outlineMismatch.
 */
export const outlineBodySchema = z.object({
  version,
  modules: z
    .array(
      z.object({ id: z.uuid(), lessonIds: z.array(z.string().regex(LESSON_ID_PATTERN)).max(LESSONS_PER_MODULE_MAX) }),
    )
    .min(1)
    .max(MODULES_PER_COURSE_MAX),
});
export type OutlineBody = z.infer<typeof outlineBodySchema>;

// ---- Lessons ----

export const createLessonBodySchema = z.object({
  title: singleLineText(LESSON_TITLE_MAX, 'Give the lesson a title', 'The title'),
  durationMinutes: minutes.default(10),
});
export type CreateLessonBody = z.input<typeof createLessonBodySchema>;

export const adminLessonSchema = z.object({
  id: z.string(),
  courseId: z.number().int(),
  moduleId: z.string(),
  title: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  bodyMarkdown: z.string(),
  /** The YouTube or Vimeo link as entered, or null. */
  videoLink: z.string().nullable(),
  /** The uploaded video (wins over the link), or null. */
  video: mediaSchema.nullable(),
  files: z.array(mediaSchema),
  isFreePreview: z.boolean(),
  dripDays: z.number().int().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;

/** PATCH /api/admin/lessons/:lessonId (the autosave): any of the fields, with the version it was made from. */
export const updateLessonBodySchema = z.object({
  version,
  title: singleLineText(LESSON_TITLE_MAX, 'Give the lesson a title', 'The title').optional(),
  description: optionalMultiLineText(LESSON_DESCRIPTION_MAX, 'The short description').optional(),
  durationMinutes: minutes.optional(),
  bodyMarkdown: optionalMultiLineText(LESSON_BODY_MAX, 'The lesson text').optional(),
  videoLink: z
    .string()
    .trim()
    .max(500, VIDEO_LINK_INVALID)
    .refine((link) => parseVideoLink(link) !== null, VIDEO_LINK_INVALID)
    .nullable()
    .optional(),
  /** A lesson_video uploaded for this lesson (?lessonId=); null removes it. */
  videoMediaId: z.uuid({ message: CONTENT_MESSAGES.videoNotUploaded }).nullable().optional(),
  isFreePreview: z.boolean().optional(),
  dripDays: z
    .number({ message: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1 (or no delay)')
    .max(DRIP_DAYS_MAX, `Days must be at most ${DRIP_DAYS_MAX}`)
    .nullable()
    .optional(),
});
export type UpdateLessonBody = z.infer<typeof updateLessonBodySchema>;

// ---- Ritual templates ----

export const adminRitualSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** One step per line. */
  instructions: z.string(),
  durationMinutes: z.number().int(),
  category: z.string(),
  moonPhase: z.enum(MOON_PHASE_KEYS),
  /** Completions by members so far (removing a template keeps them). */
  completionCount: z.number().int(),
  version: z.number().int(),
});
export type AdminRitual = z.infer<typeof adminRitualSchema>;
/** The most templates the editor lists (members are offered at most 200 rituals, templates first). */
export const RITUAL_TEMPLATES_MAX = 200;
export const adminRitualListSchema = z.object({ rituals: z.array(adminRitualSchema) });
export type AdminRitualList = z.infer<typeof adminRitualListSchema>;

export const RITUAL_CATEGORY_MAX = 40;
const ritualFields = {
  title: singleLineText(120, 'Give the ritual a title', 'The title'),
  description: multiLineText(1000, 'Describe the ritual', 'The description'),
  instructions: multiLineText(5000, 'Write at least one step', 'The instructions'),
  durationMinutes: z
    .number({ message: 'Duration must be a number of minutes' })
    .int('Duration must be a whole number of minutes')
    .min(1, 'Duration must be at least 1 minute')
    .max(480, 'Duration must be at most 8 hours'),
  category: singleLineText(RITUAL_CATEGORY_MAX, 'Give the ritual a category', 'The category'),
  moonPhase: z.enum(MOON_PHASE_KEYS, { message: 'Choose a moon phase' }),
};
export const createRitualTemplateBodySchema = z.object(ritualFields);
export type CreateRitualTemplateBody = z.infer<typeof createRitualTemplateBodySchema>;
export const updateRitualTemplateBodySchema = z.object({ version, ...ritualFields });
export type UpdateRitualTemplateBody = z.infer<typeof updateRitualTemplateBodySchema>;

// ---- Forum categories ----

export const adminForumCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.enum(FORUM_ICONS),
  color: z.string(),
  /** Hidden categories are out of the forums; their topics are kept. */
  isActive: z.boolean(),
  topicCount: z.number().int(),
  version: z.number().int(),
});
export type AdminForumCategory = z.infer<typeof adminForumCategorySchema>;
/** The most categories the editor lists and orders in one answer. */
export const FORUM_CATEGORIES_MAX = 200;
export const adminForumCategoryListSchema = z.object({ categories: z.array(adminForumCategorySchema) });
export type AdminForumCategoryList = z.infer<typeof adminForumCategoryListSchema>;

/** The colours a category can take (the forum cards' accent), as stored. */
export const FORUM_COLORS = ['indigo', 'amber', 'rose', 'pink', 'violet', 'teal'] as const;
const categoryFields = {
  name: singleLineText(60, 'Give the category a name', 'The name'),
  description: multiLineText(300, 'Describe the category', 'The description'),
  icon: z.enum(FORUM_ICONS, { message: 'Choose an icon' }),
  color: z.enum(FORUM_COLORS, { message: 'Choose a colour' }),
  isActive: z.boolean().default(true),
};
export const createForumCategoryBodySchema = z.object(categoryFields);
export type CreateForumCategoryBody = z.input<typeof createForumCategoryBodySchema>;
export const updateForumCategoryBodySchema = z.object({ version, ...categoryFields });
export type UpdateForumCategoryBody = z.input<typeof updateForumCategoryBodySchema>;
export const categoryOrderBodySchema = z.object({ categoryIds: z.array(z.uuid()).min(1).max(FORUM_CATEGORIES_MAX) });
export type CategoryOrderBody = z.infer<typeof categoryOrderBodySchema>;
