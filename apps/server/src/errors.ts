/** Codes a client can act on; one error handler maps AppError to `{ error: { code, message } }`. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'CROSS_SITE_REQUEST'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Please sign in to continue') => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);
export const notFound = (message: string) => new AppError('NOT_FOUND', 404, message);
export const conflict = (message: string) => new AppError('CONFLICT', 409, message);
