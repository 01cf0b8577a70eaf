import type { BillingRedirect } from '@lunara/shared/billing-schemas';
import { useNavigate } from 'react-router';

/** A provider page (absolute URL) opens in a new tab; a page of this app opens in place. */
export function useFollowBillingRedirect() {
  const navigate = useNavigate();
  return ({ url }: BillingRedirect) => {
    if (/^https?:\/\//.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
    else navigate(url);
  };
}
