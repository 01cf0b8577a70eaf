import type { CourseImpact } from '@lunara/shared/content-studio';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import {
  deleteCourse,
  getAdminCourseQueryOptions,
  getAdminCoursesQueryOptions,
  getCourseImpact,
} from '../api/admin-courses.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What deleting loses, in the owner's words: members' progress and the certificates they earned. */
export function impactText(impact: CourseImpact): string {
  const progress = `${plural(impact.membersWithProgress, 'member has', 'members have')} progress in this course`;
  const certificates = `${impact.certificatesEarned} earned its certificate`;
  return `${plural(impact.lessonCount, 'lesson', 'lessons')} will be deleted. ${progress}; ${certificates}. This cannot be undone.`;
}

/** Delete, confirmed in a dialog that first asks the server what the course's deletion would lose. */
export function DeleteCourseButton({ courseId, title }: { courseId: number; title: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [impact, setImpact] = useState<CourseImpact | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  async function handleOpen() {
    setOpen(true);
    setImpact(null);
    setError(null);
    try {
      setImpact(await getCourseImpact(courseId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not check what the course holds');
    }
  }

  async function handleDelete() {
    setIsDeleting(true);
    setError(null);
    try {
      await deleteCourse(courseId);
      setOpen(false);
      queryClient.removeQueries({ queryKey: getAdminCourseQueryOptions(courseId).queryKey });
      await queryClient.invalidateQueries({ queryKey: getAdminCoursesQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
      toast.success(`“${title}” deleted`);
      navigate(paths.adminContent.getHref());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The course could not be deleted');
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <>
      <Button variant="ghost" size="sm" className="text-danger" onClick={handleOpen}>
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={`Delete “${title}”?`}
          description="The course, its modules, lessons and files go for good."
        >
          <div className="flex flex-col gap-4">
            {impact ? (
              <p className="text-ink">{impactText(impact)}</p>
            ) : (
              !error && (
                <p role="status" className="flex items-center gap-2 text-ink-muted">
                  <Spinner className="size-4" /> Checking what would be lost…
                </p>
              )
            )}
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="outline" onClick={() => setOpen(false)}>
                Keep course
              </Button>
              <Button variant="danger" disabled={!impact || isDeleting} onClick={handleDelete}>
                {isDeleting ? 'Deleting…' : 'Delete course'}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
