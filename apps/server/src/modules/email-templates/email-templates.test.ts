import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksInMail, mailsTo } from '../../../test/outbox-mail.ts';
import { createTestApp, type TestApp, type TestMember, uniqueEmail } from '../../../test/test-app.ts';
import { emailTemplates, subscriptionStartedNotices } from '../../db/schema/email-templates.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { renderTemplate } from './render.ts';
import { sendSubscriptionStartedEmails } from './started-notices.ts';

let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp(uniqueEmail('owner'), undefined, 'Owner Olive');
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
  moderator = await t.signUp();
  await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
  member = await t.signUp();
});
afterAll(async () => t?.close());

const save = (key: string, subject: string, body: string, who: TestMember = admin) =>
  t.api(who, 'PUT', `/api/admin/email-templates/${key}`, { subject, body });

describe('email templates', () => {
  it('are for admins only', async () => {
    for (const who of [moderator, member]) {
      expect((await t.api(who, 'GET', '/api/admin/email-templates')).statusCode).toBe(403);
      expect((await save('welcome', 'Hi', 'Hi {{link}}', who)).statusCode).toBe(403);
      expect((await t.api(who, 'DELETE', '/api/admin/email-templates/welcome')).statusCode).toBe(403);
      const preview = await t.api(who, 'POST', '/api/admin/email-templates/welcome/preview', {
        subject: 'a',
        body: 'b',
      });
      expect(preview.statusCode).toBe(403);
    }
    expect((await t.api(undefined, 'GET', '/api/admin/email-templates')).statusCode).toBe(401);
  });

  it('lists the three with their defaults and variables', async () => {
    const list = (await t.api(admin, 'GET', '/api/admin/email-templates')).json().items;
    expect(list.map((item: { key: string }) => item.key)).toEqual([
      'welcome',
      'password_reset',
      'subscription_started',
    ]);
    expect(list[0]).toMatchObject({ isDefault: true, subject: 'Confirm your email for {{productName}}' });
    expect(list[1].variables.find((v: { name: string }) => v.name === 'link')).toMatchObject({ required: true });
  });

  it('refuses a missing {{link}}, unknown variables, broken braces and foreign links, saving nothing', async () => {
    const missing = await save('password_reset', 'Reset', 'Click somewhere');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(
      'The Password reset must contain {{link}} (the link to choose a new password)',
    );
    const unknown = await save('welcome', 'Hi {{firstName}}', 'Go: {{link}}');
    expect(unknown.json().error.message).toMatch(
      /^Unknown variable \{\{firstName\}\}: the Welcome email can use \{\{name\}\}, \{\{link\}\}, \{\{productName\}\}/,
    );
    const braces = await save('welcome', 'Hi', 'Go: {{link}} {{name}');
    expect(braces.statusCode).toBe(400);
    const foreign = await save('welcome', 'Hi', '[Win](https://evil.example/x) {{link}}');
    expect(foreign.json().error.message).toMatch(/^Links can only go to http:\/\/localhost:3000/);
    const script = await save('welcome', 'Hi', '[x](javascript:alert(1)) {{link}}');
    expect(script.statusCode).toBe(400);
    expect((await save('welcome', '', '{{link}}')).statusCode).toBe(400);
    expect(
      (await t.api(admin, 'PUT', '/api/admin/email-templates/nope', { subject: 'a', body: '{{link}}' })).statusCode,
    ).toBe(400);
    expect(await t.database.db.select().from(emailTemplates)).toEqual([]);
  });

  it('previews HTML and text with sample values, escaping what the HTML gets', async () => {
    const preview = await t.api(admin, 'POST', '/api/admin/email-templates/welcome/preview', {
      subject: 'Hello {{name}} from {{productName}}',
      body: '# Welcome\n\n**Dear** {{name}} <script>alert(1)</script>\n\n- one\n- two\n\n[Confirm]({{link}}) or [home](/community)',
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.subject).toBe('Hello Luna from Lunara');
    expect(body.html).toContain('<h2 style="color:#2a1f3d">Welcome</h2>');
    expect(body.html).toContain('<strong>Dear</strong> Luna &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body.html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(body.html).toContain('href="http://localhost:3000/api/auth/verify-email?token=sample"');
    expect(body.html).toContain('href="http://localhost:3000/community"');
    expect(body.html).not.toContain('<script>');
    expect(body.text).toContain('Confirm: http://localhost:3000/api/auth/verify-email?token=sample');
  });

  it('escapes values in the HTML part and keeps {{link}} on the app', () => {
    const rendered = renderTemplate(
      { subject: 'Hi {{name}}', body: 'Dear {{name}}\n\n[Go]({{link}})' },
      { name: '<img src=x onerror=alert(1)> "Eve"\nBcc: x', link: 'https://evil.example/' },
      'http://localhost:3000',
    );
    expect(rendered.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Eve&quot;');
    expect(rendered.html).toContain('href="http://localhost:3000/"');
    expect(rendered.subject).not.toMatch(/\n/);
  });

  it('saves, is used by the real reset and welcome emails, and restores the default', async () => {
    const saved = await save(
      'password_reset',
      'New password for {{productName}}',
      'Hello {{name}}!\n\n[Pick one]({{link}})',
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ isDefault: false, subject: 'New password for {{productName}}' });
    await t.request({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: member.email } });
    const [reset] = await mailsTo(t, member.email);
    expect(reset?.subject).toBe('New password for Lunara');
    expect(reset?.textBody).toMatch(
      /^Hello .+!\n\nPick one: http:\/\/localhost:3000\/api\/auth\/reset-password\/[\w-]+/,
    );
    expect(reset?.htmlBody).toContain('>Pick one</a>');

    expect((await save('welcome', 'Welcome, {{name}}', 'So glad, {{name}}.\n\n[Confirm]({{link}})')).statusCode).toBe(
      200,
    );
    const email = uniqueEmail('newcomer');
    await t.signUp(email, undefined, 'Nova');
    const [link] = await linksInMail(t, email, 'Welcome, Nova');
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    const restored = await t.api(admin, 'DELETE', '/api/admin/email-templates/password_reset');
    expect(restored.json()).toMatchObject({ isDefault: true, subject: 'Reset your {{productName}} password' });
    await t.request({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: member.email } });
    expect((await mailsTo(t, member.email))[0]?.subject).toBe('Reset your Lunara password');
    const audit = (await t.api(admin, 'GET', '/api/admin/audit'))
      .json()
      .items.map((entry: { action: string }) => entry.action);
    expect(audit.slice(0, 3)).toEqual(['email_template.restore', 'email_template.update', 'email_template.update']);
  });

  it('sends a test to the admin herself, 5 in 10 minutes at most', async () => {
    const draft = { subject: 'Draft {{name}}', body: 'Draft body {{link}}' };
    for (let n = 0; n < 5; n++) {
      expect((await t.api(admin, 'POST', '/api/admin/email-templates/welcome/test', draft)).statusCode).toBe(200);
    }
    const sixth = await t.api(admin, 'POST', '/api/admin/email-templates/welcome/test', draft);
    expect(sixth.statusCode).toBe(429);
    const mails = (await mailsTo(t, admin.email)).filter((mail) => mail.subject === '[Test] Draft Owner Olive');
    expect(mails).toHaveLength(5);
    const bad = await t.api(admin, 'POST', '/api/admin/email-templates/subscription_started/test', {
      subject: 'x',
      body: '{{nope}}',
    });
    expect([400, 429]).toContain(bad.statusCode);
  });

  it('sends "membership started" once per subscription, with the saved template', async () => {
    expect(
      (await save('subscription_started', 'You are in, {{name}}', 'Until {{periodEnd}}. [Go]({{link}})')).statusCode,
    ).toBe(200);
    const subscriber = await t.signUpSubscriber();
    expect(await sendSubscriptionStartedEmails(t.database.db, t.app.mailer, t.config)).toBeGreaterThanOrEqual(1);
    expect(await sendSubscriptionStartedEmails(t.database.db, t.app.mailer, t.config)).toBe(0);
    const mails = (await mailsTo(t, subscriber.email)).filter((mail) => mail.subject.startsWith('You are in'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toMatch(/^Until \w+ \d+, \d{4}\. Go: http:\/\/localhost:3000\/community$/);
    // Cancelling and resuming the same subscription sends nothing more.
    await t.api(subscriber, 'POST', '/api/billing/test/cancel');
    await t.api(subscriber, 'POST', '/api/billing/test/resume');
    expect(await sendSubscriptionStartedEmails(t.database.db, t.app.mailer, t.config)).toBe(0);
    const notices = await t.database.db
      .select()
      .from(subscriptionStartedNotices)
      .where(eq(subscriptionStartedNotices.userId, subscriber.id));
    expect(notices).toHaveLength(1);
  });
});
