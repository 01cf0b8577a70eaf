import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSavedBath } from '../../features/baths/api/saved-baths.ts';
import { BathRecipeView } from '../../features/baths/components/bath-recipe-view.tsx';
import { SavedBathActions } from '../../features/baths/components/saved-bath-actions.tsx';
import { useDocumentTitle } from '../document-title.ts';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

/** A saved bath's recipe, laid out to print: the header and the buttons stay on screen only. */
function BathRecipePage({ bathId }: { bathId: string }) {
  const bath = useSavedBath(bathId);
  useDocumentTitle(bath.data?.recipe.title);
  return (
    <>
      <Link
        to={paths.bathBuilder.getHref()}
        className="inline-flex w-fit items-center gap-1.5 text-sm text-rose-700 underline-offset-4 hover:underline print:hidden pointer-coarse:min-h-11"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Spiritual Bath Builder
      </Link>
      {bath.isPending ? (
        <Spinner className="size-6 text-gold-500" />
      ) : bath.isError ? (
        <LoadError message="Failed to load this bath" query={bath} />
      ) : (
        <Card className="flex max-w-3xl flex-col gap-6 print:max-w-none print:border-0 print:p-0 print:shadow-none">
          <BathRecipeView recipe={bath.data.recipe} as="h1" />
          <div className="flex flex-col gap-3 border-t border-line pt-4 print:hidden">
            <Button className="w-fit" onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden="true" /> Print
            </Button>
            <SavedBathActions bath={bath.data} showPrint={false} />
          </div>
        </Card>
      )}
    </>
  );
}

export function Component() {
  const { bathId = '' } = useParams();
  return (
    <RequireMembership area="members">
      <MemberPage>
        <BathRecipePage bathId={bathId} />
      </MemberPage>
    </RequireMembership>
  );
}
