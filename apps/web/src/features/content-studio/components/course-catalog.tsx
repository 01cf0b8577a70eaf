import { type Announcements, closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AdminCourseSummary, CourseStatus } from '@lunara/shared/content-studio';
import { mediaImageUrl } from '@lunara/shared/media';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { getAdminCoursesQueryOptions, reorderCourses, useAdminCourses } from '../api/admin-courses.ts';
import { NewCourseButton } from './new-course-dialog.tsx';
import { SortableHandle } from './sortable-handle.tsx';
import { DRAG_INSTRUCTIONS, useSortableSensors } from './sortable-sensors.ts';

const STATUS_TEXT: Record<CourseStatus, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };
const STATUS_TONE = { draft: 'gold', published: 'night', archived: 'muted' } as const;

export function StatusBadge({ status }: { status: CourseStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_TEXT[status]}</Badge>;
}

/** The admin's catalog in its member-facing order; drag (or pick up with the keyboard) to reorder. */
export function CourseCatalog() {
  const query = useAdminCourses();
  const queryClient = useQueryClient();
  const sensors = useSortableSensors();
  const [error, setError] = useState<string | null>(null);
  const courses = query.data?.courses ?? [];
  const titleOf = (id: unknown) => courses.find((course) => course.id === id)?.title ?? 'Course';
  const positionOf = (id: unknown) => courses.findIndex((course) => course.id === id) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${courses.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is now at position ${positionOf(over.id)} of ${courses.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${courses.length}.`
        : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  async function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = courses.findIndex((course) => course.id === active.id);
    const to = courses.findIndex((course) => course.id === over.id);
    const reordered = arrayMove(courses, from, to);
    const key = getAdminCoursesQueryOptions().queryKey;
    // Shown at once; the server's order comes back with the refetch, whatever happened.
    queryClient.setQueryData(key, { courses: reordered });
    setError(null);
    try {
      await reorderCourses(reordered.map((course) => course.id));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The new order could not be saved');
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });
    }
  }

  return (
    <section aria-labelledby="catalog-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="catalog-heading" className="text-2xl text-night-900">
            Courses
          </h2>
          <p className="text-sm text-ink-muted">Members see published courses in this order. Drag to reorder.</p>
        </div>
        <NewCourseButton />
      </div>
      {query.isPending && <Spinner className="size-6 text-gold-500" />}
      {query.error && <LoadError message="Failed to load courses" query={query} />}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {query.data && courses.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-line border-dashed bg-white p-6 text-center text-ink-muted">
          No courses yet. Start with “New course”.
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
      >
        <SortableContext items={courses.map((course) => course.id)} strategy={verticalListSortingStrategy}>
          <ol className="flex flex-col gap-2" aria-label="Courses in catalog order">
            {courses.map((course) => (
              <CourseRow key={course.id} course={course} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}

function CourseRow({ course }: { course: AdminCourseSummary }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: course.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-center gap-3 rounded-[var(--radius-card)] border border-line bg-white p-2 pr-4 shadow-card',
        isDragging && 'relative z-10 ring-2 ring-gold-400',
      )}
    >
      <SortableHandle label={`Move ${course.title}`} attributes={attributes} listeners={listeners} />
      {course.coverUrl ? (
        <img
          src={mediaImageUrl(course.coverUrl, 400)}
          alt=""
          loading="lazy"
          className="h-12 w-18 shrink-0 rounded-md bg-moon-200 object-cover"
        />
      ) : (
        <span className="flex h-12 w-18 shrink-0 items-center justify-center rounded-md bg-night-900 text-gold-300">
          <BookOpen className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={paths.adminCourse.getHref(course.id)}
          className="font-medium text-night-900 underline-offset-4 [overflow-wrap:anywhere] hover:underline pointer-coarse:py-2.5"
        >
          {course.title}
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
          <StatusBadge status={course.status} />
          <span>{course.access === 'free' ? 'Free for every account' : 'Members only'}</span>
          <span>
            {course.lessonCount} {course.lessonCount === 1 ? 'lesson' : 'lessons'}
          </span>
        </div>
      </div>
    </li>
  );
}
