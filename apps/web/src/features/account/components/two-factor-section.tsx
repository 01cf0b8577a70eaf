import { secretOfOtpauthUri, type TwoFactorSetup, totpCodeSchema } from '@lunara/shared/two-factor';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { FieldError } from '../../../components/field-error.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAppConfig } from '../../app-config/api/get-app-config.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useConfirmTwoFactor, useNewRecoveryCodes, useStartTwoFactor, useTurnOffTwoFactor } from '../api/two-factor.ts';
import { SettingsSection } from './settings-section.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'setup' | 'codes' | 'off' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[]; justTurnedOn: boolean };

/** Turn two-factor on (password, QR code, a code from the app, recovery codes), new codes, turn it off. */
export function TwoFactorSection() {
  const { user } = useMe();
  const { staffTwoFactorRequired } = useAppConfig();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const enabled = user?.twoFactorEnabled ?? false;
  const isStaff = user?.role === 'admin' || user?.role === 'moderator';
  const done = () => setStep({ kind: 'idle' });
  // Staff pages link here (/settings#two-factor-section); the router does not scroll to a hash by itself.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#two-factor-section') document.getElementById('two-factor-section')?.scrollIntoView();
  }, [hash]);

  return (
    <SettingsSection
      id="two-factor-section"
      title="Two-factor authentication"
      description="A second step when you sign in: a 6-digit code from an authenticator app on your phone. Even someone who knows your password cannot get in without it."
    >
      {step.kind === 'password' && <PasswordStep purpose={step.purpose} onCancel={done} onNext={setStep} />}
      {step.kind === 'scan' && (
        <ScanStep
          setup={step.setup}
          onCancel={done}
          onConfirmed={() => setStep({ kind: 'codes', codes: step.setup.backupCodes, justTurnedOn: true })}
        />
      )}
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} justTurnedOn={step.justTurnedOn} onDone={done} />}
      {step.kind === 'idle' && (
        <div className="flex flex-col gap-4">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-night-900">Status:</span>
            {enabled ? (
              <Badge tone="gold">
                <ShieldCheck className="size-3.5" aria-hidden="true" /> On
              </Badge>
            ) : (
              <Badge>Off</Badge>
            )}
          </p>
          {!enabled && isStaff && staffTwoFactorRequired && (
            <p role="note" className="rounded-xl border border-gold-400/50 bg-gold-300/20 p-3 text-sm text-night-900">
              As {user?.role === 'admin' ? 'an admin' : 'a moderator'}, you need two-factor authentication to use staff
              tools.
            </p>
          )}
          {enabled ? (
            <>
              <p className="text-sm text-ink-muted">
                We ask for a code from your app when you sign in. Lost your phone? Sign in with one of your recovery
                codes, then make new ones here.
              </p>
              <div className="flex flex-wrap gap-3">
                <Button variant="outline" onClick={() => setStep({ kind: 'password', purpose: 'codes' })}>
                  New recovery codes
                </Button>
                <Button variant="outline" onClick={() => setStep({ kind: 'password', purpose: 'off' })}>
                  Turn off
                </Button>
              </div>
            </>
          ) : (
            <div>
              <Button onClick={() => setStep({ kind: 'password', purpose: 'setup' })}>Set up two-factor</Button>
            </div>
          )}
        </div>
      )}
    </SettingsSection>
  );
}

const PASSWORD_STEP = {
  setup: { intro: 'Enter your password to start.', submit: 'Continue', busy: 'Checking...' },
  codes: {
    intro: 'Enter your password to make 10 new recovery codes. Your old codes will stop working.',
    submit: 'Make new codes',
    busy: 'Making codes...',
  },
  off: {
    intro: 'Enter your password to turn off two-factor authentication. Signing in will only need your password.',
    submit: 'Turn off two-factor',
    busy: 'Turning off...',
  },
} as const;

