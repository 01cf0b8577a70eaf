import type { Media, MediaKind, StorageTotals } from '@lunara/shared/media';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, PDF, storedFiles, storedPrefixes } from '../../../test/fixtures/media-files.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { user } from '../../db/schema/auth.ts';
import { mediaDeletions, mediaFiles, memberStorage } from '../../db/schema/media.ts';
import { profiles } from '../../db/schema/members.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { deleteUnattachedPostImages, deleteUnfinishedUploads, processMediaDeletions } from './housekeeping.ts';
import { IMAGE_ON_POST } from './media-service.ts';
import type { MediaStorage } from './storage/media-storage.ts';

let t: TestApp;
let root: string;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  root = t.config.media.diskRoot;
  admin = await t.signUp();
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
});
afterAll(async () => t?.close());

async function upload(who: TestMember, kind: MediaKind, body: Buffer, query = '') {
  const response = await t.request({
    method: 'POST',
    url: `/api/media/${kind}${query}`,
    cookie: who.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'file' },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as Media;
}
const runDeletions = () => processMediaDeletions(t.database.db, t.app.mediaStorage);
const rowOf = async (id: string) => (await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, id)))[0];
const queued = async () => (await t.database.db.select().from(mediaDeletions)).map((row) => row.mediaId);
const age = (id: string, interval: string) =>
  t.database.db
    .update(mediaFiles)
    .set({ createdAt: sql`now() - ${interval}::interval` })
    .where(eq(mediaFiles.id, id));

async function attach(author: TestMember, mediaId: string) {
  const post = (await t.api(author, 'POST', '/api/posts', { title: 'With a photo', content: 'Look' })).json();
  await t.database.db.update(mediaFiles).set({ postId: post.id, position: 0 }).where(eq(mediaFiles.id, mediaId));
  return post.id as string;
}

describe('the storage deletion job', () => {
  it("empties storage after a post's deletion", async () => {
    const author = await t.signUpSubscriber();
    const image = await upload(author, 'post_image', await makeImage(700, 400, 'jpeg'));
    const postId = await attach(author, image.id);
    expect(storedFiles(root, image.id).length).toBeGreaterThan(0);
    expect((await t.api(author, 'DELETE', `/api/posts/${postId}`)).statusCode).toBeLessThan(300);
    expect(await rowOf(image.id)).toBeUndefined();
    expect(await queued()).toContain(image.id);
    expect(await runDeletions()).toBeGreaterThanOrEqual(1);
    expect(storedFiles(root, image.id)).toEqual([]);
    expect(await queued()).not.toContain(image.id);
  });

  it("empties storage after an account's deletion, and her totals go with her", async () => {
    const member = await t.signUpSubscriber();
    const avatar = await upload(member, 'avatar', await makeImage(100, 100));
    const image = await upload(member, 'post_image', await makeImage(100, 100));
    await t.database.db.delete(user).where(eq(user.id, member.id));
    await runDeletions();
    expect(storedFiles(root, avatar.id)).toEqual([]);
    expect(storedFiles(root, image.id)).toEqual([]);
    expect(await t.database.db.select().from(memberStorage).where(eq(memberStorage.userId, member.id))).toEqual([]);
    const ready = (await t.database.db.select({ id: mediaFiles.id }).from(mediaFiles)).map((row) => row.id).sort();
    expect(storedPrefixes(root)).toEqual(ready);
  });

  it('retries a failed deletion later, with a back-off', async () => {
    const member = await t.signUp();
    const avatar = await upload(member, 'avatar', await makeImage(100, 100));
    await t.api(member, 'DELETE', '/api/me/avatar');
    // The route deleted the files at once; the queue entry stays until the job confirms.
    expect(storedFiles(root, avatar.id)).toEqual([]);
    const failing: MediaStorage = {
      ...t.app.mediaStorage,
      deletePrefix: async () => {
        throw new Error('storage unavailable');
      },
    };
    expect(await processMediaDeletions(t.database.db, failing)).toBe(0);
    const [entry] = await t.database.db.select().from(mediaDeletions).where(eq(mediaDeletions.mediaId, avatar.id));
    expect(entry?.attempts).toBe(1);
    expect(entry?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: nothing claims it.
    expect(await processMediaDeletions(t.database.db, t.app.mediaStorage)).toBe(0);
    await t.database.db
      .update(mediaDeletions)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mediaDeletions.mediaId, avatar.id));
    expect(await processMediaDeletions(t.database.db, t.app.mediaStorage)).toBe(1);
    expect(await queued()).not.toContain(avatar.id);
  });

  it('hands each queued prefix to one worker only when several run at once', async () => {
    const member = await t.signUpSubscriber();
    const images = [];
    for (let i = 0; i < 6; i++) images.push(await upload(member, 'post_image', await makeImage(50, 50)));
    await t.database.db.delete(user).where(eq(user.id, member.id));
    const calls: string[] = [];
    const counting: MediaStorage = {
      ...t.app.mediaStorage,
      deletePrefix: async (prefix) => {
        calls.push(prefix);
        await new Promise((resolve) => setTimeout(resolve, 5));
        await t.app.mediaStorage.deletePrefix(prefix);
      },
    };
    const done = await Promise.all([1, 2, 3].map(() => processMediaDeletions(t.database.db, counting)));
    expect(done.reduce((sum, count) => sum + count, 0)).toBe(calls.length);
    expect(new Set(calls).size).toBe(calls.length);
    for (const image of images) expect(calls).toContain(image.id);
  });
});

