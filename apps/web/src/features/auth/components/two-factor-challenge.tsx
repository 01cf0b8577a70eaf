import { recoveryCodeSchema, totpCodeSchema } from '@lunara/shared/two-factor';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCompleteTwoFactorSignIn } from '../api/two-factor-sign-in.ts';

/** Answers after which this sign-in attempt is over: only the password step again can go on. */
const START_AGAIN_CODES = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

/**
 * The step after a right password when two-factor is on: a code from her app, or one of her recovery
 * codes, and "trust this device for 30 days".
 */
export function TwoFactorChallenge({ onSignedIn, onStartAgain }: { onSignedIn: () => void; onStartAgain: () => void }) {
  const id = useId();
  const [method, setMethod] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string>();
  const [over, setOver] = useState(false);
  const complete = useCompleteTwoFactorSignIn();
  // isPending arrives a render late: a double click's second submit lands before it.
  const sending = useRef(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (complete.isPending || sending.current) return;
    const parsed = (method === 'app' ? totpCodeSchema : recoveryCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    sending.current = true;
    complete.mutate(
      { method, code: parsed.data, trustDevice },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: onSignedIn,
        onError: (failure) => {
          setError(failure.message);
          if (failure instanceof ApiError && START_AGAIN_CODES.has(failure.code)) setOver(true);
        },
      },
    );
  }

  function switchMethod() {
    setMethod(method === 'app' ? 'recovery' : 'app');
    setCode('');
    setError(undefined);
  }

  if (over) {
    return (
      <div className="flex flex-col gap-5">
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
        <Button size="lg" className="w-full" onClick={onStartAgain}>
          Back to login
        </Button>
      </div>
    );
  }

  const isApp = method === 'app';
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-code`}>{isApp ? 'Code from your authenticator app' : 'Recovery code'}</Label>
        <Input
          key={method}
          id={`${id}-code`}
          name={isApp ? 'one-time-code' : 'recovery-code'}
          inputMode={isApp ? 'numeric' : 'text'}
          autoComplete={isApp ? 'one-time-code' : 'off'}
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          maxLength={isApp ? 7 : 11}
          className="font-mono text-lg tracking-[0.2em]"
          placeholder={isApp ? '123456' : 'abcde-12345'}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {isApp
            ? 'Open your authenticator app and enter the 6-digit code it shows for this account.'
            : 'Enter one of the recovery codes you saved when you turned on two-factor. Each works once.'}
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <label className="flex items-center gap-2 text-sm text-ink pointer-coarse:min-h-11">
        <input
          type="checkbox"
          className="size-4 accent-night-900"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
        />
        Trust this device for 30 days
      </label>
      <Button type="submit" size="lg" disabled={complete.isPending} className="w-full">
        {complete.isPending ? 'Checking...' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <Button variant="link" onClick={switchMethod}>
          {isApp ? 'Lost your phone? Use a recovery code' : 'Use a code from your app instead'}
        </Button>
        <Button variant="link" onClick={onStartAgain}>
          Back to login
        </Button>
      </div>
    </form>
  );
}
