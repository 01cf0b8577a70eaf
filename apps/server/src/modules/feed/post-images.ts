import { FEED_PAGE_SIZE, POST_IMAGES_UNAVAILABLE } from '@lunara/shared/feed';
import { mediaUrl, POST_IMAGES_MAX, POST_IMAGES_TOO_MANY, type PostImage } from '@lunara/shared/media';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { directRead } from '../../db/direct-read.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { badRequest } from '../../errors.ts';

export interface PostImageInput {
  mediaId: string;
  alt: string;
}

/**
 * Puts the author's uploads on her new post, in the order sent, inside the post's transaction. Only her
 * own finished `post_image` uploads that are on no post yet qualify; the row lock the UPDATE takes makes
 * two posts racing for one image wait for each other, and the second finds it taken. If any image does
 * not qualify, the whole post is refused (the caller's transaction rolls back).
 */
export async function attachPostImages(
  tx: Db,
  authorId: string,
  postId: string,
  images: readonly PostImageInput[],
): Promise<void> {
  if (images.length === 0) return;
  if (images.length > POST_IMAGES_MAX) throw badRequest(POST_IMAGES_TOO_MANY);
  // Each array goes as one parameter (drizzle would spread a bare array into a list).
  const ids = sql.param(images.map((image) => image.mediaId));
  const alts = sql.param(images.map((image) => image.alt));
  // One statement for all of them: position and alt come from arrays in the order sent.
  const claimed = await tx
    .update(mediaFiles)
    .set({
      postId,
      position: sql`(array_position(${ids}::uuid[], ${mediaFiles.id}) - 1)::smallint`,
      alt: sql`(${alts}::text[])[array_position(${ids}::uuid[], ${mediaFiles.id})]`,
    })
    .where(
      and(
        sql`${mediaFiles.id} = any(${ids}::uuid[])`,
        eq(mediaFiles.ownerId, authorId),
        eq(mediaFiles.kind, 'post_image'),
        eq(mediaFiles.status, 'ready'),
        isNull(mediaFiles.postId),
      ),
    )
    .returning({ id: mediaFiles.id });
  if (claimed.length < images.length) throw badRequest(POST_IMAGES_UNAVAILABLE);
}

// At most four images on each post of a page (and the one more row a page reads to know if another follows).
const imagesOfPosts = directRead((db) =>
  db
    .select({
      postId: mediaFiles.postId,
      id: mediaFiles.id,
      width: mediaFiles.width,
      height: mediaFiles.height,
      alt: mediaFiles.alt,
    })
    .from(mediaFiles)
    .where(sql`${mediaFiles.postId} = any(${sql.placeholder('postIds')}::uuid[])`)
    .orderBy(asc(mediaFiles.postId), asc(mediaFiles.position))
    .limit(builderLimit((FEED_PAGE_SIZE + 1) * POST_IMAGES_MAX)),
);

/** The images of these posts, each post's in its author's order: one query (the (post_id, position) index). */
export async function loadPostImages(db: Db, postIds: readonly string[]): Promise<Map<string, PostImage[]>> {
  const byPost = new Map<string, PostImage[]>();
  if (postIds.length === 0) return byPost;
  if (postIds.length > FEED_PAGE_SIZE + 1) throw new Error('loadPostImages reads one page of posts at a time');
  const rows = await imagesOfPosts(db, { postIds });
  for (const row of rows) {
    if (!row.postId) continue;
    const image: PostImage = {
      id: row.id,
      url: mediaUrl(row.id),
      width: row.width ?? 0,
      height: row.height ?? 0,
      alt: row.alt,
    };
    const list = byPost.get(row.postId);
    if (list) list.push(image);
    else byPost.set(row.postId, [image]);
  }
  return byPost;
}
