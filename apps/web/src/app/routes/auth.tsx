import { needsTwoFactorCode } from '@lunara/shared/two-factor';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useSignIn } from '../../features/auth/api/sign-in.ts';
import { signUpOutcome, useSignUp } from '../../features/auth/api/sign-up.ts';
import { CheckEmailNotice } from '../../features/auth/components/check-email-notice.tsx';
import { CredentialsForm } from '../../features/auth/components/credentials-form.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { SuspendedNotice, suspensionMessageOf } from '../../features/auth/components/suspended-notice.tsx';
import { TwoFactorChallenge } from '../../features/auth/components/two-factor-challenge.tsx';
import { toast } from '../../lib/toast.ts';
import { useDocumentTitle } from '../document-title.ts';
import { RedirectIfSignedIn } from '../guards.tsx';
import { JUST_SIGNED_UP } from '../hooks/use-just-signed-up.ts';
import { RETURN_PARAM, safeReturnPath } from '../return-path.ts';

type Mode = 'signin' | 'signup' | 'forgot';

// Links open a mode: the landing page `?mode=signup`, the "someone tried to sign up" email `?mode=forgot`.
const modeFromQuery = (value: string | null): Mode => (value === 'signup' || value === 'forgot' ? value : 'signin');

const MODE_TITLES: Record<Mode, string> = { signin: 'Login', signup: 'Sign Up', forgot: 'Reset Your Password' };

function AuthScreen() {
  const { productName } = useAppConfig();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(modeFromQuery(searchParams.get('mode')));
  // The address of a sign-up that started no session: she is sent to her inbox.
  const [checkEmailAt, setCheckEmailAt] = useState<string>();
  // The password was right and two-factor is on: the code step, before any session exists.
  const [needsCode, setNeedsCode] = useState(false);
  // A sign-in refused because the account is suspended: the reason and end date stay on the form.
  const [suspended, setSuspended] = useState<string>();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  useDocumentTitle(checkEmailAt ? 'Check Your Email' : MODE_TITLES[mode]);
  const onError = (error: Error) =>
    toast.error('Authentication error', { description: error.message || 'Something went wrong' });
  // The page she asked for before signing in (guards send ?next=...), if it is one of ours; else the dashboard.
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM)) ?? paths.dashboard.getHref();
  const goOn = (state?: typeof JUST_SIGNED_UP) => navigate(returnTo, { replace: true, state });

  if (checkEmailAt) {
    return (
      <AuthLayout title="Check your email" description="One more step before you can sign in.">
        <CheckEmailNotice
          email={checkEmailAt}
          onBack={() => {
            setCheckEmailAt(undefined);
            setMode('signin');
          }}
        />
      </AuthLayout>
    );
  }

  if (needsCode) {
    return (
      <AuthLayout title="Two-factor authentication" description="One more step to keep your account safe.">
        <TwoFactorChallenge
          onSignedIn={() => {
            toast.success('Logged in', { description: `Welcome back to ${productName}.` });
            goOn();
          }}
          onStartAgain={() => setNeedsCode(false)}
        />
      </AuthLayout>
    );
  }

  if (mode === 'forgot') {
    return (
      <AuthLayout
        title="Reset your password"
        description="Enter your email and we will send you a link to choose a new password."
      >
        <ForgotPasswordForm onDone={() => setMode('signin')} />
      </AuthLayout>
    );
  }

  const isSignUp = mode === 'signup';
  return (
    <AuthLayout
      title={isSignUp ? 'Sign Up' : 'Login'}
      description={
        isSignUp
          ? `Create your account to begin your journey with ${productName}.`
          : `Welcome back, sister. Sign in to continue your journey with ${productName}.`
      }
    >
      {!isSignUp && suspended && <SuspendedNotice message={suspended} />}
      <CredentialsForm
        key={mode}
        submitLabel={isSignUp ? 'Sign Up' : 'Login'}
        busyLabel={isSignUp ? 'Creating account...' : 'Logging in...'}
        isBusy={signIn.isPending || signUp.isPending}
        autoCompletePassword={isSignUp ? 'new-password' : 'current-password'}
        askName={isSignUp}
        onSubmit={(credentials) =>
          new Promise((settled) => {
            if (isSignUp) {
              signUp.mutate(
                { ...credentials, name: credentials.name ?? '' },
                {
                  onSettled: settled,
                  onSuccess: (answer) => {
                    if (signUpOutcome(answer) === 'check-email') {
                      setCheckEmailAt(credentials.email);
                      return;
                    }
                    toast.success('Check your email', {
                      description: 'We sent you a confirmation link to complete signup.',
                    });
                    goOn(JUST_SIGNED_UP);
                  },
                  onError,
                },
              );
            } else {
              setSuspended(undefined);
              signIn.mutate(credentials, {
                onSettled: settled,
                onError: (error) => {
                  const message = suspensionMessageOf(error);
                  if (message) setSuspended(message);
                  else onError(error);
                },
                onSuccess: (answer) => {
                  if (needsTwoFactorCode(answer)) {
                    setNeedsCode(true);
                    return;
                  }
                  toast.success('Logged in', { description: `Welcome back to ${productName}.` });
                  goOn();
                },
              });
            }
          })
        }
      />
      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        <Button variant="link" onClick={() => setMode(isSignUp ? 'signin' : 'signup')}>
          {isSignUp ? 'Already have an account? Log in' : 'New here? Create an account'}
        </Button>
        {!isSignUp && (
          <Button variant="link" onClick={() => setMode('forgot')}>
            Forgot password?
          </Button>
        )}
      </div>
    </AuthLayout>
  );
}

export function Component() {
  return (
    <RedirectIfSignedIn>
      <AuthScreen />
    </RedirectIfSignedIn>
  );
}
