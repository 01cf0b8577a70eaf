import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Progress } from '../../../components/ui/progress.tsx';

/** A running upload: its name, a progress bar with the percentage, and Cancel. */
export function UploadProgress({
  fileName,
  progress,
  onCancel,
}: {
  fileName: string;
  progress: number;
  onCancel: () => void;
}) {
  const percent = Math.round(progress * 100);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Progress value={percent} label={`Uploading ${fileName}`} className="min-w-32 flex-1" />
      <span className="w-10 text-right text-xs text-ink-muted tabular-nums">{percent}%</span>
      <Button variant="outline" size="sm" onClick={onCancel}>
        <X className="size-4" aria-hidden="true" /> Cancel upload
      </Button>
    </div>
  );
}
