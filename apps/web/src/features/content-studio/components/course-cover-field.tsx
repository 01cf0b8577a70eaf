import { ACCEPTED_TYPES_TEXT, formatBytes, mediaImageUrl } from '@lunara/shared/media';
import { BookOpen, ImagePlus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useUpload } from '../hooks/use-upload.ts';
import { FilePickButton } from './file-pick-button.tsx';
import { UploadProgress } from './upload-progress.tsx';

/**
 * The course's cover: uploaded at once (progress, Cancel), then saved on the course like any other
 * field (the autosave sends coverMediaId). The preview is the last upload, before the save confirms it.
 */
export function CourseCoverField({
  courseId,
  coverUrl,
  onCoverChange,
}: {
  courseId: number;
  coverUrl: string | null;
  onCoverChange: (cover: { id: string; url: string } | null) => void;
}) {
  const upload = useUpload('course_cover', { courseId: String(courseId) });
  async function handlePick([file]: File[]) {
    if (!file) return;
    const media = await upload.start(file);
    if (media) onCoverChange({ id: media.id, url: media.url });
  }
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 className="text-xl text-night-900">Cover image</h2>
      {coverUrl ? (
        <img
          src={mediaImageUrl(coverUrl, 800)}
          alt="The course cover"
          className="aspect-[16/9] w-full rounded-lg bg-moon-200 object-cover"
        />
      ) : (
        <div className="flex aspect-[16/9] w-full flex-col items-center justify-center gap-2 rounded-lg bg-night-900 text-gold-300">
          <BookOpen className="size-8" aria-hidden="true" />
          <span className="text-sm text-moon-50/80">No cover: the course’s drawn art is shown</span>
        </div>
      )}
      {upload.fileName ? (
        <UploadProgress fileName={upload.fileName} progress={upload.progress} onCancel={upload.cancel} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <FilePickButton
            kind="course_cover"
            label={coverUrl ? 'Replace cover' : 'Upload cover'}
            icon={<ImagePlus className="size-4" aria-hidden="true" />}
            onPick={handlePick}
          />
          {coverUrl && (
            <Button variant="ghost" size="sm" onClick={() => onCoverChange(null)}>
              <Trash2 className="size-4" aria-hidden="true" /> Remove cover
            </Button>
          )}
        </div>
      )}
      <p className="text-xs text-ink-muted">
        {ACCEPTED_TYPES_TEXT.course_cover.replace(/^a/, 'A')}, at most {formatBytes(upload.limit)}. Wide images (16:9)
        look best.
      </p>
      {upload.error && (
        <p role="alert" className="text-sm text-danger [overflow-wrap:anywhere]">
          {upload.error}
        </p>
      )}
    </Card>
  );
}
