// The community page's tabs other than the feed, and the profile dialog: each downloads when first opened,
// so the first load of /community carries the feed only (issue 35: at most 150 kB of gzip JavaScript).
import { lazyPart } from '../components/lazy-part.tsx';

export const CirclesPanel = lazyPart(
  'features/circles/components/circles-panel.tsx',
  () => import('../features/circles/components/circles-panel.tsx').then((module) => module.CirclesPanel),
  'Loading circles...',
);
export const PodsPanel = lazyPart(
  'features/pods/components/pods-panel.tsx',
  () => import('../features/pods/components/pods-panel.tsx').then((module) => module.PodsPanel),
  'Loading pods...',
);
export const EventsPanel = lazyPart(
  'features/events/components/events-panel.tsx',
  () => import('../features/events/components/events-panel.tsx').then((module) => module.EventsPanel),
  'Loading events...',
);
export const MessagesPanel = lazyPart(
  'features/messages/components/messages-panel.tsx',
  () => import('../features/messages/components/messages-panel.tsx').then((module) => module.MessagesPanel),
  'Loading messages...',
);
export const ForumsPanel = lazyPart(
  'features/forums/components/forums-panel.tsx',
  () => import('../features/forums/components/forums-panel.tsx').then((module) => module.ForumsPanel),
  'Loading forums...',
);
export const LeaderboardView = lazyPart(
  'features/leaderboard/components/leaderboard-view.tsx',
  () => import('../features/leaderboard/components/leaderboard-view.tsx').then((module) => module.LeaderboardView),
  'Loading leaderboard...',
);
export const SavedList = lazyPart(
  'features/bookmarks/components/saved-list.tsx',
  () => import('../features/bookmarks/components/saved-list.tsx').then((module) => module.SavedList),
  'Loading saved posts...',
);
// No loading line: the dialog itself appears once here, as it would after its profile request.
export const ProfileDialog = lazyPart(
  'features/profiles/components/profile-dialog.tsx',
  () => import('../features/profiles/components/profile-dialog.tsx').then((module) => module.ProfileDialog),
  null,
);
