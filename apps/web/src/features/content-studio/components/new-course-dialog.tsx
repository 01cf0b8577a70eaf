import { COURSE_TITLE_MAX, createCourseBodySchema } from '@lunara/shared/content-studio';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { paths } from '../../../config/paths.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { createCourse, getAdminCourseQueryOptions } from '../api/admin-courses.ts';

/** "New course": asks only for the title, creates a draft with one module and opens its editor. */
export function NewCourseButton() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = useSubmitOnce();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = createCourseBodySchema.safeParse({ title });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    setIsSending(true);
    setError(undefined);
    try {
      const course = await createCourse({ title: parsed.data.title, idempotencyKey });
      submit.succeeded();
      queryClient.setQueryData(getAdminCourseQueryOptions(course.id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'courses'] });
      setOpen(false);
      setTitle('');
      navigate(paths.adminCourse.getHref(course.id));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The course could not be created');
    } finally {
      submit.settled();
      setIsSending(false);
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden="true" /> New course
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="New course" description="It starts as a draft: members see it once you publish it.">
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-title`}>Course title</Label>
              <Input
                id={`${id}-title`}
                value={title}
                maxLength={COURSE_TITLE_MAX}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setTitle(event.target.value)}
              />
              <FieldError id={`${id}-error`} message={error} />
            </div>
            <div className="flex justify-end gap-3">
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSending}>
                {isSending ? 'Creating…' : 'Create course'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
