import type { Role } from '@lunara/shared/roles-constants';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '@lunara/shared/two-factor-constants';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useAppConfig } from '../../app-config/api/get-app-config.ts';
import { useMe } from '../../auth/api/get-me.ts';

/** An admin or moderator who must turn two-factor on before the server answers her staff requests. */
export function useStaffNeedsTwoFactor(): boolean {
  const { user } = useMe();
  const { staffTwoFactorRequired } = useAppConfig();
  const isStaff = user?.role === 'admin' || user?.role === 'moderator';
  return Boolean(isStaff && staffTwoFactorRequired && !user?.twoFactorEnabled);
}

/**
 * The role her controls follow in the community: staff who still need two-factor act as members there
 * (the server refuses them others' content the same way), so no moderator button leads to a refusal.
 */
export function useActingRole(): Role | undefined {
  const { user } = useMe();
  const needsTwoFactor = useStaffNeedsTwoFactor();
  return needsTwoFactor ? 'user' : user?.role;
}

/** Staff pages: until she turns two-factor on, a panel that sends her to Settings instead of failing requests. */
export function StaffTwoFactorGate({ children }: { children: ReactNode }) {
  if (!useStaffNeedsTwoFactor()) return children;
  return <StaffTwoFactorPanel />;
}

export function StaffTwoFactorPanel() {
  return (
    <section
      aria-labelledby="staff-two-factor-heading"
      className="flex flex-col items-start gap-3 rounded-2xl border border-gold-400/60 bg-gold-300/15 p-6"
    >
      <ShieldAlert className="size-8 text-gold-700" aria-hidden="true" />
      <h2 id="staff-two-factor-heading" className="text-xl text-night-900">
        Two-factor authentication needed
      </h2>
      <p className="max-w-prose text-ink">
        {TWO_FACTOR_REQUIRED_MESSAGE}. It keeps members safe: staff tools stay locked even if someone learns your
        password. Setting it up takes about two minutes with an authenticator app on your phone.
      </p>
      <Button asChild>
        <Link to={`${paths.settings.getHref()}#two-factor-section`}>Set up two-factor</Link>
      </Button>
    </section>
  );
}
