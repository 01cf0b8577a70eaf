import { Outlet } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { useMe } from '../features/auth/api/get-me.ts';

/** While the session loads, the whole app shows "Loading..." (spec section 2). */
export function RootLayout() {
  const { isLoading } = useMe();
  if (isLoading) return <FullPageLoader />;
  return <Outlet />;
}
