import { UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useActingRole } from '../../features/account/components/staff-two-factor-gate.tsx';
import { CommunityFeed } from '../../features/feed/components/community-feed.tsx';
import { UnreadMessagesBadge } from '../../features/messages/components/unread-messages-badge.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useProfileFromUrl } from '../../features/profiles/hooks/use-profile-from-url.ts';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import {
  CirclesPanel,
  EventsPanel,
  ForumsPanel,
  LeaderboardView,
  MessagesPanel,
  PodsPanel,
  ProfileDialog,
  SavedList,
} from '../community-parts.tsx';
import { RequireMembership } from '../guards.tsx';
import { useMembership } from '../hooks/use-membership.ts';
import { MemberPage } from '../member-page.tsx';

const TABS = [
  { value: 'feed', label: 'Community Feed' },
  { value: 'circles', label: 'Sacred Circles' },
  { value: 'pods', label: 'Pods' },
  { value: 'events', label: 'Events' },
  { value: 'messages', label: 'Messages' },
  { value: 'forums', label: 'Discussion Forums' },
  { value: 'leaderboard', label: 'Leaderboard' },
  { value: 'saved', label: 'Saved' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

function Community() {
  const { user } = useMembership();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'feed';
  const [profileId, setProfileId] = useProfileFromUrl();
  const actingRole = useActingRole();
  // The dialog's code downloads when a profile is first opened; it stays mounted after, so it closes animated.
  const profileOpened = useOpenedOnce(Boolean(profileId));
  if (!user) return null;
  const viewer = { id: user.id, role: actingRole ?? user.role };

  return (
    <MemberPage>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl text-night-900 sm:text-4xl">Sacred Sisterhood</h1>
          <p className="mt-1 text-ink-muted">Share, support and rise together.</p>
        </div>
        <div className="flex w-full flex-wrap items-center justify-end gap-2 sm:w-auto sm:flex-nowrap">
          <SearchBox className="order-last sm:order-none" />
          <NotificationBell />
          <Button variant="outline" size="sm" onClick={() => setProfileId(user.id)}>
            <UserRound className="size-4" aria-hidden="true" /> My Profile
          </Button>
        </div>
      </header>
      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams(value === 'feed' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Community sections">
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
              {item.value === 'messages' && <UnreadMessagesBadge />}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="feed" className="pt-6">
          <CommunityFeed viewer={viewer} onOpenProfile={setProfileId} />
        </TabsContent>
        <TabsContent value="circles" className="pt-6">
          <CirclesPanel canModerate={user.role === 'admin' || user.role === 'moderator'} />
        </TabsContent>
        <TabsContent value="pods" className="pt-6">
          <PodsPanel />
        </TabsContent>
        <TabsContent value="events" className="pt-6">
          <EventsPanel />
        </TabsContent>
        <TabsContent value="messages" className="pt-6">
          <MessagesPanel
            viewerId={user.id}
            conversationId={searchParams.get('conversation')}
            onSelect={(conversationId) =>
              setSearchParams({ tab: 'messages', ...(conversationId ? { conversation: conversationId } : {}) })
            }
          />
        </TabsContent>
        <TabsContent value="forums" className="pt-6">
          <ForumsPanel
            location={{
              categoryId: searchParams.get('category') ?? undefined,
              topicId: searchParams.get('topic') ?? undefined,
            }}
            onNavigate={({ categoryId, topicId }) =>
              setSearchParams({
                tab: 'forums',
                ...(categoryId ? { category: categoryId } : {}),
                ...(topicId ? { topic: topicId } : {}),
              })
            }
            viewer={viewer}
            onOpenProfile={setProfileId}
          />
        </TabsContent>
        <TabsContent value="leaderboard" className="pt-6">
          <LeaderboardView onOpenProfile={setProfileId} />
        </TabsContent>
        <TabsContent value="saved" className="pt-6">
          <SavedList viewer={viewer} onOpenProfile={setProfileId} />
        </TabsContent>
      </Tabs>
      {profileOpened && <ProfileDialog userId={profileId} onClose={() => setProfileId(null)} />}
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireMembership area="members">
      <Community />
    </RequireMembership>
  );
}
