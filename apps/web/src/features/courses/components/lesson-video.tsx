import type { LessonContent } from '@lunara/shared/courses';
import { PlayCircle } from 'lucide-react';
import { useRef } from 'react';
import { savesPositionFor, usePositionSaver } from '../hooks/use-position-saver.ts';
import { CourseArt } from './course-art.tsx';

// Within this many seconds of the end, a saved position restarts the video instead (she had finished it).
const RESUME_END_MARGIN_SECONDS = 5;

/**
 * The lesson's video: an uploaded file in the browser's own player, resumed where she stopped and its
 * position saved as she watches; a YouTube/Vimeo embed (privacy-enhanced addresses from the server); or
 * the course's art when the lesson has no video.
 */
export function LessonVideo({ courseId, content }: { courseId: string; content: LessonContent }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { video, lesson } = content;
  usePositionSaver(videoRef, {
    enabled: savesPositionFor(content),
    courseId,
    lessonId: lesson.id,
    startSeconds: content.positionSeconds,
  });
  const frame = 'aspect-video w-full overflow-hidden rounded-[var(--radius-card)] bg-night-950';

  if (!video) {
    return (
      <div className="relative overflow-hidden rounded-[var(--radius-card)]">
        <CourseArt courseId={content.courseId} className="aspect-video w-full" />
        <p
          data-theme="light"
          className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-night-950/70 px-4 py-3 text-sm text-moon-50"
        >
          <PlayCircle className="size-5 shrink-0 text-gold-300" aria-hidden="true" />
          This lesson has no video: its notes are below.
        </p>
      </div>
    );
  }
  if (video.provider === 'upload') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: owners upload no caption files yet.
      <video
        // A new lesson is a new element: no position or saver carries over from the previous one.
        key={lesson.id}
        ref={videoRef}
        controls
        preload="metadata"
        playsInline
        aria-label={`${lesson.title} video`}
        className={frame}
        onLoadedMetadata={(event) => {
          const player = event.currentTarget;
          const resumeAt = content.positionSeconds;
          if (resumeAt > 0 && resumeAt < player.duration - RESUME_END_MARGIN_SECONDS) player.currentTime = resumeAt;
        }}
      >
        <source src={video.url} type={video.contentType} />
      </video>
    );
  }
  return (
    <iframe
      key={lesson.id}
      src={video.embedUrl}
      title={`${lesson.title} video`}
      allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      loading="lazy"
      className={frame}
    />
  );
}
