import { errorResponseSchema } from '@lunara/shared/api';
import { editCommentBodySchema, editPostBodySchema } from '@lunara/shared/editing';
import {
  commentPageSchema,
  commentSchema,
  createCommentBodySchema,
  createPostBodySchema,
  cursorQuerySchema,
  likeResponseSchema,
  pinBodySchema,
  postPageSchema,
  postSchema,
} from '@lunara/shared/feed';
import { isModeratorRole } from '@lunara/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { actingMemberOf, requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { hidesAuthor, maskBlocked, withoutBlocked } from '../blocks/block-service.ts';
import { visibleForReview } from '../moderation/hidden-content.ts';
import { requireVerifiedEmailToPost } from '../posting-rules/posting-guard.ts';
import { listCirclePosts, listFromMyCircles } from './circle-feed.ts';
import { createComment, deleteComment, listComments } from './comment-service.ts';
import { editComment } from './edit-comment.ts';
import { editPost } from './edit-post.ts';
import { createPost, deletePost, getPost, listPosts, setPostLike, setPostPinned } from './post-service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const postParams = z.object({ postId: z.uuid('Unknown post') });
const circleParams = z.object({ circleId: z.uuid('Unknown circle') });
const ok = z.object({ ok: z.literal(true) });
const POST_GONE = 'This post no longer exists';

/** The community feed (spec: posts, likes, comments). Subscribers and admins only. */
const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));

  app.get(
    '/api/posts',
    {
      schema: {
        tags: ['feed'],
        summary: 'The feed: pinned first, then newest',
        querystring: cursorQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewerId = (await sessionUserOf(request)).id;
      const { cursor } = request.query;
      const [page, blocks] = await Promise.all([
        cursor ? listPosts(app.db, viewerId, cursor) : app.readFeedFirstPage(viewerId),
        app.readBlocks(viewerId),
      ]);
      // After the cache (its first page is everyone's): her blocks, both ways, per viewer. The cursor
      // stays the page's last row, so a page may come shorter but the next one starts where it should.
      return { ...page, items: withoutBlocked(page.items, blocks, (post) => post.author.id) };
    },
  );
  app.post(
    '/api/posts',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags: ['feed'],
        summary: 'Share a post (+10 points)',
        body: createPostBodySchema,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request) => createPost(app.db, await actingMemberOf(request), request.body),
  );
  app.get(
    '/api/posts/from-circles',
    {
      schema: {
        tags: ['feed'],
        summary: 'From your circles: the posts of the circles she is in, newest first',
        querystring: cursorQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const [page, blocks] = await Promise.all([
        listFromMyCircles(app.db, viewer, request.query.cursor),
        app.readBlocks(viewer.id),
      ]);
      // Her blocks, both ways, as on the main feed.
      return { ...page, items: withoutBlocked(page.items, blocks, (post) => post.author.id) };
    },
  );
  app.get(
    '/api/circles/:circleId/posts',
    {
      schema: {
        tags: ['feed'],
        summary: "A circle's feed (its members and staff): pinned first, then newest",
        params: circleParams,
        querystring: cursorQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const [page, blocks] = await Promise.all([
        listCirclePosts(app.db, viewer, request.params.circleId, request.query.cursor),
        app.readBlocks(viewer.id),
      ]);
      return { ...page, items: withoutBlocked(page.items, blocks, (post) => post.author.id) };
    },
  );
  app.get(
    '/api/posts/:postId',
    {
      schema: {
        tags: ['feed'],
        summary: 'One post (its own page)',
        params: postParams,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const viewerId = viewer.id;
      const [post, blocks] = await Promise.all([
        getPost(app.db, viewer, request.params.postId),
        app.readBlocks(viewerId),
      ]);
      // The same answer as for a deleted post: a blocked member learns nothing more than that.
      if (hidesAuthor(blocks, post.author.id)) throw notFound(POST_GONE);
      return post;
    },
  );
  app.patch(
    '/api/posts/:postId',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags: ['feed'],
        summary: 'Edit your own post (title and text)',
        params: postParams,
        body: editPostBodySchema,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request) => editPost(app.db, await actingMemberOf(request), request.params.postId, request.body),
  );
  app.delete(
    '/api/posts/:postId',
    {
      schema: {
        tags: ['feed'],
        summary: 'Delete a post (its author, or a moderator)',
        params: postParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deletePost(app.db, await actingMemberOf(request), request.params.postId);
      return { ok: true as const };
    },
  );
  app.put(
    '/api/posts/:postId/pin',
    {
      // Before the body is read: a member learns nothing from validation errors.
      onRequest: requireRole('moderator', 'Only moderators and admins can pin posts'),
      schema: {
        tags: ['feed'],
        summary: 'Pin or unpin a post (moderators)',
        params: postParams,
        body: pinBodySchema,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request) =>
      setPostPinned(app.db, await sessionUserOf(request), request.params.postId, request.body.isPinned),
  );
  for (const [method, like] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/posts/:postId/like',
      {
        schema: {
          tags: ['feed'],
          summary: like ? 'Like a post' : 'Unlike a post',
          params: postParams,
          response: { 200: likeResponseSchema, ...errors },
        },
      },
      async (request) => setPostLike(app.db, await actingMemberOf(request), request.params.postId, like),
    );
  }
  app.get(
    '/api/posts/:postId/comments',
    {
      schema: {
        tags: ['feed'],
        summary: "A post's comments, oldest first",
        params: postParams,
        querystring: cursorQuerySchema,
        response: { 200: commentPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const viewerId = viewer.id;
      const [page, blocks] = await Promise.all([
        listComments(app.db, viewer, request.params.postId, request.query.cursor),
        app.readBlocks(viewerId),
      ]);
      // Comments that reports hide: their author and staff see them, marked; nobody else.
      const seen = visibleForReview(page.items, viewerId, isModeratorRole(viewer.role));
      return { ...page, items: maskBlocked(seen, blocks, (comment) => comment.author.id) };
    },
  );
  app.post(
    '/api/posts/:postId/comments',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags: ['feed'],
        summary: 'Comment on a post (+5 points)',
        params: postParams,
        body: createCommentBodySchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) =>
      createComment(app.db, await actingMemberOf(request), request.params.postId, request.body.content),
  );
  app.patch(
    '/api/comments/:commentId',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags: ['feed'],
        summary: 'Edit your own comment',
        params: z.object({ commentId: z.uuid('Unknown comment') }),
        body: editCommentBodySchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) =>
      editComment(app.db, await actingMemberOf(request), request.params.commentId, request.body.content),
  );
  app.delete(
    '/api/comments/:commentId',
    {
      schema: {
        tags: ['feed'],
        summary: 'Delete a comment (its author, or a moderator)',
        params: z.object({ commentId: z.uuid('Unknown comment') }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deleteComment(app.db, await actingMemberOf(request), request.params.commentId);
      return { ok: true as const };
    },
  );
};

export default feedRoutes;
