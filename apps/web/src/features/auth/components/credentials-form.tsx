import { type Credentials, credentialsSchema, signUpFormSchema } from '@lunara/shared/auth';
import { Eye, EyeOff } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

interface CredentialsFormProps {
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  /** A password being chosen (sign-up) is held to the rules of a new one; signing in takes any. */
  autoCompletePassword: 'current-password' | 'new-password';
  /** Sign-up asks for her name too (required, as the server requires it). */
  askName?: boolean;
  /** Settles when the request does: until then another submit (a double click) is ignored. */
  onSubmit: (credentials: Credentials & { name?: string }) => Promise<unknown>;
}

type FieldName = keyof Credentials | 'name';

/** Email and password, validated with the same schema the server uses. */
export function CredentialsForm({
  submitLabel,
  busyLabel,
  isBusy,
  autoCompletePassword,
  askName = false,
  onSubmit,
}: CredentialsFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  // isBusy arrives a render late: a double click's second submit lands before it.
  const sending = useRef(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBusy || sending.current) return;
    const schema = askName
      ? signUpFormSchema
      : autoCompletePassword === 'new-password'
        ? signUpFormSchema.omit({ name: true })
        : credentialsSchema;
    const parsed = schema.safeParse(askName ? { name, email, password } : { email, password });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    sending.current = true;
    void onSubmit(parsed.data).finally(() => {
      sending.current = false;
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {askName && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>Your name</Label>
          <Input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            maxLength={80}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
      )}
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
        <div className="relative">
          <Input
            id={`${id}-password`}
            type={showPassword ? 'text' : 'password'}
            className="pr-12"
            name="password"
            autoComplete={autoCompletePassword}
            required
            minLength={6}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${id}-password-error` : undefined}
          />
          <button
            type="button"
            aria-pressed={showPassword}
            onClick={() => setShowPassword((shown) => !shown)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-[var(--radius-control)] text-ink-muted hover:text-night-900"
          >
            {showPassword ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
            {/* Its name as text, not aria-label, so that "Password" still labels the field alone. */}
            <span className="sr-only">Show password</span>
          </button>
        </div>
        <FieldError id={`${id}-password-error`} message={errors.password} />
      </div>
      <Button type="submit" size="lg" disabled={isBusy} className="w-full">
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