function PasswordStep({
  purpose,
  onCancel,
  onNext,
}: {
  purpose: 'setup' | 'codes' | 'off';
  onCancel: () => void;
  onNext: (step: Step) => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const start = useStartTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  const busy = start.isPending || newCodes.isPending || turnOff.isPending;
  const copy = PASSWORD_STEP[purpose];

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError('Enter your password');
      return;
    }
    setError(undefined);
    const onError = (failure: Error) => setError(failure.message);
    if (purpose === 'setup') {
      start.mutate(password, { onSuccess: (setup) => onNext({ kind: 'scan', setup }), onError });
    } else if (purpose === 'codes') {
      newCodes.mutate(password, {
        onSuccess: ({ backupCodes }) => onNext({ kind: 'codes', codes: backupCodes, justTurnedOn: false }),
        onError,
      });
    } else {
      turnOff.mutate(password, {
        onSuccess: () => {
          toast.success('Two-factor authentication is off');
          onNext({ kind: 'idle' });
        },
        onError,
      });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex max-w-md flex-col gap-4">
      <p className="text-sm text-ink-muted">{copy.intro}</p>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Your password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy} variant={purpose === 'off' ? 'danger' : 'primary'}>
          {busy ? copy.busy : copy.submit}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function ScanStep({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const confirm = useConfirmTwoFactor();
  const secret = secretOfOtpauthUri(setup.totpURI) ?? '';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Two-factor authentication is on');
        onConfirmed();
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-5 pl-5 text-sm marker:font-semibold marker:text-night-900">
        <li>
          <div className="flex flex-col gap-3">
            <p>
              Open your authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Authy)
              and scan this QR code.
            </p>
            <QrCode value={setup.totpURI} label="QR code for your authenticator app" />
            <div className="flex flex-col gap-1">
              <p className="text-ink-muted">Can't scan it? Enter this key in the app instead:</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  data-testid="two-factor-secret"
                  className="rounded-lg bg-moon-100 px-3 py-2 font-mono text-sm tracking-wide text-night-900 [overflow-wrap:anywhere]"
                >
                  {grouped(secret)}
                </code>
                <Button variant="ghost" size="sm" onClick={() => copyText(secret, 'Key copied')}>
                  <Copy className="size-4" aria-hidden="true" /> Copy key
                </Button>
              </div>
            </div>
          </div>
        </li>
        <li>
          <form noValidate onSubmit={handleSubmit} className="flex max-w-md flex-col gap-3">
            <Label htmlFor={`${id}-code`}>Enter the 6-digit code your app shows</Label>
            <Input
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              className="max-w-40 font-mono text-lg tracking-[0.3em]"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} message={error} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? 'Checking...' : 'Turn on two-factor'}
              </Button>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function copyText(text: string, done: string) {
  navigator.clipboard.writeText(text).then(
    () => toast.success(done),
    () => toast.error('Could not copy', { description: 'Select the text and copy it yourself.' }),
  );
}

function RecoveryCodes({
  codes,
  justTurnedOn,
  onDone,
}: {
  codes: string[];
  justTurnedOn: boolean;
  onDone: () => void;
}) {
  const { productName } = useAppConfig();
  const text = `${productName} recovery codes\nEach code signs you in once.\n\n${codes.join('\n')}\n`;

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="text-lg text-night-900">
          {justTurnedOn ? 'Two-factor is on. Now save your recovery codes' : 'Your new recovery codes'}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          If you lose your phone, each code signs you in once. Keep them somewhere safe, like a password manager. We
          will not show them again.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid max-w-md grid-cols-2 gap-2 rounded-xl bg-moon-100 p-4 font-mono text-sm text-night-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => copyText(codes.join('\n'), 'Recovery codes copied')}>
          <Copy className="size-4" aria-hidden="true" /> Copy codes
        </Button>
        <Button variant="outline" onClick={download}>
          <Download className="size-4" aria-hidden="true" /> Download
        </Button>
        <Button onClick={onDone}>I saved my codes</Button>
      </div>
    </div>
  );
}
