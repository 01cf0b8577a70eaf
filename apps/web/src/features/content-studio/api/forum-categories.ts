import type {
  AdminForumCategory,
  AdminForumCategoryList,
  CreateForumCategoryBody,
  UpdateForumCategoryBody,
} from '@lunara/shared/content-studio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { useStudioMutation } from './studio-mutation.ts';

const CATEGORIES_KEY = ['admin', 'content', 'forum-categories'] as const;

export const getAdminForumCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: CATEGORIES_KEY,
    queryFn: () => apiFetch<AdminForumCategoryList>('/api/admin/forum-categories'),
  });
export const useAdminForumCategories = () => useQuery(getAdminForumCategoriesQueryOptions());

/** Every change refreshes the list, the audit log, and the members' forums in this browser. */
const useCategoryMutation = <TInput, TResult>(action: (input: TInput) => Promise<TResult>) =>
  useStudioMutation(action, CATEGORIES_KEY, ['forums']);

export const useCreateForumCategory = () =>
  useCategoryMutation(({ body, idempotencyKey }: { body: CreateForumCategoryBody; idempotencyKey: string }) =>
    apiFetch<AdminForumCategory>('/api/admin/forum-categories', { method: 'POST', body, idempotencyKey }),
  );

export const useUpdateForumCategory = () =>
  useCategoryMutation(({ categoryId, body }: { categoryId: string; body: UpdateForumCategoryBody }) =>
    apiFetch<AdminForumCategory>(`/api/admin/forum-categories/${categoryId}`, { method: 'PATCH', body }),
  );

export const useDeleteForumCategory = () =>
  useCategoryMutation((categoryId: string) =>
    apiFetch<null>(`/api/admin/forum-categories/${categoryId}`, { method: 'DELETE' }),
  );

export const useReorderForumCategories = () =>
  useCategoryMutation((categoryIds: string[]) =>
    apiFetch<null>('/api/admin/forum-categories/order', { method: 'PUT', body: { categoryIds } }),
  );
