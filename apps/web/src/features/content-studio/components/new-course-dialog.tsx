import { COURSE_TITLE_MAX, createCourseBodySchema } from '@lunara/shared/content-studio';
import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { createCourse, useRememberAdminCourse } from '../api/admin-courses.ts';
import { firstIssue } from './field.tsx';
import { TitleDialogButton } from './title-dialog.tsx';

const checkCourseTitle = (title: string) => firstIssue(createCourseBodySchema.safeParse({ title }));

/** "New course": asks only for the title, creates a draft with one module and opens its editor. */
export function NewCourseButton() {
  const navigate = useNavigate();
  const rememberCourse = useRememberAdminCourse();

  return (
    <TitleDialogButton
      trigger={
        <>
          <Plus className="size-4" aria-hidden="true" /> New course
        </>
      }
      variant="primary"
      size="md"
      title="New course"
      description="It starts as a draft: members see it once you publish it."
      fieldLabel="Course title"
      submitLabel="Create course"
      busyLabel="Creating…"
      maxLength={COURSE_TITLE_MAX}
      validate={checkCourseTitle}
      onSubmit={async (title, idempotencyKey) => {
        // The title as the server will keep it (the schema cleans it), as this dialog always sent it.
        const body = createCourseBodySchema.parse({ title });
        const course = await createCourse({ title: body.title, idempotencyKey });
        rememberCourse(course);
        navigate(paths.adminCourse.getHref(course.id));
      }}
    />
  );
}
