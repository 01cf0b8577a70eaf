import { REACTIONS, type ReactionKey } from '@lunara/shared/reactions-constants';
import { Check } from 'lucide-react';
import { type LoadedMenuProps, useFirstOpenFocus } from '../../../components/lazy-menu.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';

interface ReactionMenuProps {
  mine: ReactionKey[];
  onToggle: (reaction: ReactionKey) => void;
}

/** The five reactions under a post's "React" button (post-reactions.tsx), downloaded when first wanted. */
export function ReactionMenu({ trigger, opening, mine, onToggle }: LoadedMenuProps & ReactionMenuProps) {
  const focusFirstItem = useFirstOpenFocus(opening);
  return (
    <DropdownMenu defaultOpen={opening !== null}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-0" onFocus={focusFirstItem}>
        {REACTIONS.map((reaction) => (
          <DropdownMenuItem key={reaction.key} onSelect={() => onToggle(reaction.key)}>
            <span aria-hidden="true" className="text-lg leading-none">
              {reaction.emoji}
            </span>
            {reaction.label}
            {mine.includes(reaction.key) && (
              <>
                <Check className="ml-auto size-4 text-rose-600" aria-hidden="true" />
                <span className="sr-only"> (given)</span>
              </>
            )}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
