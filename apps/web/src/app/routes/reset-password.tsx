import { newPasswordSchema } from '@lunara/shared/auth';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { paths } from '../../config/paths.ts';
import { useResetPassword } from '../../features/auth/api/reset-password.ts';
import { toast } from '../../lib/toast.ts';

export function Component() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();

  if (!token || searchParams.get('error')) {
    return (
      <AuthLayout
        title="This link has expired"
        description="Reset links work once and for one hour. Ask for a new one from the login page."
      >
        <Link to={paths.auth.getHref()} className={buttonClasses('primary', 'lg')}>
          Back to login
        </Link>
      </AuthLayout>
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (password !== confirmation) return setError('The two passwords do not match');
    setError(undefined);
    reset.mutate(
      { token: token ?? '', newPassword: parsed.data },
      {
        onSuccess: () => {
          toast.success('Password updated', { description: 'You can now log in with your new password.' });
          navigate(paths.auth.getHref(), { replace: true });
        },
        onError: (failure) => toast.error('Authentication error', { description: failure.message }),
      },
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      description="At least 6 characters. You will be signed out everywhere else."
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-password`}>New password</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-confirmation`}>Confirm new password</Label>
          <Input
            id={`${id}-confirmation`}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        <FieldError id={`${id}-error`} message={error} />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
