import type { SearchResult } from '@lunara/shared/search';
import { PROFILE_PARAM } from '../../../components/rich-text/member-markdown.ts';
import { paths } from '../../../config/paths.ts';

/** Where a result leads: its own page, or the community tab that shows it. A member opens her profile. */
export function resultHref(result: SearchResult, currentPath: string): string {
  const community = paths.community.getHref();
  switch (result.kind) {
    case 'post':
      return paths.post.getHref(result.id);
    case 'comment':
      return paths.post.getHref(result.parentId ?? '');
    case 'topic':
      return `${community}?${new URLSearchParams({ tab: 'forums', topic: result.id })}`;
    case 'reply':
      return `${community}?${new URLSearchParams({ tab: 'forums', topic: result.parentId ?? '' })}`;
    case 'course':
      return paths.course.getHref(result.id);
    case 'lesson':
      return paths.lesson.getHref(result.parentId ?? '', result.id);
    case 'event':
      return `${community}?${new URLSearchParams({ tab: 'events', event: result.id })}`;
    case 'circle':
      return `${community}?${new URLSearchParams({ tab: 'circles' })}`;
    case 'member': {
      const url = new URL(currentPath, 'http://x');
      url.searchParams.set(PROFILE_PARAM, result.id);
      return `${url.pathname}${url.search}`;
    }
  }
}
