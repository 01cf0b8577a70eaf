import { z } from 'zod';
import { BAD_RETURN_ADDRESS, isHttpsUrl, isReturnAddress } from './urls-constants.ts';

export {
  AVATAR_NOT_UPLOADED,
  BAD_RETURN_ADDRESS,
  isHttpsUrl,
  isOwnMediaPath,
  isReturnAddress,
  MEETING_LINK_NOT_HTTPS,
  servedAvatarUrl,
} from './urls-constants.ts';

/** An optional https address ('' is none: null). */
export const httpsUrlSchema = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(2000, message)
    .refine((text) => text === '' || isHttpsUrl(text), message)
    .transform((text) => text || null);

/** An optional return address (sign-up, sign-in, password reset, verification), passed on as sent. */
export const returnAddressSchema = z
  .string({ message: BAD_RETURN_ADDRESS })
  .refine(isReturnAddress, BAD_RETURN_ADDRESS);
