import type { Lesson } from '@lunara/shared/courses';
import { Clock, PlayCircle } from 'lucide-react';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { CourseArt } from './course-art.tsx';

/** The lesson's content: its video, or a poster until a real video URL is configured. */
export function LessonPlayer({
  courseId,
  lesson,
  onClose,
}: {
  courseId: number;
  lesson: Lesson | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={Boolean(lesson)} onOpenChange={(open) => !open && onClose()}>
      {lesson && (
        <DialogContent title={lesson.title} description={`Lesson ${lesson.position}`} className="max-w-2xl">
          <div className="flex flex-col gap-4">
            {lesson.videoUrl ? (
              // biome-ignore lint/a11y/useMediaCaption: lesson videos come without caption files yet.
              <video
                controls
                src={lesson.videoUrl}
                className="aspect-video w-full rounded-[var(--radius-control)] bg-night-950"
              />
            ) : (
              <div className="relative overflow-hidden rounded-[var(--radius-control)]">
                <CourseArt courseId={courseId} className="aspect-video w-full" />
                <p className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-night-950/70 px-4 py-3 text-sm text-moon-50">
                  <PlayCircle className="size-5 text-gold-300" aria-hidden="true" />
                  The video for this lesson is on its way. Read the lesson notes below in the meantime.
                </p>
              </div>
            )}
            <p className="inline-flex items-center gap-1.5 text-sm font-medium text-ink-muted">
              <Clock className="size-4" aria-hidden="true" /> {lesson.durationMinutes} min
            </p>
            <p className="text-ink">{lesson.description}</p>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
