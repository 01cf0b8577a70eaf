import type { SavedBath } from '@lunara/shared/bath-schemas';
import { MessageCircle, Printer, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { ShareBathDialog } from './share-bath-dialog.tsx';

/** What she can do with a saved bath: complete it on the rituals page, print it, share it once. */
export function SavedBathActions({ bath, showPrint = true }: { bath: SavedBath; showPrint?: boolean }) {
  const [isSharing, setIsSharing] = useState(false);
  return (
    <div className="flex flex-col gap-3 print:hidden">
      <p className="text-sm text-ink">
        Saved to your rituals: complete it on the{' '}
        <Link to={paths.rituals.getHref()} className="text-rose-700 underline underline-offset-4">
          Rituals page
        </Link>{' '}
        when you take your bath.
      </p>
      <div className="flex flex-wrap gap-2">
        {showPrint && (
          <Link to={paths.bathRecipe.getHref(bath.id)} className={buttonClasses('outline', 'sm')}>
            <Printer className="size-4" aria-hidden="true" /> Print recipe
          </Link>
        )}
        {bath.sharedPostId ? (
          <Link to={paths.post.getHref(bath.sharedPostId)} className={buttonClasses('outline', 'sm')}>
            <MessageCircle className="size-4" aria-hidden="true" /> See your post
          </Link>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setIsSharing(true)}>
            <Share2 className="size-4" aria-hidden="true" /> Share to the feed
          </Button>
        )}
      </div>
      <ShareBathDialog bathId={bath.id} open={isSharing} onOpenChange={setIsSharing} />
    </div>
  );
}
