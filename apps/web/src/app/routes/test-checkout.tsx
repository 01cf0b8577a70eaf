import { AuthLayout } from '../../components/auth-layout.tsx';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { TestModeBanner } from '../../features/billing/components/test-mode-banner.tsx';
import { CheckoutForm } from '../../features/plans/components/checkout-form.tsx';
import { RequireUser } from '../guards.tsx';

function TestCheckout() {
  const { productName } = useAppConfig();
  return (
    <AuthLayout title="Test checkout" description={`${productName} membership. Cancel anytime.`}>
      <div className="flex flex-col gap-5">
        <TestModeBanner />
        <CheckoutForm />
      </div>
    </AuthLayout>
  );
}

export function Component() {
  return (
    <RequireUser>
      <TestCheckout />
    </RequireUser>
  );
}
