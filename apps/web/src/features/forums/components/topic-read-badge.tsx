import { formatNewReplies, type TopicReadState } from '@lunara/shared/reads';
import { Badge } from '../../../components/ui/badge.tsx';

/** "New" for a topic she has not opened, "3 new" for replies since she last did; nothing otherwise. */
export function TopicReadBadge({ readState }: { readState: TopicReadState | undefined }) {
  if (readState?.isUnread) {
    return (
      <Badge tone="bright" className="shrink-0 whitespace-nowrap">
        New<span className="sr-only"> topic</span>
      </Badge>
    );
  }
  if (!readState || readState.newRepliesCount === 0) return null;
  return (
    <Badge tone="rose" className="shrink-0 whitespace-nowrap">
      {formatNewReplies(readState.newRepliesCount)}
      <span className="sr-only">{readState.newRepliesCount === 1 ? ' reply' : ' replies'}</span>
    </Badge>
  );
}
