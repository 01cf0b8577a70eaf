import { Flag } from 'lucide-react';
import { useState } from 'react';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { REPORT_NOUNS, type ReportTarget } from './report-nouns.ts';

// Under every post, comment and reply: the dialog's code (and its form's checks) downloads when first opened.
const ReportDialog = lazyPart(
  'features/moderation/components/report-dialog.tsx',
  () => import('./report-dialog.tsx').then((module) => module.ReportDialog),
  null,
);

/** A small "Report" control that opens the dialog; `withText` shows the word beside the flag. */
export function ReportButton({
  target,
  withText = false,
  className,
}: {
  target: ReportTarget;
  withText?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const label = `Report ${REPORT_NOUNS[target.type]}`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={withText ? undefined : label}
        title={withText ? undefined : label}
        className={className}
        onClick={() => setOpen(true)}
      >
        <Flag className="size-4" aria-hidden="true" />
        {withText && label}
      </Button>
      {open && <ReportDialog target={target} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The line a hidden item's author and staff see on it. */
export function HiddenForReviewNote() {
  return (
    <p className="rounded-lg bg-moon-100 px-3 py-2 text-sm text-ink-muted" role="note">
      Hidden while a moderator reviews it
    </p>
  );
}
