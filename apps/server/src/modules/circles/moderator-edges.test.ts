import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { circleMemberships, circles } from '../../db/schema/circles.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { OWN_REQUEST_MESSAGE } from './circle-service.ts';

/** Moderators' edges (issue 25, item 22; decision 016). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function openCircle() {
  const [circle] = await t.database.db
    .insert(circles)
    .values({ name: `Open ${Date.now()}`, description: 'x', type: 'open', focusArea: 'x', maxMembers: 20 })
    .returning();
  if (!circle) throw new Error('no circle');
  return circle.id;
}

async function requestToJoin(member: TestMember, circleId: string): Promise<string> {
  expect((await t.api(member, 'POST', `/api/circles/${circleId}/join`)).json().status).toBe('pending');
  const [row] = await t.database.db
    .select()
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.userId, member.id)));
  return row?.id ?? '';
}

const statusOf = async (requestId: string) =>
  (await t.database.db.select().from(circleMemberships).where(eq(circleMemberships.id, requestId)))[0]?.status;

async function unpaid(role: 'moderator' | 'admin') {
  const member = await t.signUp();
  await grantRoleByEmail(t.database.db, member.email, role);
  return member;
}

describe('a join request', () => {
  for (const decision of ['approve', 'decline'] as const) {
    it(`cannot be decided (${decision}) by the moderator who made it; another moderator can`, async () => {
      const moderator = await t.signUpSubscriber('moderator');
      const colleague = await t.signUpSubscriber('moderator');
      const requestId = await requestToJoin(moderator, await openCircle());
      const own = await t.api(moderator, 'POST', `/api/circles/requests/${requestId}/${decision}`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ error: { code: 'FORBIDDEN', message: OWN_REQUEST_MESSAGE } });
      expect(await statusOf(requestId)).toBe('pending');
      const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, requestId));
      expect(audited).toEqual([]);
      expect((await t.api(colleague, 'POST', `/api/circles/requests/${requestId}/${decision}`)).statusCode).toBe(200);
      expect(await statusOf(requestId)).toBe(decision === 'approve' ? 'approved' : 'declined');
    });
  }

  it('can be decided by an admin, her own included (audited as always)', async () => {
    const admin = await unpaid('admin');
    const requestId = await requestToJoin(admin, await openCircle());
    expect((await t.api(admin, 'POST', `/api/circles/requests/${requestId}/approve`)).statusCode).toBe(200);
    expect(await statusOf(requestId)).toBe('approved');
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, requestId));
    expect(audited).toMatchObject({ actorId: admin.id, action: 'circle.approve' });
  });
});

describe('a moderator without a membership', () => {
  it('reaches the community and rituals she moderates, and does her work there; not the courses', async () => {
    const moderator = await unpaid('moderator');
    const member = await t.signUpSubscriber();
    for (const url of [
      '/api/posts',
      '/api/forums/categories',
      '/api/circles',
      '/api/circles/requests',
      '/api/rituals',
    ]) {
      expect((await t.api(moderator, 'GET', url)).statusCode, url).toBe(200);
    }
    const post = (await t.api(member, 'POST', '/api/posts', { title: 'Spam?', content: 'x' })).json();
    expect((await t.api(moderator, 'PUT', `/api/posts/${post.id}/pin`, { isPinned: true })).statusCode).toBe(200);
    expect((await t.api(moderator, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    const courses = await t.api(moderator, 'GET', '/api/courses/progress');
    expect(courses.statusCode).toBe(403);
    expect(courses.json().error.message).toBe('This is for members: an active membership is required');
  });

  it('loses that access with the role', async () => {
    const moderator = await unpaid('moderator');
    expect((await t.api(moderator, 'GET', '/api/posts')).statusCode).toBe(200);
    await grantRoleByEmail(t.database.db, moderator.email, 'user');
    expect((await t.api(moderator, 'GET', '/api/posts')).statusCode).toBe(403);
  });
});
