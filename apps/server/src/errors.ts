/** Codes a client can act on; one error handler maps AppError to `{ error: { code, message } }`. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  /** A staff route, and the admin or moderator has not turned two-factor on (STAFF_TWO_FACTOR). */
  | 'TWO_FACTOR_REQUIRED'
  /** The owner requires a confirmed email before posting, and hers is not (modules/posting-rules). */
  | 'EMAIL_NOT_VERIFIED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** A save made from an older version of what another admin saved meanwhile (content studio). */
  | 'VERSION_CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RANGE_NOT_SATISFIABLE'
  | 'CROSS_SITE_REQUEST'
  | 'RATE_LIMITED'
  | 'BUSY'
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

export const badRequest = (message: string) => new AppError('BAD_REQUEST', 400, message);
export const unauthorized = (message = 'Please sign in to continue') => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);
export const notFound = (message: string) => new AppError('NOT_FOUND', 404, message);
export const conflict = (message: string) => new AppError('CONFLICT', 409, message);
/** 409 with its own code, so an editor can offer "reload" rather than a generic failure. */
export const versionConflict = (message: string) => new AppError('VERSION_CONFLICT', 409, message);
export const payloadTooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', 413, message);
export const tooManyRequests = (message: string) => new AppError('RATE_LIMITED', 429, message);
export const busy = (message: string) => new AppError('BUSY', 503, message);
export const unsupportedMediaType = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', 415, message);
