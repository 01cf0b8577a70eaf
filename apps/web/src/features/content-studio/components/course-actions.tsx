import type { AdminCourse, CourseStatus } from '@lunara/shared/content-studio';
import { useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Copy, Eye, EyeOff, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { duplicateCourse, setCourseStatus, useRememberAdminCourse } from '../api/admin-courses.ts';
import type { Exclusive } from '../hooks/use-autosave.ts';
import { ActionError, type ActionFailure, failureOf } from './action-error.tsx';
import { DeleteCourseButton } from './delete-course-dialog.tsx';

const STATUS_ACTIONS: Record<
  CourseStatus,
  Array<{ to: CourseStatus; label: string; icon: ReactNode; primary?: boolean }>
> = {
  draft: [
    { to: 'published', label: 'Publish', icon: <Send className="size-4" aria-hidden="true" />, primary: true },
    { to: 'archived', label: 'Archive', icon: <Archive className="size-4" aria-hidden="true" /> },
  ],
  published: [
    { to: 'draft', label: 'Unpublish', icon: <EyeOff className="size-4" aria-hidden="true" /> },
    { to: 'archived', label: 'Archive', icon: <Archive className="size-4" aria-hidden="true" /> },
  ],
  archived: [{ to: 'draft', label: 'Restore', icon: <ArchiveRestore className="size-4" aria-hidden="true" /> }],
};

const DONE: Record<CourseStatus, string> = {
  published: 'Published: members can see it now',
  draft: 'Back to draft: members no longer see it',
  archived: 'Archived: hidden from members',
};

/**
 * Publish / Unpublish / Archive / Restore, Preview as a member, Duplicate and Delete. The status changes
 * carry the course's version, so they run through the editor's autosave queue (`exclusive`).
 */
export function CourseActions({
  course,
  exclusive,
  onReload,
}: {
  course: AdminCourse;
  exclusive: Exclusive;
  onReload: () => void;
}) {
  const queryClient = useQueryClient();
  const rememberCourse = useRememberAdminCourse();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<ActionFailure | null>(null);

  async function changeStatus(status: CourseStatus, label: string) {
    setBusy(label);
    setFailure(null);
    try {
      const updated = await exclusive((version) => setCourseStatus(course.id, { version, status }));
      rememberCourse(updated);
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
      toast.success(DONE[status]);
    } catch (error) {
      setFailure(failureOf(error, 'The status could not be changed'));
    } finally {
      setBusy(null);
    }
  }

  async function duplicate() {
    setBusy('Duplicate');
    setFailure(null);
    try {
      const copy = await duplicateCourse(course.id);
      rememberCourse(copy);
      toast.success(`“${copy.title}” created as a draft`);
      navigate(paths.adminCourse.getHref(copy.id));
    } catch (error) {
      setFailure(failureOf(error, 'The course could not be duplicated'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {STATUS_ACTIONS[course.status].map((action) => (
          <Button
            key={action.label}
            size="sm"
            variant={action.primary ? 'gold' : 'outline'}
            disabled={busy !== null}
            onClick={() => changeStatus(action.to, action.label)}
          >
            {action.icon}
            {busy === action.label ? `${action.label}…` : action.label}
          </Button>
        ))}
        <Button asChild size="sm" variant="outline">
          <Link to={`${paths.course.getHref(course.id)}?preview=1`}>
            <Eye className="size-4" aria-hidden="true" /> Preview as a member
          </Link>
        </Button>
        <Button size="sm" variant="ghost" disabled={busy !== null} onClick={duplicate}>
          <Copy className="size-4" aria-hidden="true" /> {busy === 'Duplicate' ? 'Duplicating…' : 'Duplicate'}
        </Button>
        <DeleteCourseButton courseId={course.id} title={course.title} />
      </div>
      <ActionError failure={failure} onReload={onReload} />
    </div>
  );
}
