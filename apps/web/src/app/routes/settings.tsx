import { SettingsPage } from '../../features/account/components/settings-page.tsx';
import { RequireUser } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

/** Her account: every signed-in member has one, paying or not. */
export function Component() {
  return (
    <RequireUser>
      <MemberPage>
        <SettingsPage />
      </MemberPage>
    </RequireUser>
  );
}
