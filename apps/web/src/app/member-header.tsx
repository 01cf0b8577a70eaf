import { Menu } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { BrandMark } from '../components/brand-mark.tsx';
import { lazyMenu } from '../components/lazy-menu.tsx';
import { ThemeToggle } from '../components/theme-toggle.tsx';
import { Button } from '../components/ui/button.tsx';
import { paths } from '../config/paths.ts';
import { SignOutButton } from '../features/auth/components/sign-out-button.tsx';
import { cn } from '../lib/cn.ts';
import { useMembership } from './hooks/use-membership.ts';
import { MembershipBadge } from './membership-badge.tsx';

// The phone's menu downloads when it is first wanted (Radix's menu is not in any page's first load).
const MemberNavMenu = lazyMenu(() => import('./member-nav-menu.tsx').then((module) => module.MemberNavMenu));

/**
 * The header of every signed-in page: where she can go, what she holds, and the way out. Pages that
 * show the badge and sign-out themselves (the dashboard) turn the header's off.
 */
export function MemberHeader({ showAccount = true }: { showAccount?: boolean }) {
  const { isAdmin, isModerator, hasMembersArea, isPayingMember } = useMembership();
  const { pathname } = useLocation();
  const links: { to: string; label: string; show: boolean; alsoUnder?: string }[] = [
    { to: paths.dashboard.getHref(), label: 'Dashboard', show: true },
    { to: paths.courses.getHref(), label: 'Courses', show: isPayingMember },
    { to: paths.community.getHref(), label: 'Sisterhood', show: hasMembersArea, alsoUnder: '/pods/' },
    { to: paths.rituals.getHref(), label: 'Rituals', show: hasMembersArea },
    { to: paths.moderation.getHref(), label: 'Moderation', show: isModerator },
    { to: paths.admin.getHref(), label: 'Admin', show: isAdmin },
    { to: paths.settings.getHref(), label: 'Settings', show: true },
  ].filter((link) => link.show);

  return (
    <header className="bleed-safe sticky top-0 z-30 border-b border-line bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <BrandMark />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center rounded-full px-3.5 py-2 text-sm font-medium pointer-coarse:min-h-11',
                  isActive || (link.alsoUnder && pathname.startsWith(link.alsoUnder))
                    ? 'bg-night-900 text-moon-50'
                    : 'text-ink-muted hover:bg-moon-100 hover:text-ink',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          {showAccount && (
            <>
              <span className="hidden sm:inline-flex">
                <MembershipBadge />
              </span>
              <span className="hidden md:inline-flex">
                <SignOutButton />
              </span>
            </>
          )}
          <MemberNavMenu
            links={links}
            trigger={
              <Button variant="outline" size="sm" className="md:hidden" aria-label="Open menu">
                <Menu className="size-4" aria-hidden="true" />
              </Button>
            }
          />
        </div>
      </div>
    </header>
  );
}
