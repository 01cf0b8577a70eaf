import type { PublicConfig } from '@lunara/shared/app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getAppConfig = () => apiFetch<PublicConfig>('/api/config');

export const getAppConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Number.POSITIVE_INFINITY });

/**
 * Product name and price as the server is configured; sensible defaults until they arrive. The upload
 * limits are read through useUploadLimit (upload-limit.ts), whose defaults stay off the pages that do not upload.
 */
export function useAppConfig(): Omit<PublicConfig, 'uploadLimits'> {
  const { data } = useQuery(getAppConfigQueryOptions());
  return (
    data ?? {
      productName: 'Lunara',
      priceCents: 5500,
      plans: { monthlyCents: 5500, yearlyCents: null, trialDays: 0 },
      currency: 'USD',
      billingProvider: 'test',
      isProduction: true,
      // Unknown until it arrives (it comes with the page): the server refuses staff routes either way.
      staffTwoFactorRequired: false,
    }
  );
}