describe('cleaning up uploads', () => {
  it('deletes uploads still unfinished after a day, and their storage, never one still running hours long', async () => {
    const member = await t.signUp();
    const [stale] = await t.database.db
      .insert(mediaFiles)
      .values({ ownerId: member.id, kind: 'avatar', createdAt: sql`now() - interval '25 hours'` })
      .returning({ id: mediaFiles.id });
    // A 2 GB video on a slow line: still being sent after five hours.
    const [recent] = await t.database.db
      .insert(mediaFiles)
      .values({ ownerId: member.id, kind: 'lesson_video', createdAt: sql`now() - interval '5 hours'` })
      .returning({ id: mediaFiles.id });
    const staleId = stale?.id as string;
    await t.app.mediaStorage.put(`${staleId}/64.jpg`, Buffer.from('half'), 'image/jpeg');
    expect(await deleteUnfinishedUploads(t.database.db)).toBe(1);
    expect(await rowOf(staleId)).toBeUndefined();
    expect(await rowOf(recent?.id as string)).toBeDefined();
    await runDeletions();
    expect(storedFiles(root, staleId)).toEqual([]);
  });

  it('deletes post images no post claimed within a day', async () => {
    const author = await t.signUpSubscriber();
    const dropped = await upload(author, 'post_image', await makeImage(60, 60));
    const posted = await upload(author, 'post_image', await makeImage(60, 60));
    const fresh = await upload(author, 'post_image', await makeImage(60, 60));
    await attach(author, posted.id);
    await age(dropped.id, '25 hours');
    await age(posted.id, '25 hours');
    expect(await deleteUnattachedPostImages(t.database.db)).toBe(1);
    expect(await rowOf(dropped.id)).toBeUndefined();
    expect(await rowOf(posted.id)).toBeDefined();
    expect(await rowOf(fresh.id)).toBeDefined();
    await runDeletions();
    expect(storedFiles(root, dropped.id)).toEqual([]);
    expect(storedFiles(root, posted.id).length).toBeGreaterThan(0);
  });
});

describe('removing uploads', () => {
  it('lets her remove her own image not yet on a post, and nobody else', async () => {
    const author = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const image = await upload(author, 'post_image', await makeImage(60, 60));
    const refused = await t.api(other, 'DELETE', `/api/media/${image.id}`);
    expect(refused.statusCode).toBe(404);
    expect(await rowOf(image.id)).toBeDefined();
    expect((await t.api(author, 'DELETE', `/api/media/${image.id}`)).statusCode).toBe(200);
    expect(await rowOf(image.id)).toBeUndefined();
    expect(storedFiles(root, image.id)).toEqual([]);
    expect((await t.api(author, 'DELETE', `/api/media/${image.id}`)).statusCode).toBe(404);

    const onPost = await upload(author, 'post_image', await makeImage(60, 60));
    await attach(author, onPost.id);
    const attached = await t.api(author, 'DELETE', `/api/media/${onPost.id}`);
    expect(attached.statusCode).toBe(409);
    expect(attached.json().error.message).toBe(IMAGE_ON_POST);
  });

  it('lets admins remove course media; members cannot', async () => {
    const file = await upload(admin, 'lesson_file', PDF, '?lessonId=2-1');
    const member = await t.signUpSubscriber();
    expect((await t.api(member, 'DELETE', `/api/media/${file.id}`)).statusCode).toBe(403);
    expect((await t.api(admin, 'DELETE', `/api/media/${file.id}`)).statusCode).toBe(200);
    expect(await rowOf(file.id)).toBeUndefined();
  });

  it('removes her avatar: the initials show again', async () => {
    const member = await t.signUp();
    const avatar = await upload(member, 'avatar', await makeImage(100, 100));
    expect((await t.api(member, 'DELETE', '/api/me/avatar')).statusCode).toBe(200);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile?.avatarUrl).toBeNull();
    expect(await rowOf(avatar.id)).toBeUndefined();
    expect((await t.api(member, 'GET', '/api/me')).json().user.profile.avatarUrl).toBeNull();
    // Nothing to remove is not an error.
    expect((await t.api(member, 'DELETE', '/api/me/avatar')).statusCode).toBe(200);
  });
});

describe('storage totals for admins', () => {
  it('adds up every kind and lists the members storing the most, by name', async () => {
    const big = await t.signUpSubscriber();
    await t.api(big, 'PUT', '/api/profiles/me', { displayName: 'Selene Storage' });
    const image = await upload(big, 'post_image', await makeImage(2000, 1000, 'jpeg'));
    const response = await t.api(admin, 'GET', '/api/admin/storage');
    expect(response.statusCode).toBe(200);
    const totals = response.json() as StorageTotals;
    const rows = await t.database.db.select({ kind: mediaFiles.kind, byteSize: mediaFiles.byteSize }).from(mediaFiles);
    expect(totals.totalBytes).toBe(rows.reduce((sum, row) => sum + row.byteSize, 0));
    expect(totals.files).toBe(rows.length);
    expect(totals.byKind.find((kind) => kind.kind === 'post_image')?.bytes).toBe(
      rows.filter((row) => row.kind === 'post_image').reduce((sum, row) => sum + row.byteSize, 0),
    );
    expect(totals.members[0]).toEqual({
      userId: big.id,
      displayName: 'Selene Storage',
      bytes: image.byteSize,
      files: 1,
    });
    const bytes = totals.members.map((member) => member.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
    expect((await t.api(big, 'GET', '/api/admin/storage')).statusCode).toBe(403);
    expect((await t.api(undefined, 'GET', '/api/admin/storage')).statusCode).toBe(401);
  });
});
