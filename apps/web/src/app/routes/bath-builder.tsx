import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useBathCatalog } from '../../features/baths/api/bath-catalog.ts';
import { BathBuilder } from '../../features/baths/components/bath-builder.tsx';
import { SavedBathsList } from '../../features/baths/components/saved-baths-list.tsx';
import { useErrorToast } from '../../lib/use-error-toast.ts';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

function BathBuilderPage() {
  const catalog = useBathCatalog();
  useErrorToast(catalog.error, 'Failed to load the ingredients');
  return (
    <>
      <header className="flex flex-col gap-2">
        <Link
          to={paths.rituals.getHref()}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Daily Rituals
        </Link>
        <h1 className="text-3xl text-night-900 sm:text-4xl">Spiritual Bath Builder</h1>
        <p className="text-ink-muted">
          Choose an intention, the moon and a few ingredients: your bath ritual takes shape as you go, and you can keep
          it with your rituals, print it and share it.
        </p>
      </header>
      {catalog.isPending ? (
        <Spinner className="size-6 text-gold-500" />
      ) : catalog.isError ? (
        <LoadError message="Failed to load the ingredients" query={catalog} />
      ) : (
        <BathBuilder catalog={catalog.data} />
      )}
      <SavedBathsList />
    </>
  );
}

export function Component() {
  return (
    <RequireMembership area="members">
      <MemberPage>
        <BathBuilderPage />
      </MemberPage>
    </RequireMembership>
  );
}
