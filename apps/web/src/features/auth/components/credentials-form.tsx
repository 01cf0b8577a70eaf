import { type Credentials, credentialsSchema } from '@lunara/shared/auth';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

interface CredentialsFormProps {
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  autoCompletePassword: 'current-password' | 'new-password';
  onSubmit: (credentials: Credentials) => void;
}

/** Email and password, validated with the same schema the server uses. */
export function CredentialsForm({
  submitLabel,
  busyLabel,
  isBusy,
  autoCompletePassword,
  onSubmit,
}: CredentialsFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof Credentials, string>>>({});

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const parsed = credentialsSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Credentials;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          placeholder="you@example.com"
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete={autoCompletePassword}
          required
          minLength={6}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
        />
        <FieldError id={`${id}-password-error`} message={errors.password} />
      </div>
      <Button type="submit" size="lg" disabled={isBusy} className="w-full">
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
