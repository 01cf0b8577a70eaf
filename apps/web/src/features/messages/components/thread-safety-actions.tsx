import { BlockMemberButton } from '../../account/components/block-member-button.tsx';
import { MuteButton } from '../../account/components/mute-button.tsx';

/**
 * The thread header's safety controls: mute (no notifications from it; still readable, unread counts
 * still move) and, in a direct conversation, block or unblock the other member.
 */
export function ThreadSafetyActions({
  conversationId,
  other,
}: {
  conversationId: string;
  other: { id: string; name: string } | null;
}) {
  return (
    <div className="ml-auto flex shrink-0 items-center gap-1">
      <MuteButton target={{ kind: 'conversation', id: conversationId }} />
      {other && <BlockMemberButton userId={other.id} name={other.name} variant="ghost" compact />}
    </div>
  );
}
