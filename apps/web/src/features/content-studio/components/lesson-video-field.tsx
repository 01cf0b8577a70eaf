import { ACCEPTED_TYPES_TEXT, formatBytes } from '@lunara/shared/media';
import { parseVideoLink, VIDEO_LINK_INVALID } from '@lunara/shared/video-links';
import { Trash2, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useUpload } from '../hooks/use-upload.ts';
import { FilePickButton } from './file-pick-button.tsx';
import { UploadProgress } from './upload-progress.tsx';

export interface ShownVideo {
  id: string;
  url: string;
  fileName: string;
}

/**
 * The lesson's video: an upload (progress, Cancel), or a YouTube/Vimeo link checked as she types and
 * previewed with the same privacy-enhanced embed members get. An upload wins over a link.
 */
export function LessonVideoField({
  lessonId,
  video,
  link,
  onVideoChange,
  onLinkChange,
}: {
  lessonId: string;
  video: ShownVideo | null;
  link: string;
  onVideoChange: (video: ShownVideo | null) => void;
  onLinkChange: (link: string) => void;
}) {
  const id = useId();
  const upload = useUpload('lesson_video', { lessonId });
  const [linkTouched, setLinkTouched] = useState(false);
  const trimmed = link.trim();
  const embed = trimmed ? parseVideoLink(trimmed) : null;
  const linkError = trimmed && !embed ? VIDEO_LINK_INVALID : null;

  async function handlePick([file]: File[]) {
    if (!file) return;
    const media = await upload.start(file);
    if (media) onVideoChange({ id: media.id, url: media.url, fileName: media.fileName });
  }

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl text-night-900">Video</h2>
      {video ? (
        <div className="flex flex-col gap-2">
          {/* biome-ignore lint/a11y/useMediaCaption: the owner's own upload, previewed; captions are hers to add. */}
          <video src={video.url} controls preload="metadata" className="aspect-video w-full rounded-lg bg-night-950" />
          <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <Video className="size-4" aria-hidden="true" />
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{video.fileName}</span>
            <Button variant="ghost" size="sm" onClick={() => onVideoChange(null)}>
              <Trash2 className="size-4" aria-hidden="true" /> Remove video
            </Button>
          </div>
        </div>
      ) : null}
      {upload.fileName ? (
        <UploadProgress fileName={upload.fileName} progress={upload.progress} onCancel={upload.cancel} />
      ) : (
        <div className="flex flex-col gap-1">
          <div>
            <FilePickButton kind="lesson_video" label={video ? 'Replace video' : 'Upload video'} onPick={handlePick} />
          </div>
          <p className="text-xs text-ink-muted">
            {ACCEPTED_TYPES_TEXT.lesson_video.replace(/^an/, 'An')}, at most {formatBytes(upload.limit)}.
          </p>
        </div>
      )}
      {upload.error && (
        <p role="alert" className="text-sm text-danger [overflow-wrap:anywhere]">
          {upload.error}
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-link`} className="text-sm font-medium text-ink">
          Video link
        </label>
        <Input
          id={`${id}-link`}
          type="url"
          inputMode="url"
          placeholder="https://youtu.be/… or https://vimeo.com/…"
          value={link}
          aria-invalid={linkTouched && linkError ? true : undefined}
          aria-describedby={`${id}-link-hint`}
          onBlur={() => setLinkTouched(true)}
          onChange={(event) => onLinkChange(event.target.value)}
        />
        <p
          id={`${id}-link-hint`}
          className={linkTouched && linkError ? 'text-sm text-danger' : 'text-xs text-ink-muted'}
        >
          {linkTouched && linkError
            ? linkError
            : video
              ? 'The uploaded video is shown instead of this link while there is one.'
              : 'YouTube plays in privacy-enhanced mode; Vimeo without tracking.'}
        </p>
      </div>
      {embed && !video && (
        <iframe
          src={embed.embedUrl}
          title="Video link preview"
          className="aspect-video w-full rounded-lg border-0 bg-night-950"
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      )}
    </div>
  );
}
