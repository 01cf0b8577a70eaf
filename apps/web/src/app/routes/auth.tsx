import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useSignIn } from '../../features/auth/api/sign-in.ts';
import { useSignUp } from '../../features/auth/api/sign-up.ts';
import { CredentialsForm } from '../../features/auth/components/credentials-form.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { toast } from '../../lib/toast.ts';
import { RedirectIfSignedIn } from '../guards.tsx';

type Mode = 'signin' | 'signup' | 'forgot';

function AuthScreen() {
  const { productName } = useAppConfig();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(searchParams.get('mode') === 'signup' ? 'signup' : 'signin');
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const onError = (error: Error) =>
    toast.error('Authentication error', { description: error.message || 'Something went wrong' });
  const goToDashboard = () => navigate(paths.dashboard.getHref(), { replace: true });

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
      <CredentialsForm
        key={mode}
        submitLabel={isSignUp ? 'Sign Up' : 'Login'}
        busyLabel={isSignUp ? 'Creating account...' : 'Logging in...'}
        isBusy={signIn.isPending || signUp.isPending}
        autoCompletePassword={isSignUp ? 'new-password' : 'current-password'}
        onSubmit={(credentials) => {
          if (isSignUp) {
            signUp.mutate(credentials, {
              onSuccess: () => {
                toast.success('Check your email', {
                  description: 'We sent you a confirmation link to complete signup.',
                });
                goToDashboard();
              },
              onError,
            });
          } else {
            signIn.mutate(credentials, {
              onSuccess: () => {
                toast.success('Logged in', { description: `Welcome back to ${productName}.` });
                goToDashboard();
              },
              onError,
            });
          }
        }}
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
