import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

/** The emails the owner can edit (issue 33: the spec's "Template management coming in future updates"). */
export const EMAIL_TEMPLATE_KEYS = ['welcome', 'password_reset', 'subscription_started'] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export interface TemplateVariable {
  name: string;
  description: string;
  required: boolean;
}

const productName = { name: 'productName', description: 'The name of your membership', required: false };
const name = { name: 'name', description: "The member's name", required: false };

export const EMAIL_TEMPLATES: Record<
  EmailTemplateKey,
  { label: string; description: string; variables: TemplateVariable[] }
> = {
  welcome: {
    label: 'Welcome email',
    description: 'Sent when someone signs up: it asks her to confirm her email address.',
    variables: [name, { name: 'link', description: 'The link that confirms her email', required: true }, productName],
  },
  password_reset: {
    label: 'Password reset',
    description: 'Sent when a member asks for a new password.',
    variables: [name, { name: 'link', description: 'The link to choose a new password', required: true }, productName],
  },
  subscription_started: {
    label: 'Membership started',
    description: 'Sent once when a membership first becomes active (or its trial starts).',
    variables: [
      name,
      { name: 'link', description: 'A link to the community', required: false },
      { name: 'periodEnd', description: 'When the current period (or trial) ends', required: false },
      productName,
    ],
  },
};

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 10_000;

/** A template as the editor sends it (variables are checked by the server against the template's list). */
export const emailTemplateBodySchema = z.object({
  subject: singleLineText(EMAIL_SUBJECT_MAX, 'Write a subject', 'The subject'),
  body: multiLineText(EMAIL_BODY_MAX, 'Write the email', 'The email'),
});
export type EmailTemplateBody = z.infer<typeof emailTemplateBodySchema>;

export const emailTemplateSchema = z.object({
  key: z.enum(EMAIL_TEMPLATE_KEYS),
  label: z.string(),
  description: z.string(),
  subject: z.string(),
  body: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  variables: z.array(z.object({ name: z.string(), description: z.string(), required: z.boolean() })),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateListSchema = z.object({ items: z.array(emailTemplateSchema) });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/** Test sends: 5 per admin in 10 minutes. */
export const TEST_SENDS_PER_WINDOW = { max: 5, minutes: 10 };
