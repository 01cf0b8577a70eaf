import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { ONLY_ADMINS_EDIT_CONTENT } from './studio-routes-kit.ts';

/**
 * A test app with the people the Content Studio tests act as: two admins (so one can meet the other's
 * change), a moderator (who may moderate but not edit content) and a paying member.
 */
export async function startStudioApp() {
  const t = await createTestApp();
  const admin = await t.signUpSubscriber('admin');
  const otherAdmin = await t.signUpSubscriber('admin');
  const moderator = await t.signUpSubscriber('moderator');
  const member = await t.signUpSubscriber();
  return { t, admin, otherAdmin, moderator, member };
}

type Method = Parameters<TestApp['api']>[1];

/** The studio is the admins' alone: a visitor is asked to sign in, a member or a moderator is refused. */
export async function expectOnlyAdmins(
  t: TestApp,
  { member, moderator }: { member: TestMember; moderator: TestMember },
  method: Method,
  url: string,
  payload?: unknown,
): Promise<void> {
  expect((await t.api(undefined, method, url, payload)).statusCode).toBe(401);
  for (const who of [member, moderator]) {
    const refused = await t.api(who, method, url, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ONLY_ADMINS_EDIT_CONTENT);
  }
}
