import type { CourseDetail } from '@lunara/shared/courses';
import { Eye } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

/** An admin previewing (?preview=1): nothing she does here is recorded, and a draft is not live yet. */
export function PreviewBanner({ status }: { status: CourseDetail['status'] }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-[var(--radius-card)] border border-night-700 bg-night-900 px-5 py-3 text-moon-50"
    >
      <Eye className="size-5 text-gold-300" aria-hidden="true" />
      <p className="flex-1">Preview: this is how members see this course</p>
      {status === 'draft' && <Badge tone="bright">Draft</Badge>}
      {status === 'archived' && <Badge tone="muted">Archived</Badge>}
    </div>
  );
}
