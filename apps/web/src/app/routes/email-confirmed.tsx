import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSendVerificationEmail } from '../../features/auth/api/send-verification-email.ts';
import { toast } from '../../lib/toast.ts';
import { useDocumentTitle } from '../document-title.ts';

// better-auth sends a failed link back here with ?error=<code>; every other code means a damaged link.
const EXPIRED = 'TOKEN_EXPIRED';

/** On to the app: a member to her dashboard; a visitor (the link signs nobody in) to the login. */
function ContinueLink({ signedIn }: { signedIn: boolean }) {
  const { productName } = useAppConfig();
  return signedIn ? (
    <Link to={paths.dashboard.getHref()} className={buttonClasses('primary', 'lg')}>
      Go to your dashboard
    </Link>
  ) : (
    <Link to={paths.auth.getHref()} className={buttonClasses('primary', 'lg')}>
      Log in to {productName}
    </Link>
  );
}

/** A member whose link failed, signed in with her address still unconfirmed, can have a new one. */
function SendNewLink({ email }: { email: string }) {
  const send = useSendVerificationEmail();
  if (send.isSuccess) {
    return (
      <p role="status" className="text-ink">
        We sent a new link to <strong className="break-all">{email}</strong>. It works for one hour.
      </p>
    );
  }
  return (
    <Button
      size="lg"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(email, {
          onError: (error) => toast.error('The link was not sent', { description: error.message }),
        })
      }
    >
      {send.isPending ? 'Sending...' : 'Send me a new link'}
    </Button>
  );
}

/**
 * Where the emailed confirmation link lands (sign-up's callbackURL): it says the address is confirmed,
 * or why the link did not work. It needs no session: following the link signs nobody in.
 */
/** Why a new address's link (account settings, `?change=1`) did not work, by better-auth's error code. */
const CHANGE_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED:
    'This link has expired: links work for one hour. Your email is unchanged; ask for a new link in your account settings.',
  INVALID_USER: 'This link belongs to another account than the one signed in here. Sign out, then open the link again.',
};
const CHANGE_NOT_VALID =
  'This link is not valid: it may have been copied incompletely, or used already. Your email is unchanged.';

/** Where a new address's confirmation link lands: the change is done, or why not. */
function EmailChanged({ error, email }: { error: string | null; email: string | null }) {
  useDocumentTitle(error ? 'Email Not Changed' : 'Email Changed');
  if (!error) {
    return (
      <AuthLayout
        title="Email changed"
        description={email ? `From now on you sign in with ${email}.` : 'From now on you sign in with your new email.'}
      >
        <div role="status" className="flex flex-col gap-4">
          {email ? (
            <Link to={paths.settings.getHref()} className={buttonClasses('primary', 'lg')}>
              Back to your settings
            </Link>
          ) : (
            <ContinueLink signedIn={false} />
          )}
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Your email was not changed" description={CHANGE_ERRORS[error] ?? CHANGE_NOT_VALID}>
      <div className="flex flex-col gap-4">
        <ContinueLink signedIn={email !== null} />
      </div>
    </AuthLayout>
  );
}

export function Component() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const { user } = useMe();
  if (searchParams.get('change') === '1') return <EmailChanged error={error} email={user?.email ?? null} />;
  return <SignUpConfirmed error={error} />;
}

/** Where a sign-up's confirmation link lands. */
function SignUpConfirmed({ error }: { error: string | null }) {
  const { user } = useMe();
  useDocumentTitle(error ? 'Confirmation Link Not Valid' : undefined);

  if (!error) {
    return (
      <AuthLayout title="Email confirmed" description="Thank you: your email address is confirmed.">
        <div role="status" className="flex flex-col gap-4">
          <ContinueLink signedIn={user !== null} />
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="This link did not work"
      description={
        error === EXPIRED
          ? 'This confirmation link has expired: links work for one hour. Your account works without a confirmed email.'
          : 'This confirmation link is not valid: it may have been copied incompletely. Your account works without a confirmed email.'
      }
    >
      <div className="flex flex-col gap-4">
        {user && !user.emailVerified && <SendNewLink email={user.email} />}
        <ContinueLink signedIn={user !== null} />
      </div>
    </AuthLayout>
  );
}
