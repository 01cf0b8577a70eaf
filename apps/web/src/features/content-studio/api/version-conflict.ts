import { ApiError } from '../../../lib/api-client.ts';

/**
 * The server refused a save or a reorder made from an out-of-date copy (another admin changed it
 * meanwhile): only a reload helps. Other refusals (a module that is not empty, the last lesson of a
 * published course) are answered 409 too, but say what to do instead, so they are shown as they are.
 */
export const isVersionConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'VERSION_CONFLICT';
