import { Link } from 'react-router';
import { type LoadedMenuProps, useFirstOpenFocus } from '../components/lazy-menu.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { SignOutButton } from '../features/auth/components/sign-out-button.tsx';

/** The member header's menu on a phone (member-header.tsx), downloaded the first time it is wanted. */
export function MemberNavMenu({
  trigger,
  opening,
  links,
}: LoadedMenuProps & { links: { to: string; label: string }[] }) {
  const focusFirstItem = useFirstOpenFocus(opening);
  return (
    <DropdownMenu defaultOpen={opening !== null}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" onFocus={focusFirstItem}>
        {links.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        <div className="border-t border-line p-1 pt-2">
          <SignOutButton variant="ghost" />
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
