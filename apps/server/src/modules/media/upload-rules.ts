import { fileTooLargeMessage, isCourseMediaKind, MEDIA_KINDS, type MediaKind } from '@lunara/shared/media';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound, payloadTooLarge, unauthorized, unsupportedMediaType } from '../../errors.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';

export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';
export const ONLY_ADMINS_UPLOAD_COURSE_MEDIA = 'Only admins can upload course covers and lesson media';
export const UNKNOWN_UPLOAD_KIND = 'Unknown kind of upload';
export const SEND_RAW_FILE = 'Send the file itself as the request body (application/octet-stream)';

const kindSchema = z.enum(MEDIA_KINDS);
const communityMember = requireSubscriber({ allowStaff: true });

/** Who may upload each kind (the contract of issue 27): anyone signed in, the community, or admins. */
async function assertMayUpload(request: FastifyRequest, kind: MediaKind): Promise<void> {
  const member = await request.getSessionUser();
  if (!member) throw unauthorized();
  if (kind === 'post_image') await communityMember(request);
  if (isCourseMediaKind(kind) && member.role !== 'admin') {
    throw forbidden(ONLY_ADMINS_UPLOAD_COURSE_MEDIA);
  }
}

/** The declared body size, when the client sent a usable Content-Length. */
export function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/**
 * onRequest guard of the upload route: everything that can be refused before a byte of the body is read
 * (who she is, the kind, the body's type, a declared size past the limit), so that a refused upload is
 * never received.
 */
export function uploadGuard(limits: Record<MediaKind, number>) {
  return async (request: FastifyRequest) => {
    if (!(await request.getSessionUser())) throw unauthorized();
    const kind = kindSchema.safeParse((request.params as { kind?: unknown }).kind);
    if (!kind.success) throw notFound(UNKNOWN_UPLOAD_KIND);
    await assertMayUpload(request, kind.data);
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== UPLOAD_CONTENT_TYPE) throw unsupportedMediaType(SEND_RAW_FILE);
    const length = declaredLength(request);
    if (length !== undefined && length > limits[kind.data]) {
      throw payloadTooLarge(fileTooLargeMessage(kind.data, limits[kind.data]));
    }
  };
}
