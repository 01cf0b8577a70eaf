import type {
  AdminAssessment,
  AssessmentAnswers,
  MyPathway,
  PublicAssessment,
  SaveAssessmentBody,
  SubmittedAssessment,
} from '@lunara/shared/assessment';
import { ASSESSMENT_CLAIM_STORAGE_KEY } from '@lunara/shared/assessment-constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

export const assessmentQueryOptions = () =>
  queryOptions({ queryKey: ['assessment'], queryFn: () => apiFetch<PublicAssessment>('/api/assessment') });
export const useAssessment = () => useQuery(assessmentQueryOptions());

export const myPathwayQueryOptions = () =>
  queryOptions({ queryKey: ['assessment', 'pathway'], queryFn: () => apiFetch<MyPathway>('/api/assessment/pathway') });
export const useMyPathway = (enabled = true) => useQuery({ ...myPathwayQueryOptions(), enabled });

/** A visitor's claim token, kept in this browser until she has an account (then claimed and dropped). */
export const claimStore = {
  read: (): string | null => {
    try {
      return localStorage.getItem(ASSESSMENT_CLAIM_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  write: (token: string) => {
    try {
      localStorage.setItem(ASSESSMENT_CLAIM_STORAGE_KEY, token);
    } catch {
      // Storage refused (private mode): her pathway is still shown; it just cannot follow her to an account.
    }
  },
  clear: () => {
    try {
      localStorage.removeItem(ASSESSMENT_CLAIM_STORAGE_KEY);
    } catch {
      // Nothing to clear.
    }
  },
};

/** Takes the assessment: a member's result is hers at once; a visitor's token is kept to claim it later. */
export function useSubmitAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: AssessmentAnswers) =>
      apiFetch<SubmittedAssessment>('/api/assessment/results', { method: 'POST', body: { answers } }),
    onSuccess: async (submitted) => {
      if (submitted.claimToken) claimStore.write(submitted.claimToken);
      else await queryClient.invalidateQueries({ queryKey: myPathwayQueryOptions().queryKey });
    },
  });
}

export const claimAssessment = (token: string) =>
  apiFetch<{ ok: true }>('/api/assessment/claim', { method: 'POST', body: { token } });

export const adminAssessmentQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'assessment'],
    queryFn: () => apiFetch<AdminAssessment>('/api/admin/assessment'),
  });
export const useAdminAssessment = () => useQuery(adminAssessmentQueryOptions());

export function useSaveAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAssessmentBody) =>
      apiFetch<AdminAssessment>('/api/admin/assessment', { method: 'PUT', body }),
    onSuccess: (saved) => {
      toast.success('Assessment saved');
      queryClient.setQueryData(adminAssessmentQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: assessmentQueryOptions().queryKey });
    },
  });
}
