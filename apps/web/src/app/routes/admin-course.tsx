import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAdminCourse } from '../../features/content-studio/api/admin-courses.ts';
import { CourseEditor } from '../../features/content-studio/components/course-editor.tsx';
import { useDocumentTitle } from '../document-title.ts';
import { RequireAdmin } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

function EditorLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-ink-muted">
      Loading the course...
    </div>
  );
}

function CourseEditorPage() {
  const courseId = Number(useParams().courseId);
  const query = useAdminCourse(courseId);
  useDocumentTitle(query.data && `Edit ${query.data.title}`);
  // Reload (after another admin's save) fetches the course and mounts the editor again from it.
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await query.refetch();
    setGeneration((now) => now + 1);
  };
  return (
    <MemberPage>
      {query.isPending && <Spinner className="size-6 text-gold-500" />}
      {query.error && !query.data && <LoadError message="Failed to load the course" query={query} />}
      {query.data && <CourseEditor key={`${courseId}-${generation}`} course={query.data} onReload={reload} />}
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireAdmin loading={<EditorLoading />}>
      <CourseEditorPage />
    </RequireAdmin>
  );
}
