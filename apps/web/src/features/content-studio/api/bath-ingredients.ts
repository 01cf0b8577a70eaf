import type {
  AdminBathIngredient,
  AdminBathIngredientList,
  CreateBathIngredientBody,
  UpdateBathIngredientBody,
} from '@lunara/shared/bath-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { useStudioMutation } from './studio-mutation.ts';

const INGREDIENTS_KEY = ['admin', 'content', 'bath-ingredients'] as const;

export const getBathIngredientsQueryOptions = () =>
  queryOptions({
    queryKey: INGREDIENTS_KEY,
    queryFn: () => apiFetch<AdminBathIngredientList>('/api/admin/bath-ingredients'),
  });
export const useBathIngredients = () => useQuery(getBathIngredientsQueryOptions());

/** Every change refreshes the list, the audit log, and the bath builder in this browser. */
const useBathIngredientMutation = <TInput, TResult>(action: (input: TInput) => Promise<TResult>) =>
  useStudioMutation(action, INGREDIENTS_KEY, ['baths']);

export const useCreateBathIngredient = () =>
  useBathIngredientMutation(({ body, idempotencyKey }: { body: CreateBathIngredientBody; idempotencyKey: string }) =>
    apiFetch<AdminBathIngredient>('/api/admin/bath-ingredients', { method: 'POST', body, idempotencyKey }),
  );

export const useUpdateBathIngredient = () =>
  useBathIngredientMutation(({ ingredientId, body }: { ingredientId: string; body: UpdateBathIngredientBody }) =>
    apiFetch<AdminBathIngredient>(`/api/admin/bath-ingredients/${ingredientId}`, { method: 'PATCH', body }),
  );

export const useDeleteBathIngredient = () =>
  useBathIngredientMutation((ingredientId: string) =>
    apiFetch<null>(`/api/admin/bath-ingredients/${ingredientId}`, { method: 'DELETE' }),
  );
