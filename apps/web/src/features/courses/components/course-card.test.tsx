import type { CourseSummary } from '@lunara/shared/courses';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CourseCard } from './course-card.tsx';
import { fileTypeLabel } from './lesson-files.tsx';

const course = (extra: Partial<CourseSummary> = {}): CourseSummary => ({
  id: 7,
  title: 'Moon Magic',
  summary: 'Seven lessons under the moon',
  description: '',
  estimatedHours: 2,
  lessonCount: 7,
  coverUrl: null,
  access: 'members',
  previewLessonId: null,
  ...extra,
});

const card = (item: CourseSummary) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CourseCard course={item} href="/course/7" />
    </MemoryRouter>,
  );

describe('a course card', () => {
  it('shows the uploaded cover at its stored widths, sized to the card, else the drawn art', () => {
    const html = card(course({ coverUrl: '/media/abc' }));
    expect(html).toContain('srcSet="/media/abc/400 400w, /media/abc/800 800w, /media/abc/1600 1600w"');
    expect(html).toContain('src="/media/abc/800"');
    expect(html).toContain('sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 3rem)"');
    expect(html).toContain('loading="lazy"');
    const drawn = card(course());
    expect(drawn).not.toContain('<img');
    expect(drawn).toContain('<svg');
  });

  it('links its title to the course, and a free lesson on its own link, never one inside the other', () => {
    const html = card(course({ previewLessonId: '7-1' }));
    expect(html).toMatch(/<a[^>]*href="\/course\/7"[^>]*>Moon Magic<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/course\/7\/lesson\/7-1"[^>]*>.*Watch a free lesson<\/a>/);
    expect(html).not.toMatch(/<a\s[^>]*>(?:(?!<\/a>).)*<a\s/);
    expect(card(course())).not.toContain('Watch a free lesson');
  });
});

describe('a lesson file’s type', () => {
  it('is read from its name, else from its content type', () => {
    expect(fileTypeLabel({ fileName: 'Workbook.pdf', contentType: 'application/pdf' })).toBe('PDF');
    expect(fileTypeLabel({ fileName: 'meditation', contentType: 'audio/mpeg' })).toBe('MPEG');
    expect(fileTypeLabel({ fileName: 'x', contentType: '' })).toBe('File');
  });
});
