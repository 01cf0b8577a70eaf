import type { ForumIcon } from '@lunara/shared/community';
import {
  type AdminForumCategory,
  type CreateForumCategoryBody,
  createForumCategoryBodySchema,
  FORUM_COLORS,
} from '@lunara/shared/content-studio';
import { fieldErrorsOf } from './ritual-category-form-state.ts';

export type ForumColor = (typeof FORUM_COLORS)[number];

/** The category form as typed. */
export interface CategoryFormValues extends Record<string, unknown> {
  name: string;
  description: string;
  icon: ForumIcon;
  color: ForumColor;
  isActive: boolean;
}

export const categoryFormValues = (category?: AdminForumCategory): CategoryFormValues => ({
  name: category?.name ?? '',
  description: category?.description ?? '',
  icon: category?.icon ?? 'MessageCircle',
  color: (FORUM_COLORS as readonly string[]).includes(category?.color ?? '')
    ? (category?.color as ForumColor)
    : 'indigo',
  isActive: category?.isActive ?? true,
});

/** The form checked with the server's own schema: the body to send, or each field's message. */
export function checkCategoryForm(
  values: CategoryFormValues,
): { body: CreateForumCategoryBody; errors?: undefined } | { body?: undefined; errors: Record<string, string> } {
  const parsed = createForumCategoryBodySchema.safeParse(values);
  return parsed.success ? { body: parsed.data } : { errors: fieldErrorsOf(parsed.error) };
}

/** How each icon and colour is read out in the pickers. */
export const ICON_NAMES: Record<ForumIcon, string> = {
  Moon: 'Moon',
  Sparkles: 'Sparkles',
  Heart: 'Heart',
  Flower2: 'Flower',
  Users: 'People',
  HelpCircle: 'Question',
  MessageCircle: 'Speech bubble',
};
export const COLOR_NAMES: Record<ForumColor, string> = {
  indigo: 'Indigo',
  amber: 'Amber',
  rose: 'Rose',
  pink: 'Pink',
  violet: 'Violet',
  teal: 'Teal',
};
