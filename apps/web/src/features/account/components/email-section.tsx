import { emailSchema } from '@lunara/shared/auth';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useSendVerificationEmail } from '../../auth/api/send-verification-email.ts';
import { useChangeEmail } from '../api/account-settings.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * The address she signs in with. A new one is confirmed by a link sent there (the old one is told, and
 * stays hers until the link is followed); her password proves the request is hers.
 */
export function EmailSection() {
  const { user } = useMe();
  if (!user) return null;
  return (
    <SettingsSection id="email-section" title="Email" description="The address you sign in with and we write to.">
      <div className="flex flex-col gap-5">
        <CurrentEmail email={user.email} verified={user.emailVerified} />
        <ChangeEmailForm currentEmail={user.email} />
      </div>
    </SettingsSection>
  );
}

function CurrentEmail({ email, verified }: { email: string; verified: boolean }) {
  const resend = useSendVerificationEmail();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        <strong className="break-all">{email}</strong>{' '}
        <span className={verified ? 'text-success' : 'text-ink-muted'}>
          {verified ? '(confirmed)' : '(not confirmed yet)'}
        </span>
      </p>
      {!verified &&
        (resend.isSuccess ? (
          <p role="status">We sent a new link to {email}. It works for one hour.</p>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(email, {
                onError: (error) => toast.error('The link was not sent', { description: error.message }),
              })
            }
          >
            {resend.isPending ? 'Sending...' : 'Send the confirmation link again'}
          </Button>
        ))}
    </div>
  );
}

function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<{ newEmail?: string; currentPassword?: string }>({});
  const [sentTo, setSentTo] = useState<string>();
  const change = useChangeEmail();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    const parsedEmail = emailSchema.safeParse(newEmail);
    const next: typeof errors = {};
    if (!parsedEmail.success) next.newEmail = parsedEmail.error.issues[0]?.message;
    else if (parsedEmail.data.toLowerCase() === currentEmail.toLowerCase())
      next.newEmail = 'That is already your email';
    if (!currentPassword) next.currentPassword = 'Enter your current password';
    setErrors(next);
    if (next.newEmail || next.currentPassword || !parsedEmail.success) return;
    change.mutate(
      { newEmail: parsedEmail.data, currentPassword },
      {
        onSuccess: () => {
          setSentTo(parsedEmail.data);
          setNewEmail('');
          setCurrentPassword('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_PASSWORD')
            setErrors({ currentPassword: error.message });
          else toast.error('Your email was not changed', { description: error.message });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4 border-t border-line pt-4">
      <h3 className="text-lg text-night-900">Change your email</h3>
      {sentTo && (
        <p role="status" className="rounded-[var(--radius-control)] bg-moon-100 p-3 text-sm">
          Check <strong className="break-all">{sentTo}</strong>: follow the link we sent there within an hour to finish.
          Until then you sign in with {currentEmail}.
        </p>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>New email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={newEmail}
          aria-invalid={errors.newEmail ? true : undefined}
          aria-describedby={errors.newEmail ? `${id}-email-error` : undefined}
          onChange={(event) => setNewEmail(event.target.value)}
        />
        <FieldError id={`${id}-email-error`} message={errors.newEmail} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Current password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          aria-invalid={errors.currentPassword ? true : undefined}
          aria-describedby={errors.currentPassword ? `${id}-password-error` : undefined}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <FieldError id={`${id}-password-error`} message={errors.currentPassword} />
      </div>
      <Button type="submit" className="self-start" disabled={change.isPending}>
        {change.isPending ? 'Sending link...' : 'Send confirmation link'}
      </Button>
    </form>
  );
}
