import { cn } from '../../../lib/cn.ts';

/** Each course's own night-sky gradient and glyph: drawn in CSS and SVG, nothing to download. */
const ART: Record<number, { gradient: string; glyph: string }> = {
  1: {
    gradient: 'from-night-700 via-rose-600 to-gold-400',
    glyph: 'M32 10l5 14h15l-12 9 5 15-13-9-13 9 5-15-12-9h15z',
  },
  2: {
    gradient: 'from-night-800 via-night-600 to-rose-300',
    glyph: 'M32 12c10 10 14 18 14 25a14 14 0 01-28 0c0-7 4-15 14-25z',
  },
  3: {
    gradient: 'from-night-900 via-night-700 to-gold-300',
    glyph: 'M32 8a24 24 0 100 48 24 24 0 000-48zm0 10a14 14 0 110 28 14 14 0 010-28z',
  },
  4: {
    gradient: 'from-rose-700 via-rose-500 to-gold-300',
    glyph: 'M32 14c6 0 10 6 10 12 0 8-10 14-10 24 0-10-10-16-10-24 0-6 4-12 10-12z',
  },
  5: {
    gradient: 'from-night-800 via-night-600 to-gold-400',
    glyph: 'M14 38c6-4 12 4 18 0s12-4 18 0M14 46c6-4 12 4 18 0s12-4 18 0M32 10a8 8 0 100 16 8 8 0 000-16z',
  },
};

export function CourseArt({ courseId, className }: { courseId: number; className?: string }) {
  // The five drawings take turns for courses the owner adds.
  const art = ART[((((courseId - 1) % 5) + 5) % 5) + 1];
  return (
    <div
      aria-hidden="true"
      className={cn('relative flex items-center justify-center bg-gradient-to-br', art?.gradient, className)}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 64 64"
        className="size-16 text-moon-50/85"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d={art?.glyph} />
      </svg>
      <span className="absolute top-3 left-4 font-display text-sm text-moon-50/80">
        {String(courseId).padStart(2, '0')}
      </span>
    </div>
  );
}
