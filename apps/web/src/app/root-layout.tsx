import { Outlet } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { NotificationProvider } from '../features/notifications/components/notification-provider.tsx';
import { RealtimeProvider } from '../lib/realtime.tsx';
import { useMemberTheme } from '../lib/theme-store.ts';
import { useRouteTitle } from './document-title.ts';

/**
 * While the session loads, the whole app shows "Loading..." (spec section 2). A signed-in member's
 * event stream and notifications live here, so toasts reach her on every page.
 */
export function RootLayout() {
  const { user, isLoading } = useMe();
  useMemberTheme(user?.theme);
  useRouteTitle();
  if (isLoading) return <FullPageLoader />;
  return (
    <RealtimeProvider memberId={user?.id ?? null}>
      <NotificationProvider enabled={user !== null}>
        <Outlet />
      </NotificationProvider>
    </RealtimeProvider>
  );
}
