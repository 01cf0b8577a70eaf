import { emailSchema } from '@lunara/shared/auth';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** Asks for a reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestPasswordReset();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Check your email', {
          description: 'If an account exists for that email, we sent a link to reset your password.',
        });
        onDone();
      },
      onError: (failure) => toast.error('Authentication error', { description: failure.message }),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <Button type="submit" size="lg" disabled={request.isPending} className="w-full">
        {request.isPending ? 'Sending link...' : 'Send reset link'}
      </Button>
      <Button variant="link" onClick={onDone} className="self-center">
        Back to login
      </Button>
    </form>
  );
}
