import { errorResponseSchema } from '@lunara/shared/api';

/** What every Content Studio route may answer besides its success. */
export const STUDIO_ERRORS = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
export const STUDIO_TAGS = ['content-studio'];
export const ONLY_ADMINS_EDIT_CONTENT = 'Only admins can edit the content';
