import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { claimAssessment, claimStore, myPathwayQueryOptions } from '../api/assessment.ts';

/**
 * The assessment she took as a visitor becomes hers once she is signed in (after signing up, or into an
 * account she already had): the token this browser kept is sent once, then dropped. A token the server no
 * longer knows (claimed already, or expired) is dropped too; a network failure keeps it for the next visit.
 */
export function useClaimAssessment(signedIn: boolean) {
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    const token = claimStore.read();
    if (!signedIn || !token || started.current) return;
    started.current = true;
    claimAssessment(token)
      .then(() => {
        claimStore.clear();
        return queryClient.invalidateQueries({ queryKey: myPathwayQueryOptions().queryKey });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) claimStore.clear();
      });
  }, [signedIn, queryClient]);
}
