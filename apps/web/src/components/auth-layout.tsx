import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark.tsx';
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
    <main className="flex min-h-dvh flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,var(--color-night-700),var(--color-night-950)_70%)] px-4 py-12">
      <div className="mb-8">
        <BrandMark tone="light" />
      </div>
      <Card className="w-full max-w-md">
        <h1 className="text-3xl text-night-900">{title}</h1>
        <p className="mt-2 mb-6 text-ink-muted">{description}</p>
        {children}
      </Card>
    </main>
  );
}
