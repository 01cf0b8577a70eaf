import type { CourseViewer, Lesson, LessonState } from '@lunara/shared/courses';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LessonOutline } from './lesson-outline.tsx';
import { LessonRow } from './lesson-row.tsx';

const lesson = (state: LessonState, extra: Partial<Lesson> = {}): Lesson => ({
  id: 'l1',
  moduleId: 'm1',
  position: 2,
  title: 'Moon Water',
  description: 'Charging water under the full moon',
  durationMinutes: 35,
  isFreePreview: false,
  hasVideo: true,
  state,
  opensAt: null,
  completedAt: null,
  ...extra,
});

const row = (item: Lesson, viewer: CourseViewer = 'member', isStarting = false) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LessonRow lesson={item} viewer={viewer} href="/course/1/lesson/l1" isStarting={isStarting} onStart={() => {}} />
    </MemoryRouter>,
  );

describe('a lesson row, by state', () => {
  it('available to a member: "Start Lesson" (a button: it marks the lesson complete), "Saving..." while it does', () => {
    const html = row(lesson('available'));
    expect(html).toMatch(/<button[^>]*aria-label="Start Lesson: Moon Water"[^>]*>Start Lesson<\/button>/);
    expect(html).toContain('Lesson 2 · 35 min');
    expect(row(lesson('available'), 'member', true)).toMatch(/<button[^>]*disabled=""[^>]*>Saving...<\/button>/);
  });

  it('complete: the badge and a "Rewatch" link to the lesson page', () => {
    const html = row(lesson('complete'));
    expect(html).toContain('>Complete</span>');
    expect(html).toMatch(
      /<a[^>]*aria-label="Rewatch Moon Water"[^>]*href="\/course\/1\/lesson\/l1"|<a[^>]*href="\/course\/1\/lesson\/l1"[^>]*aria-label="Rewatch Moon Water"/,
    );
    expect(html).not.toContain('Start Lesson');
  });

  it('locked: "Locked" and a disabled button named after the lesson, no link', () => {
    const html = row(lesson('locked'));
    expect(html).toContain('>Locked</span>');
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*aria-label="Moon Water is locked"|<button[^>]*aria-label="Moon Water is locked"[^>]*disabled=""/,
    );
    expect(html).not.toContain('<a ');
  });

  it('scheduled: the day it opens, and nothing to press', () => {
    const html = row(lesson('scheduled', { opensAt: '2026-12-03T12:00:00.000Z' }));
    expect(html).toContain('Opens on <time dateTime="2026-12-03T12:00:00.000Z">');
    expect(html).toContain('2026');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('<a ');
  });

  it('for a visitor or an account: a free preview to watch, the others behind the page’s one call to action', () => {
    for (const viewer of ['visitor', 'account'] as const) {
      const preview = row(lesson('available', { isFreePreview: true }), viewer);
      expect(preview).toContain('aria-label="Watch free preview: Moon Water"');
      expect(preview).toContain('href="/course/1/lesson/l1"');
      expect(preview).toContain('Free preview');
      expect(preview).not.toContain('Start Lesson');
      const closed = row(lesson('members_only'), viewer);
      expect(closed).toContain('Members only');
      expect(closed).not.toContain('<button');
      expect(closed).not.toContain('<a ');
    }
  });

  it('in an admin’s preview: every lesson opens, nothing is completed', () => {
    const html = row(lesson('available'), 'preview');
    expect(html).toContain('aria-label="Open Moon Water"');
    expect(html).not.toContain('Start Lesson');
  });
});

describe('the lesson page’s outline', () => {
  it('groups lessons under their modules, marks the current one and links only the lessons she can open', () => {
    const course = {
      viewer: 'member' as const,
      modules: [
        { id: 'm1', title: 'Foundations' },
        { id: 'm2', title: 'Going deeper' },
      ],
      lessons: [
        lesson('complete', { id: 'a', position: 1, title: 'First' }),
        lesson('available', { id: 'b', position: 2, title: 'Second' }),
        lesson('locked', { id: 'c', position: 3, title: 'Third', moduleId: 'm2' }),
        lesson('scheduled', { id: 'd', position: 4, title: 'Fourth', moduleId: 'm2', opensAt: '2026-12-03T12:00:00Z' }),
      ],
    };
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <LessonOutline course={course} currentLessonId="b" hrefOf={(id) => `/course/1/lesson/${id}`} />
      </MemoryRouter>,
    );
    expect(html.indexOf('Foundations')).toBeLessThan(html.indexOf('Second'));
    expect(html.indexOf('Going deeper')).toBeLessThan(html.indexOf('Third'));
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/course\/1\/lesson\/b"/);
    expect(html).toContain('href="/course/1/lesson/a"');
    expect(html).not.toContain('href="/course/1/lesson/c"');
    expect(html).not.toContain('href="/course/1/lesson/d"');
    expect(html).toContain('Locked');
    expect(html).toContain('Opens on');
  });
});
