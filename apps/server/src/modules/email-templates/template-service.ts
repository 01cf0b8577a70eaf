import {
  EMAIL_TEMPLATE_KEYS,
  EMAIL_TEMPLATES,
  type EmailTemplate,
  type EmailTemplateBody,
  type EmailTemplateKey,
} from '@lunara/shared/email-templates';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema/email-templates.ts';
import { auditLog } from '../../db/schema/operations.ts';
import type { Mail } from '../../mail/mailer.ts';
import { checkTemplate, type RenderedEmail, renderTemplate, type TemplateValues } from './render.ts';

/** The built-in emails, as they read before the owner edits them (and after "Restore default"). */
export const DEFAULT_TEMPLATES: Record<EmailTemplateKey, EmailTemplateBody> = {
  welcome: {
    subject: 'Confirm your email for {{productName}}',
    body: [
      'Welcome to {{productName}}, {{name}}.',
      'Please confirm your email address to complete your sign-up.',
      '[Confirm my email]({{link}})',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n\n'),
  },
  password_reset: {
    subject: 'Reset your {{productName}} password',
    body: [
      'We received a request to reset your password.',
      'The link below is valid for one hour.',
      '[Choose a new password]({{link}})',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n\n'),
  },
  subscription_started: {
    subject: 'Welcome to {{productName}}: your membership has started',
    body: [
      'Dear {{name}},',
      'Your {{productName}} membership is active. Your current period runs until {{periodEnd}}.',
      'The courses, rituals and the community are open to you now.',
      '[Open the community]({{link}})',
    ].join('\n\n'),
  },
};

interface AppInfo {
  productName: string;
  appUrl: string;
}

async function savedTemplate(db: Db, key: EmailTemplateKey) {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  return row;
}

function shape(key: EmailTemplateKey, row: typeof emailTemplates.$inferSelect | undefined): EmailTemplate {
  const info = EMAIL_TEMPLATES[key];
  return {
    key,
    label: info.label,
    description: info.description,
    subject: row?.subject ?? DEFAULT_TEMPLATES[key].subject,
    body: row?.body ?? DEFAULT_TEMPLATES[key].body,
    isDefault: !row,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    variables: info.variables,
  };
}

/** The three templates (three rows at most). */
export async function listTemplates(db: Db): Promise<EmailTemplate[]> {
  const rows = await db.select().from(emailTemplates);
  return EMAIL_TEMPLATE_KEYS.map((key) =>
    shape(
      key,
      rows.find((row) => row.key === key),
    ),
  );
}

/** Saves her edit (refused with the reason if the email could not be sent with it); audited. */
export async function saveTemplate(
  db: Db,
  actorId: string,
  key: EmailTemplateKey,
  body: EmailTemplateBody,
  appUrl: string,
): Promise<EmailTemplate> {
  checkTemplate(key, body.subject, body.body, appUrl);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailTemplates)
      .values({ key, subject: body.subject, body: body.body, updatedBy: actorId })
      .onConflictDoUpdate({
        target: emailTemplates.key,
        set: { subject: body.subject, body: body.body, updatedBy: actorId, updatedAt: new Date() },
      })
      .returning();
    await tx.insert(auditLog).values({
      actorId,
      action: 'email_template.update',
      targetType: 'email_template',
      targetId: key,
      details: { title: EMAIL_TEMPLATES[key].label },
    });
    return shape(key, row);
  });
}

/** Back to the built-in email: the saved row goes (again is harmless); audited when there was one. */
export async function restoreTemplate(db: Db, actorId: string, key: EmailTemplateKey): Promise<EmailTemplate> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(emailTemplates)
      .where(eq(emailTemplates.key, key))
      .returning({ key: emailTemplates.key });
    if (deleted.length === 0) return;
    await tx.insert(auditLog).values({
      actorId,
      action: 'email_template.restore',
      targetType: 'email_template',
      targetId: key,
      details: { title: EMAIL_TEMPLATES[key].label },
    });
  });
  return shape(key, undefined);
}

/** Sample values for the preview and the test send. */
export function sampleValues(key: EmailTemplateKey, app: AppInfo, name: string): TemplateValues {
  const link = {
    welcome: '/api/auth/verify-email?token=sample',
    password_reset: '/reset-password?token=sample',
    subscription_started: '/community',
  }[key];
  return {
    name,
    productName: app.productName,
    link: new URL(link, app.appUrl).toString(),
    periodEnd: periodEndText(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)),
  };
}

export const periodEndText = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

/** A draft rendered with sample values (checked first, as saving would). */
export function previewTemplate(
  key: EmailTemplateKey,
  draft: EmailTemplateBody,
  app: AppInfo,
  name: string,
): RenderedEmail {
  checkTemplate(key, draft.subject, draft.body, app.appUrl);
  return renderTemplate(draft, sampleValues(key, app, name), app.appUrl);
}

/** The real email: her saved template, or the built-in one. */
export async function templateMail(
  db: Db,
  app: AppInfo,
  key: EmailTemplateKey,
  to: string,
  values: { name?: string | null; link?: string; periodEnd?: string },
): Promise<Mail> {
  const row = await savedTemplate(db, key);
  const template = row ?? DEFAULT_TEMPLATES[key];
  const rendered = renderTemplate(
    template,
    {
      name: values.name?.trim() || 'sister',
      productName: app.productName,
      link: values.link ?? new URL('/community', app.appUrl).toString(),
      periodEnd: values.periodEnd ?? '',
    },
    app.appUrl,
  );
  return { to, ...rendered };
}
