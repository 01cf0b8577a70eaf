import { type AdminCourse, updateCourseBodySchema } from '@lunara/shared/content-studio';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { updateCourse, useRememberAdminCourse } from '../api/admin-courses.ts';
import { useAutosave } from '../hooks/use-autosave.ts';
import { CourseActions } from './course-actions.tsx';
import { StatusBadge } from './course-catalog.tsx';
import { CourseCoverField } from './course-cover-field.tsx';
import { CourseDetailsForm, type CourseFields } from './course-details-form.tsx';
import { CourseOutline } from './course-outline.tsx';
import { firstIssue } from './field.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { SaveStatus } from './save-status.tsx';

/**
 * The course editor: its fields autosave, its status and outline change through the same version queue,
 * and leaving with changes the server does not have asks first. Mounted again (a new `key`) on Reload.
 */
export function CourseEditor({ course, onReload }: { course: AdminCourse; onReload: () => void }) {
  const rememberCourse = useRememberAdminCourse();
  const [coverUrl, setCoverUrl] = useState(course.cover?.url ?? null);
  const autosave = useAutosave<CourseFields, AdminCourse>({
    version: course.version,
    save: (patch) => updateCourse(course.id, patch),
    validate: (patch) => firstIssue(updateCourseBodySchema.safeParse(patch)),
    onSaved: rememberCourse,
  });

  return (
    <div className="flex flex-col gap-6">
      <LeaveGuard when={autosave.isDirty} />
      <header className="flex flex-col gap-3">
        <Link
          to={paths.adminContent.getHref()}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> All courses
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="min-w-0 text-3xl text-night-900 [overflow-wrap:anywhere] sm:text-4xl">{course.title}</h1>
          <StatusBadge status={course.status} />
          <div className="w-full sm:ml-auto sm:w-auto">
            <SaveStatus state={autosave} onRetry={autosave.retry} onReload={onReload} />
          </div>
        </div>
        <CourseActions course={course} exclusive={autosave.exclusive} onReload={onReload} />
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <CourseDetailsForm course={course} onChange={autosave.change} />
        <div>
          <CourseCoverField
            courseId={course.id}
            coverUrl={coverUrl}
            onCoverChange={(cover) => {
              setCoverUrl(cover?.url ?? null);
              autosave.change({ coverMediaId: cover?.id ?? null });
              autosave.flush();
            }}
          />
        </div>
      </div>
      <CourseOutline course={course} exclusive={autosave.exclusive} onReload={onReload} />
    </div>
  );
}
