import { Badge } from '../components/ui/badge.tsx';
import { useMembership } from './hooks/use-membership.ts';

/** "Active Member", "Admin Access" (an admin who does not pay) or "Free Access". */
export function MembershipBadge({ freeLabel = 'Free Access' }: { freeLabel?: string }) {
  const { isAdmin, isPayingMember, isLoading } = useMembership();
  if (isLoading) return null;
  if (isPayingMember) return <Badge tone="gold">Active Member</Badge>;
  if (isAdmin) return <Badge tone="night">Admin Access</Badge>;
  return <Badge tone="muted">{freeLabel}</Badge>;
}
