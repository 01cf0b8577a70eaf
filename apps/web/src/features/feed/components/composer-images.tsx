import { ACCEPT_ATTRIBUTE, IMAGE_ALT_MAX, POST_IMAGES_MAX } from '@lunara/shared/media';
import { ImageOff, ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../lib/cn.ts';
import type { useImageUploads } from '../hooks/use-image-uploads.ts';

type Uploads = ReturnType<typeof useImageUploads>;

/** "Add images" and, per chosen image, its thumbnail, progress, error, description and Cancel or Remove. */
export function ComposerImages({ uploads, isSharing }: { uploads: Uploads; isSharing: boolean }) {
  const id = useId();
  const { images, notice } = uploads;
  const full = images.length >= POST_IMAGES_MAX;
  // While the post is being sent its images are being claimed: they stay as they are.
  const locked = full || isSharing;

  return (
    <div className="flex flex-col gap-3">
      {images.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Images on this post">
          {images.map((image, index) => {
            const altId = `${id}-alt-${image.key}`;
            const errorId = `${id}-error-${image.key}`;
            return (
              <li
                key={image.key}
                className={cn(
                  'flex flex-col gap-3 rounded-[var(--radius-control)] border p-3 sm:flex-row sm:items-start',
                  image.status === 'failed' ? 'border-danger/50 bg-danger/5' : 'border-line',
                )}
              >
                <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-[var(--radius-control)] bg-moon-100">
                  {image.previewUrl ? (
                    <img
                      src={image.previewUrl}
                      alt={`Preview of ${image.fileName}`}
                      width={80}
                      height={80}
                      className="size-full object-cover"
                    />
                  ) : (
                    <ImageOff className="size-6 text-ink-muted" aria-hidden="true" />
                  )}
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <p className="truncate text-sm text-ink-muted">
                    Image {index + 1}: {image.fileName}
                  </p>
                  {image.status === 'uploading' && (
                    <Progress value={Math.round(image.progress * 100)} label={`Uploading ${image.fileName}`} />
                  )}
                  {image.status === 'uploading' && image.progress >= 1 && (
                    <p className="text-xs text-ink-muted">Preparing the image...</p>
                  )}
                  {image.status === 'failed' && (
                    <p id={errorId} role="alert" className="text-sm text-danger">
                      {image.fileName}: {image.error}
                    </p>
                  )}
                  {image.status !== 'failed' && (
                    <div className="flex flex-col gap-1">
                      <Label htmlFor={altId}>Image description (alt text)</Label>
                      <Input
                        id={altId}
                        value={image.alt}
                        maxLength={IMAGE_ALT_MAX}
                        onChange={(event) => uploads.setAlt(image.key, event.target.value)}
                        placeholder="What is in the picture, for sisters who cannot see it"
                      />
                    </div>
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-end sm:self-start"
                  disabled={isSharing}
                  aria-label={`${image.status === 'uploading' ? 'Cancel upload of' : 'Remove'} ${image.fileName}`}
                  onClick={() => uploads.remove(image.key)}
                >
                  <X className="size-4" aria-hidden="true" />
                  {image.status === 'uploading' ? 'Cancel' : 'Remove'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={`${id}-add`}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE.post_image}
          disabled={locked}
          className="peer sr-only"
          onChange={(event) => {
            uploads.add(Array.from(event.target.files ?? []));
            // The same file can be chosen again after it was removed.
            event.target.value = '';
          }}
        />
        <label
          htmlFor={`${id}-add`}
          aria-disabled={locked || undefined}
          className={cn(
            buttonClasses('outline', 'sm'),
            'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500',
          )}
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          Add images
        </label>
        <span className="text-sm text-ink-muted">Up to {POST_IMAGES_MAX} images</span>
      </div>
      {notice && (
        <p role="alert" className="text-sm text-danger">
          {notice}
        </p>
      )}
    </div>
  );
}
