import { Readable } from 'node:stream';
import type { MediaKind } from '@lunara/shared/media';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { AppError, notFound } from '../../errors.ts';
import { actingMemberOf } from '../../plugins/auth.ts';
import { parseRange } from './byte-range.ts';
import { assertCanReadMedia, MEDIA_NOT_FOUND } from './media-access.ts';
import { pickVariant } from './pick-variant.ts';
import { MediaNotFoundError, type MediaStorage } from './storage/media-storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Covers are public and never change under their id; everything else is one member's to cache. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, max-age=3600';

/** `filename*` (RFC 8187) for any name, and a plain ASCII `filename` for old clients. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Other spellings of a stored extension that a download may keep. */
const SAME_EXTENSION: Record<string, readonly string[]> = { jpg: ['jpeg', 'jpe'], mov: ['qt'] };

/**
 * The name a lesson file downloads under: the name it was uploaded with, ending in the extension of its
 * sniffed type (`original.pdf` gives `pdf`). Otherwise a JPEG uploaded as "notes.html" would be saved
 * as an .html file, and opened from the disk as a page, whatever type it was served with.
 */
export function downloadName(fileName: string, storedName: string): string {
  const extension = storedName.slice(storedName.lastIndexOf('.') + 1);
  const dot = fileName.lastIndexOf('.');
  const given = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (given === extension || SAME_EXTENSION[extension]?.includes(given)) return fileName;
  return `${fileName}.${extension}`;
}

async function findReadyMedia(db: Db, id: string) {
  const [row] = await db
    .select({
      id: mediaFiles.id,
      kind: mediaFiles.kind,
      ownerId: mediaFiles.ownerId,
      postId: mediaFiles.postId,
      lessonId: mediaFiles.lessonId,
      fileName: mediaFiles.fileName,
      variants: mediaFiles.variants,
    })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, id), eq(mediaFiles.status, 'ready')));
  return row;
}

const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined && (header.trim() === '*' || header.split(',').some((tag) => tag.trim() === etag));

/**
 * `GET /media/{id}` and `/media/{id}/{width}`: who may read it first (so a 304 or a 416 tells nobody
 * else anything), then the variant, conditional requests, one byte range, and the stored bytes.
 */
export async function serveMedia(
  db: Db,
  storage: MediaStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  width: number | undefined,
) {
  if (!UUID.test(id)) throw notFound(MEDIA_NOT_FOUND);
  const media = await findReadyMedia(db, id);
  if (!media) throw notFound(MEDIA_NOT_FOUND);
  const kind = media.kind as MediaKind;
  // As she may act: staff lacking the required second factor see media as a member would.
  await assertCanReadMedia(db, (await request.getSessionUser()) ? await actingMemberOf(request) : null, {
    kind,
    ownerId: media.ownerId,
    postId: media.postId,
    lessonId: media.lessonId,
  });
  const variant = pickVariant(kind, media.variants, width, request.headers.accept);
  if (!variant) throw notFound(MEDIA_NOT_FOUND);

  const etag = `"${media.id}.${variant.name}"`;
  reply.header('etag', etag);
  reply.header('cache-control', kind === 'course_cover' ? PUBLIC_CACHE : PRIVATE_CACHE);
  reply.header('accept-ranges', 'bytes');
  if (variant.width !== undefined) reply.header('vary', 'Accept');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

  const size = variant.bytes;
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : ({ kind: 'whole' } as const);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE', 416, 'That part of the file does not exist');
  }
  const key = `${media.id}/${variant.name}`;
  try {
    // HEAD: the headers only. Fastify drains a stream sent to a HEAD request, so none is opened.
    const body =
      request.method === 'HEAD'
        ? Readable.from([])
        : await storage.get(key, range.kind === 'range' ? range.range : undefined);
    reply.type(variant.contentType);
    // Lesson files download under the name they were uploaded with; the rest show in the page.
    reply.header(
      'content-disposition',
      kind === 'lesson_file'
        ? contentDisposition('attachment', downloadName(media.fileName, variant.name))
        : contentDisposition('inline', variant.name),
    );
    if (range.kind === 'range') {
      const { start, end } = range.range;
      reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      reply.header('content-length', String(end - start + 1));
    } else {
      reply.header('content-length', String(size));
    }
    return reply.send(body);
  } catch (error) {
    if (error instanceof MediaNotFoundError) {
      request.log.error({ mediaId: media.id, key }, 'a ready media file is missing from storage');
      throw notFound(MEDIA_NOT_FOUND);
    }
    throw error;
  }
}
