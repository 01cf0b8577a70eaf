import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { Card } from './ui/card.tsx';

/** The calm night-sky frame around the auth screens. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,var(--color-sky-700),var(--color-night-950)_70%)] px-4 py-12">
      {/* On the night sky in both themes: the light theme's light text. */}
      <div className="mb-8 flex items-center gap-3" data-theme="light">
        <BrandMark tone="light" />
        <ThemeToggle variant="onDark" />
      </div>
      <Card className="w-full max-w-md">
        <h1 className="text-3xl text-night-900">{title}</h1>
        <p className="mt-2 mb-6 text-ink-muted">{description}</p>
        {children}
      </Card>
    </main>
  );
}
