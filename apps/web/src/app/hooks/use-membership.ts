import { ADMIN_PRODUCT_ID } from '@lunara/shared/billing';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSubscription } from '../../features/billing/api/get-subscription.ts';

/** Who the visitor is and what she may open: the session and the subscription together. */
export function useMembership() {
  const { user, isLoading: isSessionLoading } = useMe();
  const isAdmin = user?.role === 'admin';
  const subscription = useSubscription(user ? { id: user.id, role: user.role } : null);
  return {
    user,
    isAdmin,
    isModerator: user?.role === 'moderator' || isAdmin,
    subscription,
    /** Paying, not an admin's pass: the course pages check only this. */
    isPayingMember: subscription.subscribed && subscription.productId !== ADMIN_PRODUCT_ID,
    /** Subscribed or admin: the dashboard, community and rituals (spec sections 4 and 6). */
    hasFullAccess: subscription.subscribed || isAdmin,
    /** Community and rituals: members, and staff (moderators too: they reach what they moderate). */
    hasMembersArea: subscription.subscribed || user?.role === 'moderator' || isAdmin,
    isLoading: isSessionLoading || subscription.isLoading,
  };
}
