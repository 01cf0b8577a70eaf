import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAdminCourse } from '../../features/content-studio/api/admin-courses.ts';
import { useAdminLesson } from '../../features/content-studio/api/admin-lessons.ts';
import { LessonEditor } from '../../features/content-studio/components/lesson-editor.tsx';
import { LessonNeighbours, LessonPageHeader } from '../../features/content-studio/components/lesson-page-header.tsx';
import { useDocumentTitle } from '../document-title.ts';
import { RequireAdmin } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

function EditorLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-ink-muted">
      Loading the lesson...
    </div>
  );
}

function LessonEditorPage() {
  const params = useParams();
  const lessonId = params.lessonId ?? '';
  const query = useAdminLesson(lessonId);
  const course = useAdminCourse(Number(params.courseId));
  useDocumentTitle(query.data && `Edit ${query.data.title}`);
  // Reload (after another admin's save) fetches the lesson and mounts the editor again from it.
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await query.refetch();
    setGeneration((now) => now + 1);
  };
  const lesson = query.data;
  return (
    <MemberPage>
      {query.isPending && <Spinner className="size-6 text-gold-500" />}
      {query.error && !lesson && <LoadError message="Failed to load the lesson" query={query} />}
      {lesson && (
        <LessonEditor
          key={`${lessonId}-${generation}`}
          lesson={lesson}
          onReload={reload}
          header={(status) => <LessonPageHeader lesson={lesson} course={course.data} status={status} />}
          footer={<LessonNeighbours lesson={lesson} course={course.data} />}
        />
      )}
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireAdmin loading={<EditorLoading />}>
      <LessonEditorPage />
    </RequireAdmin>
  );
}
