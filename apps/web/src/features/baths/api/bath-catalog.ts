import type { BathCatalog } from '@lunara/shared/bath-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getBathCatalogQueryOptions = () =>
  queryOptions({ queryKey: ['baths', 'catalog'], queryFn: () => apiFetch<BathCatalog>('/api/baths/catalog') });
export const useBathCatalog = () => useQuery(getBathCatalogQueryOptions());
