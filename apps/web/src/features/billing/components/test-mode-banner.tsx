import { FlaskConical } from 'lucide-react';

export function TestModeBanner() {
  return (
    <p className="flex items-center gap-2 rounded-[var(--radius-control)] border border-gold-400 bg-gold-300/30 px-4 py-3 text-sm font-medium text-gold-700">
      <FlaskConical className="size-4" aria-hidden="true" />
      Test mode - no card is charged
    </p>
  );
}
