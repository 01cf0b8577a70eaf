import { ACCEPTED_TYPES_TEXT, formatBytes, type Media } from '@lunara/shared/media';
import { FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { deleteMedia } from '../api/admin-lessons.ts';
import { useUpload } from '../hooks/use-upload.ts';
import { FilePickButton } from './file-pick-button.tsx';
import { UploadProgress } from './upload-progress.tsx';

/**
 * The lesson's downloads (workbooks, audio meditations): several picked at once upload one after the
 * other, each with progress and Cancel; each listed file can be removed. They belong to the lesson as
 * soon as they are uploaded (no save needed), so `onChanged` only refreshes the list.
 */
export function LessonFilesField({
  lessonId,
  files,
  onChanged,
}: {
  lessonId: string;
  files: Media[];
  onChanged: () => Promise<unknown>;
}) {
  const upload = useUpload('lesson_file', { lessonId });
  const [queued, setQueued] = useState(0);
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handlePick(picked: File[]) {
    setError(null);
    setQueued(picked.length);
    for (const [index, file] of picked.entries()) {
      setQueued(picked.length - index - 1);
      const media = await upload.start(file);
      // Cancelled or refused: the rest stay unsent, and the message says why.
      if (!media) break;
      await onChanged();
    }
    setQueued(0);
  }

  async function remove(file: Media) {
    setRemoving(file.id);
    setError(null);
    try {
      await deleteMedia(file.id);
      await onChanged();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The file could not be removed');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-xl text-night-900">Files to download</h2>
      {files.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" aria-label="Lesson files">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2">
              <FileText className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
              <a
                href={file.url}
                download={file.fileName}
                className="min-w-0 flex-1 text-sm text-night-900 underline-offset-4 [overflow-wrap:anywhere] hover:underline"
              >
                {file.fileName}
              </a>
              <span className="shrink-0 text-xs text-ink-muted tabular-nums">{formatBytes(file.byteSize)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${file.fileName}`}
                disabled={removing === file.id}
                onClick={() => remove(file)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">No files yet.</p>
      )}
      {upload.fileName ? (
        <div className="flex flex-col gap-1">
          <UploadProgress fileName={upload.fileName} progress={upload.progress} onCancel={upload.cancel} />
          {queued > 0 && <p className="text-xs text-ink-muted">{queued} more waiting</p>}
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <div>
            <FilePickButton kind="lesson_file" label="Upload files" multiple onPick={handlePick} />
          </div>
          <p className="text-xs text-ink-muted">
            {ACCEPTED_TYPES_TEXT.lesson_file.replace(/^a/, 'A')}; at most {formatBytes(upload.limit)} each.
          </p>
        </div>
      )}
      {(upload.error || error) && (
        <p role="alert" className="text-sm text-danger [overflow-wrap:anywhere]">
          {upload.error ?? error}
        </p>
      )}
    </div>
  );
}
