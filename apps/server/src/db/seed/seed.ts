import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { circles } from '../schema/circles.ts';
import { courses, lessons } from '../schema/courses.ts';
import { forumCategories } from '../schema/forums.ts';
import { rituals } from '../schema/rituals.ts';
import { CIRCLES, FORUM_CATEGORIES } from './community-catalog.ts';
import { COURSES } from './courses-catalog.ts';
import { seedDemoData } from './demo-data.ts';
import { RITUALS } from './rituals-catalog.ts';
import { stableId } from './stable-id.ts';

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** The catalog every installation has. Re-running it updates texts in place and adds nothing twice. */
export async function seedCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const course of COURSES) {
      await tx
        .insert(courses)
        .values({
          id: course.id,
          title: course.title,
          summary: course.summary,
          description: course.description,
          estimatedHours: course.estimatedHours,
          orderIndex: course.id,
        })
        .onConflictDoUpdate({
          target: courses.id,
          set: {
            title: excluded('title'),
            summary: excluded('summary'),
            description: excluded('description'),
            estimatedHours: excluded('estimated_hours'),
            orderIndex: excluded('order_index'),
          },
        });
      await tx
        .insert(lessons)
        .values(
          course.lessons.map((lesson, index) => ({
            id: `${course.id}-${index + 1}`,
            courseId: course.id,
            position: index + 1,
            title: lesson.title,
            description: lesson.description,
            durationMinutes: lesson.durationMinutes,
          })),
        )
        .onConflictDoUpdate({
          target: lessons.id,
          set: {
            title: excluded('title'),
            description: excluded('description'),
            durationMinutes: excluded('duration_minutes'),
          },
        });
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
      .onConflictDoUpdate({
        target: rituals.slug,
        set: {
          title: excluded('title'),
          description: excluded('description'),
          instructions: excluded('instructions'),
          durationMinutes: excluded('duration_minutes'),
          category: excluded('category'),
          moonPhase: excluded('moon_phase'),
        },
      });

    await tx
      .insert(forumCategories)
      .values(FORUM_CATEGORIES.map((category, index) => ({ ...category, orderIndex: index + 1 })))
      .onConflictDoUpdate({
        target: forumCategories.slug,
        set: {
          name: excluded('name'),
          description: excluded('description'),
          icon: excluded('icon'),
          color: excluded('color'),
          orderIndex: excluded('order_index'),
        },
      });

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
  });
}

export async function runSeed(db: Db, options: { demoData: boolean; now?: Date }): Promise<void> {
  await seedCatalog(db);
  if (options.demoData) await seedDemoData(db, options.now ?? new Date());
}
