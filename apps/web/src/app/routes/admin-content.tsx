import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { paths } from '../../config/paths.ts';
import { AssessmentEditor } from '../../features/assessment/components/assessment-editor.tsx';
import { BathIngredientsManager } from '../../features/content-studio/components/bath-ingredients-manager.tsx';
import { CourseCatalog } from '../../features/content-studio/components/course-catalog.tsx';
import { ForumCategoriesManager } from '../../features/content-studio/components/forum-categories-manager.tsx';
import { RitualTemplatesManager } from '../../features/content-studio/components/ritual-templates-manager.tsx';
import { RequireAdmin } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

const SECTIONS = [
  ['courses', 'Courses'],
  ['rituals', 'Rituals'],
  ['categories', 'Categories'],
  ['baths', 'Bath ingredients'],
  ['assessment', 'Assessment'],
] as const;
type Section = (typeof SECTIONS)[number][0];

function StudioLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-ink-muted">
      Loading Content Studio...
    </div>
  );
}

function ContentStudio() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('section');
  const section: Section = SECTIONS.some(([key]) => key === asked) ? (asked as Section) : 'courses';
  const open = (value: string) => setSearchParams(value === 'courses' ? {} : { section: value }, { replace: true });
  return (
    <MemberPage>
      <header className="flex flex-col gap-2">
        <Link
          to={paths.admin.getHref()}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Admin Panel
        </Link>
        <h1 className="text-3xl text-night-900 sm:text-4xl">Content Studio</h1>
        <p className="text-ink-muted">
          Your courses and lessons, the ritual templates, the forum categories, the bath ingredients and the
          self-assessment.
        </p>
      </header>
      <Tabs value={section} onValueChange={open}>
        <TabsList aria-label="Content sections">
          {SECTIONS.map(([key, label]) => (
            <TabsTrigger key={key} value={key}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="courses" className="pt-6">
          <CourseCatalog />
        </TabsContent>
        <TabsContent value="rituals" className="pt-6">
          <RitualTemplatesManager />
        </TabsContent>
        <TabsContent value="categories" className="pt-6">
          <ForumCategoriesManager />
        </TabsContent>
        <TabsContent value="baths" className="pt-6">
          <BathIngredientsManager />
        </TabsContent>
        <TabsContent value="assessment" className="pt-6">
          <AssessmentEditor />
        </TabsContent>
      </Tabs>
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireAdmin loading={<StudioLoading />}>
      <ContentStudio />
    </RequireAdmin>
  );
}
