import { IMAGE_WIDTHS, mediaImageUrl } from '@lunara/shared/media';
import { cn } from '../../../lib/cn.ts';
import { CourseArt } from './course-art.tsx';

/** The stored widths of a course cover, for the browser to pick from by the space it is shown in. */
const coverSrcSet = (coverUrl: string) =>
  IMAGE_WIDTHS.course_cover.map((width) => `${mediaImageUrl(coverUrl, width)} ${width}w`).join(', ');

/**
 * The owner's cover image when she uploaded one, else the course's drawn art. Decorative either way:
 * the title always sits next to it. `sizes` says how wide it is shown, so a phone never fetches 1600 px.
 */
export function CourseCover({
  courseId,
  coverUrl,
  sizes,
  className,
  priority = false,
}: {
  courseId: number;
  coverUrl: string | null;
  sizes: string;
  className?: string;
  /** The page's main image (the course header): fetched at once rather than lazily. */
  priority?: boolean;
}) {
  if (!coverUrl) return <CourseArt courseId={courseId} className={className} />;
  return (
    <img
      src={mediaImageUrl(coverUrl, IMAGE_WIDTHS.course_cover[1])}
      srcSet={coverSrcSet(coverUrl)}
      sizes={sizes}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('w-full bg-moon-200 object-cover', className)}
    />
  );
}
