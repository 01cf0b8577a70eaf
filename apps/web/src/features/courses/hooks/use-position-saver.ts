import type { LessonContent } from '@lunara/shared/courses';
import { type RefObject, useEffect } from 'react';
import { saveLessonPosition } from '../api/save-lesson-position.ts';
import { createPositionSaver } from './position-saver.ts';

/**
 * Only a member with access has a position to keep, and only an uploaded video reports one: a visitor's
 * free preview, an account's and an admin's preview record nothing (the server would refuse or ignore it).
 */
export const savesPositionFor = (content: Pick<LessonContent, 'canComplete' | 'video'>) =>
  content.canComplete && content.video?.provider === 'upload';

/** What the saver listens to: a <video>, and the page's window and document (fakes in tests). */
export interface PositionSaverTargets {
  video: EventTarget & { currentTime: number; paused: boolean; ended: boolean };
  window: EventTarget;
  document: EventTarget & { visibilityState: DocumentVisibilityState };
}

/**
 * Saves where she is: every few seconds while it plays, on pause, and when the page is hidden or
 * closed (keepalive, so the request outlives the page). Returns the detach, which saves the last
 * seconds too (leaving the lesson inside the app). `save` receives the position and the keepalive flag.
 */
export function attachPositionSaver(
  { video, window: win, document: doc }: PositionSaverTargets,
  { startSeconds, save }: { startSeconds: number; save: (seconds: number, keepalive: boolean) => void },
): () => void {
  const saver = createPositionSaver({ startSeconds, save });
  const onTimeUpdate = () => {
    if (!video.paused) saver.progress(video.currentTime);
  };
  const onPause = () => {
    // The pause that comes with the end of the video is the end's business.
    if (video.ended) return;
    saver.progress(video.currentTime);
    saver.flush(false);
  };
  const onEnded = () => saver.ended();
  const onLeave = () => saver.flush(true);
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') onLeave();
  };
  video.addEventListener('timeupdate', onTimeUpdate);
  video.addEventListener('pause', onPause);
  video.addEventListener('ended', onEnded);
  win.addEventListener('pagehide', onLeave);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    video.removeEventListener('timeupdate', onTimeUpdate);
    video.removeEventListener('pause', onPause);
    video.removeEventListener('ended', onEnded);
    win.removeEventListener('pagehide', onLeave);
    doc.removeEventListener('visibilitychange', onVisibility);
    onLeave();
  };
}

/** attachPositionSaver on the lesson's <video>, when `enabled` (savesPositionFor). */
export function usePositionSaver(
  videoRef: RefObject<HTMLVideoElement | null>,
  {
    enabled,
    courseId,
    lessonId,
    startSeconds,
  }: { enabled: boolean; courseId: string; lessonId: string; startSeconds: number },
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: startSeconds is read once; a refetched lesson (a newer saved position) must not restart the saver mid-play.
  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || !video) return;
    return attachPositionSaver(
      { video, window, document },
      {
        startSeconds,
        save: (seconds, keepalive) => void saveLessonPosition(courseId, lessonId, seconds, { keepalive }),
      },
    );
  }, [enabled, courseId, lessonId, videoRef]);
}
