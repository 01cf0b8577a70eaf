import { UNSUBSCRIBE_BAD_TOKEN } from '@lunara/shared/announcements';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useUnsubscribe, useUnsubscribeInfo } from '../../features/announcements/api/announcements.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useDocumentTitle } from '../document-title.ts';

/** Back to the app: her settings when signed in (emails can be turned on again there), else the login. */
function Onward() {
  const { user } = useMe();
  return user ? (
    <Link to={paths.settings.getHref()} className={buttonClasses('outline', 'lg')}>
      Notification settings
    </Link>
  ) : (
    <Link to={paths.auth.getHref()} className={buttonClasses('outline', 'lg')}>
      Log in
    </Link>
  );
}

/**
 * Where an announcement email's "Stop announcement emails" link lands. Works signed out (the link's
 * token decides); opening it changes nothing (a mail scanner opening links must not unsubscribe
 * anyone): it says what will happen, and the button does it.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();
  const done = unsubscribe.isSuccess || info.data?.unsubscribed === true;
  useDocumentTitle(done ? 'Unsubscribed' : 'Unsubscribe');

  if (!token || info.isError) {
    return (
      <AuthLayout
        title="This link did not work"
        description={token ? (info.error?.message ?? UNSUBSCRIBE_BAD_TOKEN) : UNSUBSCRIBE_BAD_TOKEN}
      >
        <div className="flex flex-col gap-4">
          <Onward />
        </div>
      </AuthLayout>
    );
  }
  if (info.isPending) {
    return (
      <AuthLayout title="Unsubscribe" description="Checking your link...">
        <Spinner className="text-gold-500" />
      </AuthLayout>
    );
  }
  const { maskedEmail, productName } = info.data;
  if (done) {
    return (
      <AuthLayout
        title="You are unsubscribed"
        description={`${maskedEmail} will no longer receive announcement emails from ${productName}.`}
      >
        <div role="status" className="flex flex-col gap-4">
          <p className="text-ink">
            Other emails (password resets, your membership, notifications you chose) are not affected. You can turn
            announcement emails back on in your notification settings.
          </p>
          <Onward />
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Stop announcement emails?"
      description={`${maskedEmail} will no longer receive announcements from ${productName} by email. They still appear in the community feed.`}
    >
      <div className="flex flex-col gap-4">
        {unsubscribe.isError && (
          <p role="alert" className="text-danger">
            {unsubscribe.error.message}
          </p>
        )}
        <Button size="lg" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
        <Onward />
      </div>
    </AuthLayout>
  );
}
