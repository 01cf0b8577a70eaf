import { Navigate, useLocation } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { CheckoutForm } from '../../features/plans/components/checkout-form.tsx';
import { RequireUser } from '../guards.tsx';

/** With Stripe: her plan and coupon, checked here, before Stripe's payment page (test mode has its own page). */
function Checkout() {
  const { productName, billingProvider } = useAppConfig();
  const { search } = useLocation();
  if (billingProvider === 'test') return <Navigate to={`${paths.testCheckout.getHref()}${search}`} replace />;
  return (
    <AuthLayout title="Checkout" description={`${productName} membership. Cancel anytime.`}>
      <CheckoutForm />
    </AuthLayout>
  );
}

export function Component() {
  return (
    <RequireUser>
      <Checkout />
    </RequireUser>
  );
}
