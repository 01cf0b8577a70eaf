import type { Role } from '@lunara/shared/roles-constants';
import { ForumCategories } from './forum-categories.tsx';
import { TopicList } from './topic-list.tsx';
import { TopicView } from './topic-view.tsx';

export interface ForumLocation {
  categoryId?: string;
  topicId?: string;
}

interface ForumsPanelProps {
  location: ForumLocation;
  onNavigate: (location: ForumLocation) => void;
  viewer: { id: string; role: Role };
  onOpenProfile: (userId: string) => void;
}

/** "Discussion Forums": categories, then a category's topics, then a topic; the location is in the URL. */
export function ForumsPanel({ location, onNavigate, viewer, onOpenProfile }: ForumsPanelProps) {
  if (location.topicId) {
    return (
      <TopicView
        topicId={location.topicId}
        viewer={viewer}
        onOpenProfile={onOpenProfile}
        onBack={() => onNavigate(location.categoryId ? { categoryId: location.categoryId } : {})}
      />
    );
  }
  if (location.categoryId) {
    const categoryId = location.categoryId;
    return (
      <TopicList
        categoryId={categoryId}
        onBack={() => onNavigate({})}
        onOpenTopic={(topicId) => onNavigate({ categoryId, topicId })}
      />
    );
  }
  return (
    <section aria-labelledby="forums-title" className="flex flex-col gap-4">
      <h2 id="forums-title" className="text-2xl text-night-900">
        Discussion Forums
      </h2>
      <ForumCategories onOpen={(categoryId) => onNavigate({ categoryId })} />
    </section>
  );
}
