import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAppConfig } from '../../app-config/api/get-app-config.ts';
import { useMembershipDetails } from '../../billing/api/billing-history.ts';
import { BillingHistory } from '../../billing/components/billing-history.tsx';
import { MembershipPanel } from '../../billing/components/membership-panel.tsx';
import { SettingsSection } from './settings-section.tsx';

/** Her membership (plan, next charge, cancel or pause) and her receipts. */
export function BillingSection() {
  const { productName } = useAppConfig();
  const details = useMembershipDetails();
  return (
    <SettingsSection id="billing" title="Billing" description="Your membership, and your receipts.">
      <div className="flex flex-col gap-6">
        {details.isPending && <Spinner className="text-gold-500" />}
        {details.isError && <LoadError message="Could not load your membership" query={details} />}
        {details.data && <MembershipPanel details={details.data} productName={productName} />}
        <BillingHistory />
      </div>
    </SettingsSection>
  );
}
