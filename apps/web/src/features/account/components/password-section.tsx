import { newPasswordSchema, PASSWORD_CHANGES_PER_WINDOW } from '@lunara/shared/auth';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/account-settings.ts';
import { SettingsSection } from './settings-section.tsx';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Her current password, a new one twice, and whether to sign her other devices out. */
export function PasswordSection() {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangePassword();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    const next: typeof errors = {};
    if (!values.currentPassword) next.currentPassword = 'Enter your current password';
    const parsed = newPasswordSchema.safeParse(values.newPassword);
    if (!parsed.success) next.newPassword = parsed.error.issues[0]?.message;
    else if (values.confirmPassword !== values.newPassword)
      next.confirmPassword = 'The two new passwords are not the same';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword, revokeOtherSessions: signOutOthers },
      {
        onSuccess: () => {
          setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
          toast.success('Your password is changed', {
            description: signOutOthers ? 'Your other devices are signed out.' : undefined,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
            setErrors({ currentPassword: 'That is not your current password' });
          } else toast.error('Your password was not changed', { description: error.message });
        },
      },
    );
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );

  return (
    <SettingsSection
      id="password-section"
      title="Password"
      description={`For your safety you can try ${PASSWORD_CHANGES_PER_WINDOW.max} times in ${PASSWORD_CHANGES_PER_WINDOW.minutes} minutes.`}
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        <div className="flex items-center gap-3">
          <input
            id={`${id}-others`}
            type="checkbox"
            className="size-4 accent-rose-600"
            checked={signOutOthers}
            onChange={(event) => setSignOutOthers(event.target.checked)}
          />
          <Label htmlFor={`${id}-others`} className="flex items-center pointer-coarse:min-h-11">
            Sign out my other devices
          </Label>
        </div>
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
