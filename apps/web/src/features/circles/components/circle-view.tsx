import type { CircleDetail } from '@lunara/shared/circles';
import type { Role } from '@lunara/shared/roles-constants';
import { Lock, MessagesSquare, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ConversationThread } from '../../messages/components/conversation-thread.tsx';
import { useRequestsOfCircle } from '../api/circle-page.ts';
import { useForgetInside, useLiveCircle } from '../api/use-live-circle.ts';
import { TYPE_LABELS } from './circle-card.tsx';
import { CircleEvents } from './circle-events.tsx';
import { CircleFeed } from './circle-feed.tsx';
import { CircleMembers } from './circle-members.tsx';
import { CircleMembershipActions } from './circle-membership-actions.tsx';
import { CircleRequestList } from './circle-requests.tsx';

const TABS = ['feed', 'chat', 'events', 'members', 'requests'] as const;
type CircleTab = (typeof TABS)[number];
const TAB_LABELS: Record<CircleTab, string> = {
  feed: 'Feed',
  chat: 'Chat',
  events: 'Events',
  members: 'Members',
  requests: 'Requests',
};

function Requests({ circleId }: { circleId: string }) {
  const requests = useRequestsOfCircle(circleId, true);
  const items = requests.data?.requests ?? [];
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="text-xl text-night-900">Requests to join{requests.isSuccess ? ` (${items.length})` : ''}</h2>
      {requests.isPending && <Spinner className="text-gold-500" />}
      {requests.isSuccess && items.length === 0 && <p className="text-sm text-ink-muted">No requests are waiting.</p>}
      <CircleRequestList requests={items} showCircle={false} />
    </Card>
  );
}

function MembershipActions({ circle, onLeft }: { circle: CircleDetail; onLeft: () => void }) {
  return (
    <CircleMembershipActions
      className="flex flex-wrap items-center gap-2"
      circle={{
        ...circle,
        isFull: circle.memberCount !== null && circle.maxMembers !== null && circle.memberCount >= circle.maxMembers,
      }}
      onLeft={onLeft}
    />
  );
}

function Header({
  circle,
  onLeft,
  showActions = true,
}: {
  circle: CircleDetail;
  onLeft: () => void;
  showActions?: boolean;
}) {
  const isPrivate = circle.type === 'private';
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={isPrivate ? 'night' : 'rose'}>
          {isPrivate && <Lock className="size-3" aria-hidden="true" />} {TYPE_LABELS[circle.type]}
        </Badge>
        {circle.memberCount !== null && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-ink-muted">
            <Users className="size-3.5" aria-hidden="true" /> {circle.memberCount}
            {circle.maxMembers !== null ? `/${circle.maxMembers}` : ''} members
          </span>
        )}
        {circle.myRole === 'host' && <Badge tone="gold">You host this circle</Badge>}
      </div>
      <h1 className="text-3xl text-night-900 [overflow-wrap:anywhere] sm:text-4xl">{circle.name}</h1>
      {circle.focusArea && (
        <p className="text-sm font-medium text-rose-700 [overflow-wrap:anywhere]">Focus: {circle.focusArea}</p>
      )}
      {circle.description && (
        <p className="max-w-3xl whitespace-pre-line text-ink-muted [overflow-wrap:anywhere]">{circle.description}</p>
      )}
      {(circle.hosts.length > 0 || showActions) && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {circle.hosts.length > 0 && (
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
              <span className="text-sm text-ink-muted">Hosted by</span>
              <ul className="flex min-w-0 flex-wrap items-center gap-3" aria-label="Hosts">
                {circle.hosts.map((host) => (
                  <li key={host.userId} className="flex min-w-0 items-center gap-2">
                    <Avatar name={host.displayName} src={host.avatarUrl} className="size-8 text-sm" />
                    <span className="min-w-0 truncate text-sm font-semibold">{host.displayName}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {showActions && <MembershipActions circle={circle} onLeft={onLeft} />}
        </div>
      )}
    </header>
  );
}

/**
 * A circle's page. Its members and staff get its tabs (feed, chat, events, members, and requests for
 * those who decide them); anyone else its outside and a way in, and of a private circle only its name.
 */
export function CircleView({
  circle,
  viewer,
  onOpenProfile,
  onLeft,
}: {
  circle: CircleDetail;
  viewer: { id: string; role: Role };
  onOpenProfile: (userId: string) => void;
  onLeft: () => void;
}) {
  useLiveCircle(circle.id);
  useForgetInside(circle.id, circle.canSeeInside);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = TABS.filter((tab) => tab !== 'requests' || circle.canModerate);
  const requested = searchParams.get('tab');
  const tab = tabs.find((item) => item === requested) ?? 'feed';

  if (!circle.canSeeInside) {
    const isPrivate = circle.type === 'private';
    return (
      <div className="flex flex-col gap-6">
        <Header circle={circle} onLeft={onLeft} showActions={!isPrivate} />
        <Card className="flex flex-col items-start gap-3 p-6">
          {isPrivate ? (
            <>
              <h2 className="flex items-center gap-2 text-xl text-night-900">
                <Lock className="size-4" aria-hidden="true" /> Private Circle
              </h2>
              <p className="text-ink-muted">
                This is a private circle. You'll need an invitation to join: ask, and its hosts or a guide will answer.
              </p>
              <MembershipActions circle={circle} onLeft={onLeft} />
            </>
          ) : (
            <p className="text-ink-muted">Its members see its feed, chat and events. Join the circle to take part.</p>
          )}
        </Card>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Header circle={circle} onLeft={onLeft} />
      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams(value === 'feed' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Circle sections">
          {tabs.map((item) => (
            <TabsTrigger key={item} value={item}>
              {TAB_LABELS[item]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="feed" className="pt-6">
          <CircleFeed circle={{ id: circle.id, name: circle.name }} viewer={viewer} onOpenProfile={onOpenProfile} />
        </TabsContent>
        <TabsContent value="chat" className="pt-6">
          {circle.conversationId ? (
            <ConversationThread conversationId={circle.conversationId} className="h-[32rem]" />
          ) : (
            <Card className="flex items-start gap-3 p-5 text-sm text-ink-muted">
              <MessagesSquare className="size-5 shrink-0 text-rose-600" aria-hidden="true" />
              The chat is for the circle's members: staff who are not in the circle do not read it.
            </Card>
          )}
        </TabsContent>
        <TabsContent value="events" className="pt-6">
          <CircleEvents circle={circle} canSchedule={circle.canScheduleEvents} />
        </TabsContent>
        <TabsContent value="members" className="pt-6">
          <CircleMembers circle={circle} viewer={viewer} />
        </TabsContent>
        {circle.canModerate && (
          <TabsContent value="requests" className="pt-6">
            <Requests circleId={circle.id} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
