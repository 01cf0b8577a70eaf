import type { ReactNode } from 'react';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { useStartCheckout } from '../features/billing/api/start-checkout.ts';
import { VisitorPage } from '../features/courses/components/visitor-page.tsx';
import { useMembership } from './hooks/use-membership.ts';
import { MemberPage } from './member-page.tsx';

/**
 * The course and lesson pages are open to everyone (the server decides what each viewer may open):
 * signed in, the member frame; a visitor, a plain one with the ways in.
 */
export function CourseFrame({ children }: { children: ReactNode }) {
  const { user, isLoading } = useMembership();
  if (!user && isLoading) return <FullPageLoader />;
  return user ? <MemberPage>{children}</MemberPage> : <VisitorPage>{children}</VisitorPage>;
}

/** "Become a member" on the course and lesson pages: the subscription checkout, as on the dashboard. */
export function useUpgrade() {
  const checkout = useStartCheckout();
  return { start: () => checkout.mutate(), isPending: checkout.isPending };
}
