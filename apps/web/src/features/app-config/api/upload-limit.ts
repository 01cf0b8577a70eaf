import { DEFAULT_UPLOAD_LIMITS, type MediaKind } from '@lunara/shared/media';
import { useQuery } from '@tanstack/react-query';
import { getAppConfigQueryOptions } from './get-app-config.ts';

/**
 * The largest upload of a kind as the server is configured, the default until the configuration arrives.
 * Apart from useAppConfig: @lunara/shared/media (its defaults) builds zod schemas, which only the pages
 * that upload need; useAppConfig is on every page.
 */
export function useUploadLimit(kind: MediaKind): number {
  const { data } = useQuery(getAppConfigQueryOptions());
  return (data?.uploadLimits ?? DEFAULT_UPLOAD_LIMITS)[kind];
}
