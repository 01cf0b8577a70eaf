import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateKey,
  TEST_SENDS_PER_WINDOW,
} from '@lunara/shared/email-templates';
import { Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useEmailTemplateActions, useEmailTemplates } from '../api/member-admin-api.ts';

/** Settings' "Email Templates": pick an email, edit its subject and Markdown body, preview, test, save. */
export function EmailTemplatesCard({ emailDelivery }: { emailDelivery: 'smtp' | 'outbox' }) {
  const templates = useEmailTemplates();
  const [selected, setSelected] = useState<EmailTemplateKey>('welcome');
  const items = templates.data?.items ?? [];
  const current = items.find((item) => item.key === selected);
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="flex items-center gap-2 text-xl text-night-900">
        <Mail className="size-5 text-rose-600" aria-hidden="true" /> Email Templates
      </h3>
      <p className="text-sm text-ink-muted">
        Email is delivered {emailDelivery === 'smtp' ? 'over SMTP' : 'to the local outbox (no SMTP_URL)'}.
      </p>
      {templates.isPending && <Spinner className="text-gold-500" />}
      {templates.isError && <LoadError message="Could not load the email templates" query={templates} />}
      {items.length > 0 && (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Choose an email</legend>
          {items.map((item) => (
            <Button
              key={item.key}
              variant={item.key === selected ? 'primary' : 'outline'}
              size="sm"
              aria-pressed={item.key === selected}
              onClick={() => setSelected(item.key)}
            >
              {item.label}
              {!item.isDefault && <span className="sr-only"> (edited)</span>}
            </Button>
          ))}
        </fieldset>
      )}
      {current && <TemplateEditor key={`${current.key}:${current.updatedAt ?? 'default'}`} template={current} />}
    </Card>
  );
}

function TemplateEditor({ template }: { template: EmailTemplate }) {
  const id = useId();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<EmailPreview>();
  const actions = useEmailTemplateActions(template.key);
  const draft = { subject, body };
  const dirty = subject !== template.subject || body !== template.body;

  function save(event: FormEvent) {
    event.preventDefault();
    if (actions.save.isPending) return;
    setError(undefined);
    actions.save.mutate(draft, {
      onSuccess: () => toast.success(`${template.label} saved: the next emails use it`),
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <div>
        <h4 id={`${id}-title`} className="font-display text-lg text-night-900">
          {template.label} {template.isDefault ? '(built-in)' : '(edited)'}
        </h4>
        <p className="text-sm text-ink-muted">{template.description}</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input
          id={`${id}-subject`}
          value={subject}
          maxLength={EMAIL_SUBJECT_MAX}
          onChange={(event) => setSubject(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-body`}>Message (Markdown)</Label>
        <Textarea
          id={`${id}-body`}
          value={body}
          rows={9}
          maxLength={EMAIL_BODY_MAX}
          className="font-mono text-sm"
          aria-describedby={`${id}-help ${id}-vars${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setBody(event.target.value)}
        />
        <p id={`${id}-help`} className="text-xs text-ink-muted">
          Blank lines separate paragraphs; **bold**, *italic*, - lists, # headings and [link text]({'{{link}}'}) work.
          Links may only point to this site.
        </p>
      </div>
      <div id={`${id}-vars`} className="flex flex-col gap-1 text-sm">
        <p className="font-medium text-ink">Variables</p>
        <ul className="flex flex-col gap-0.5">
          {template.variables.map((variable) => (
            <li key={variable.name}>
              <code className="rounded bg-moon-100 px-1 text-night-900">{`{{${variable.name}}}`}</code>{' '}
              <span className="text-ink-muted">
                {variable.description}
                {variable.required ? ' (required)' : ''}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={actions.save.isPending || !dirty}>
          {actions.save.isPending ? 'Saving…' : 'Save template'}
        </Button>
        <Button
          variant="outline"
          disabled={actions.preview.isPending}
          onClick={() => {
            setError(undefined);
            actions.preview.mutate(draft, { onSuccess: setPreview, onError: (failure) => setError(failure.message) });
          }}
        >
          Preview
        </Button>
        <Button
          variant="outline"
          disabled={actions.sendTest.isPending}
          title={`At most ${TEST_SENDS_PER_WINDOW.max} in ${TEST_SENDS_PER_WINDOW.minutes} minutes`}
          onClick={() => {
            setError(undefined);
            actions.sendTest.mutate(draft, {
              onSuccess: () => toast.success('Test email sent to your address'),
              onError: (failure) => setError(failure.message),
            });
          }}
        >
          Send a test to me
        </Button>
        {!template.isDefault && (
          <ConfirmButton
            variant="outline"
            label={`Restore the built-in ${template.label}`}
            title="Restore the built-in email?"
            description="Your edits to this email are discarded; the next emails use the original wording."
            confirmLabel="Restore default"
            onConfirm={() =>
              actions.restore.mutate(undefined, {
                onSuccess: () => toast.success(`${template.label} restored`),
                onError: (failure) => toast.error('Could not restore it', { description: failure.message }),
              })
            }
          >
            Restore default
          </ConfirmButton>
        )}
      </div>
      {preview && (
        <section
          aria-label="Preview"
          className="flex flex-col gap-2 rounded-[var(--radius-card)] border border-line p-3"
        >
          <p className="text-sm">
            <span className="text-ink-muted">Subject:</span> <strong>{preview.subject}</strong>
          </p>
          <iframe
            title="Email preview (HTML)"
            sandbox=""
            srcDoc={preview.html}
            className="h-64 w-full rounded border border-line bg-white"
          />
          <details>
            <summary className="cursor-pointer text-sm">Plain-text version</summary>
            <pre className="mt-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{preview.text}</pre>
          </details>
        </section>
      )}
    </form>
  );
}
