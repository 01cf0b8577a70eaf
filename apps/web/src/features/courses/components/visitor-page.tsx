import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

/** The course and lesson pages' frame for a visitor: the brand, a way to log in or join, the same column. */
export function VisitorPage({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-moon-50">
      <header className="border-b border-line bg-white/90">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <BrandMark />
          <nav aria-label="Account" className="flex items-center gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.auth.getHref()}>Log in</Link>
            </Button>
            <Button asChild variant="gold" size="sm">
              <Link to={paths.auth.getHref('signup')}>Join</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">{children}</main>
    </div>
  );
}
