import type { LessonContent } from '@lunara/shared/courses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveLessonPosition } from '../api/save-lesson-position.ts';
import { createPositionSaver } from './position-saver.ts';
import { attachPositionSaver, savesPositionFor } from './use-position-saver.ts';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('the video position saver', () => {
  it('saves at most once every five seconds while playing, only when the position moved', () => {
    const time = clock();
    const saved: Array<[number, boolean]> = [];
    const saver = createPositionSaver({ startSeconds: 0, now: time.now, save: (s, k) => saved.push([s, k]) });
    // timeupdate fires about four times a second.
    for (let tick = 1; tick <= 48; tick++) {
      time.advance(250);
      saver.progress(tick * 0.25);
    }
    // 12 s of playing: saved at 5 s and 10 s, never more often.
    expect(saved).toEqual([
      [5, false],
      [10, false],
    ]);
  });

  it('starts from the resumed position and saves nothing until she moves from it', () => {
    const time = clock();
    const save = vi.fn();
    const saver = createPositionSaver({ startSeconds: 95, now: time.now, save });
    time.advance(10_000);
    saver.progress(95.4);
    saver.flush(true);
    expect(save).not.toHaveBeenCalled();
    saver.progress(96.1);
    expect(save).toHaveBeenCalledWith(96, false);
  });

  it('saves at once on pause or leaving, with keepalive when the page is going away, and not twice', () => {
    const time = clock();
    const save = vi.fn();
    const saver = createPositionSaver({ startSeconds: 0, now: time.now, save });
    time.advance(1_000);
    saver.progress(1.2);
    expect(save).not.toHaveBeenCalled();
    saver.flush(true);
    expect(save).toHaveBeenLastCalledWith(1, true);
    saver.flush(true);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves the start once the video has played to its end', () => {
    const time = clock();
    const save = vi.fn();
    const saver = createPositionSaver({ startSeconds: 0, now: time.now, save });
    time.advance(6_000);
    saver.progress(600);
    saver.ended();
    expect(save).toHaveBeenLastCalledWith(0, false);
  });
});

/** A <video>, a window and a document as the saver sees them. */
function fakePage() {
  const video = Object.assign(new EventTarget(), { currentTime: 0, paused: true, ended: false });
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  return { video, window: new EventTarget(), document: doc };
}

describe('the saver on a page', () => {
  it('follows play, pause, a hidden tab and pagehide, and stops listening when detached', () => {
    const page = fakePage();
    const save = vi.fn();
    const detach = attachPositionSaver(page, { startSeconds: 0, save });
    page.video.paused = false;
    page.video.currentTime = 3.7;
    page.video.dispatchEvent(new Event('timeupdate'));
    page.video.paused = true;
    page.video.dispatchEvent(new Event('pause'));
    expect(save).toHaveBeenLastCalledWith(3, false);

    page.video.currentTime = 8;
    page.video.paused = false;
    page.video.dispatchEvent(new Event('timeupdate'));
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(save).toHaveBeenLastCalledWith(8, true);

    page.video.currentTime = 9;
    page.video.dispatchEvent(new Event('timeupdate'));
    page.window.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenLastCalledWith(9, true);

    page.video.currentTime = 12;
    page.video.dispatchEvent(new Event('timeupdate'));
    detach();
    expect(save).toHaveBeenLastCalledWith(12, true);
    const calls = save.mock.calls.length;
    page.video.currentTime = 20;
    page.video.dispatchEvent(new Event('timeupdate'));
    page.window.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenCalledTimes(calls);
  });

  it('is only for a member with access watching an uploaded video', () => {
    const upload = { provider: 'upload', url: '/media/v', contentType: 'video/mp4' } as const;
    const embed = { provider: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/abcdefghijk' } as const;
    const content = (canComplete: boolean, video: LessonContent['video']) => ({ canComplete, video });
    expect(savesPositionFor(content(true, upload))).toBe(true);
    // A visitor's or an account's free preview, and an admin's preview, cannot complete: nothing is saved.
    expect(savesPositionFor(content(false, upload))).toBe(false);
    expect(savesPositionFor(content(true, embed))).toBe(false);
    expect(savesPositionFor(content(true, null))).toBe(false);
  });
});

describe('the position request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('PUTs whole seconds within the allowed range, keepalive when asked, and swallows a failure', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await saveLessonPosition('3', 'a b', 61.9, { keepalive: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/courses/3/lessons/a%20b/position', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{"seconds":61}',
      keepalive: true,
    });
    await saveLessonPosition('3', 'x', -4);
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ body: '{"seconds":0}', keepalive: false });

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(saveLessonPosition('3', 'x', 10)).resolves.toBeUndefined();
  });
});
