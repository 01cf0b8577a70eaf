import { Redirect } from '../../components/redirect.tsx';
import { paths } from '../../config/paths.ts';
import { StaffTwoFactorGate } from '../../features/account/components/staff-two-factor-gate.tsx';
import { ModerationQueue } from '../../features/moderation/components/moderation-queue.tsx';
import { RequireUser } from '../guards.tsx';
import { useMembership } from '../hooks/use-membership.ts';
import { MemberPage } from '../member-page.tsx';

/** The moderation queue: moderators and admins only (the server refuses anyone else too). */
function ModerationPage() {
  const { isModerator, isAdmin } = useMembership();
  if (!isModerator) return <Redirect to={paths.dashboard.getHref()} />;
  return (
    <StaffTwoFactorGate>
      <ModerationQueue isAdmin={isAdmin} />
    </StaffTwoFactorGate>
  );
}

export function Component() {
  return (
    <RequireUser>
      <MemberPage>
        <ModerationPage />
      </MemberPage>
    </RequireUser>
  );
}
