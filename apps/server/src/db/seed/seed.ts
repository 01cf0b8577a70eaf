import type { Db } from '../client.ts';
import { circles } from '../schema/circles.ts';
import { courseModules, courses, lessons } from '../schema/courses.ts';
import { forumCategories } from '../schema/forums.ts';
import { appSettings } from '../schema/operations.ts';
import { rituals } from '../schema/rituals.ts';
import { CIRCLES, FORUM_CATEGORIES } from './community-catalog.ts';
import { COURSES } from './courses-catalog.ts';
import { seedDemoData } from './demo-data.ts';
import { RITUALS } from './rituals-catalog.ts';
import { seedAssessment } from './seed-assessment.ts';
import { stableId } from './stable-id.ts';

const CATALOG_SEEDED = 'catalog_seeded';

/**
 * The starting content of a new install: the five courses (each with one module), the ritual templates
 * and the forum categories. From then on they are the owner's to edit in the admin Content area, so
 * this runs once per install (a marker in app_settings; migration 0014 sets it for installs that had the
 * catalog already): a course she deleted never comes back, a title she changed is never changed back.
 */
export async function seedCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: CATALOG_SEEDED, value: 'true' })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length > 0) await insertCatalog(tx);

    // Circles are the admins' to edit once they exist, so seeding only adds missing ones.
    await tx
      .insert(circles)
      .values(
        CIRCLES.map((circle) => ({
          id: stableId(`circle:${circle.key}`),
          name: circle.name,
          description: circle.description,
          type: circle.type,
          focusArea: circle.focusArea,
          maxMembers: circle.maxMembers,
        })),
      )
      .onConflictDoNothing();

    // After the catalog and circles: its items point at them.
    await seedAssessment(tx);
  });
}

async function insertCatalog(tx: Db): Promise<void> {
  for (const course of COURSES) {
    await tx
      .insert(courses)
      .values({
        id: course.id,
        title: course.title,
        slug: course.slug ?? null,
        summary: course.summary,
        description: course.description,
        estimatedHours: course.estimatedHours,
        orderIndex: course.id,
      })
      .onConflictDoNothing();
    const [module] = await tx
      .insert(courseModules)
      .values({ courseId: course.id, title: 'Lessons', position: 1 })
      .onConflictDoNothing()
      .returning({ id: courseModules.id });
    if (!module) continue;
    await tx
      .insert(lessons)
      .values(
        course.lessons.map((lesson, index) => ({
          id: `${course.id}-${index + 1}`,
          courseId: course.id,
          moduleId: module.id,
          position: index + 1,
          title: lesson.title,
          description: lesson.description,
          bodyMarkdown: lesson.description,
          durationMinutes: lesson.durationMinutes,
        })),
      )
      .onConflictDoNothing();
  }

  await tx
    .insert(rituals)
    .values(
      RITUALS.map((ritual) => ({
        slug: ritual.slug,
        title: ritual.title,
        description: ritual.description,
        instructions: ritual.instructions.join('\n'),
        durationMinutes: ritual.durationMinutes,
        category: ritual.category,
        moonPhase: ritual.moonPhase,
        isTemplate: true,
      })),
    )
    .onConflictDoNothing();

  await tx
    .insert(forumCategories)
    .values(FORUM_CATEGORIES.map((category, index) => ({ ...category, orderIndex: index + 1 })))
    .onConflictDoNothing();
}

export async function runSeed(db: Db, options: { demoData: boolean; now?: Date }): Promise<void> {
  await seedCatalog(db);
  if (options.demoData) await seedDemoData(db, options.now ?? new Date());
}
