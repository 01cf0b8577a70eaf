import type { LucideIcon } from 'lucide-react';
import { Card } from '../components/ui/card.tsx';

/** The heading of a members' area, with what it holds. */
export function SectionIntro({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: string }) {
  return (
    <Card className="flex flex-col gap-3 bg-gradient-to-br from-white to-moon-100">
      <Icon className="size-8 text-rose-600" aria-hidden="true" />
      <h1 className="text-3xl text-night-900 sm:text-4xl">{title}</h1>
      <p className="max-w-2xl text-ink-muted">{children}</p>
    </Card>
  );
}
