import type { CourseDetail, Lesson } from '@lunara/shared/courses';

/** Whether this viewer can open the lesson page (the server decides again: this only avoids dead links). */
export const canOpenLesson = (lesson: Lesson, viewer: CourseDetail['viewer']) =>
  viewer === 'preview' || lesson.state === 'available' || lesson.state === 'complete';

/** The course's lessons under their modules, in order; lessons of a module not listed are dropped. */
export function lessonsByModule(course: Pick<CourseDetail, 'modules' | 'lessons'>) {
  return course.modules
    .map((module) => ({ module, lessons: course.lessons.filter((lesson) => lesson.moduleId === module.id) }))
    .filter((group) => group.lessons.length > 0);
}
