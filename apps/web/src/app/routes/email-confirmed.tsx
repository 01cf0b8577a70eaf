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
export function Component() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
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
