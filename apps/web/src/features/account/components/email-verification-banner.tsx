import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useSendVerificationEmail } from '../../auth/api/send-verification-email.ts';
import { usePostingRules } from '../api/account-settings.ts';

/**
 * On every signed-in page until her email is confirmed: where the link went, and a new one on request
 * (the server limits them per address). Says so when the owner requires a confirmed email to post.
 */
export function EmailVerificationBanner() {
  const { user } = useMe();
  const unverified = user !== null && !user.emailVerified;
  const rules = usePostingRules(unverified);
  const resend = useSendVerificationEmail();
  if (!user || user.emailVerified) return null;
  return (
    <section
      aria-label="Confirm your email"
      className="border-b border-gold-300 bg-moon-100 px-4 py-3 text-sm text-night-900 print:hidden sm:px-6"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <MailWarning className="size-5 shrink-0 text-gold-700" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          Please confirm your email: we sent a link to <strong className="break-all">{user.email}</strong>.
          {rules.data?.requireVerifiedEmail && ' You can post once it is confirmed.'}
        </p>
        {resend.isSuccess ? (
          <p role="status">A new link is on its way. It works for one hour.</p>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(user.email, {
                onError: (error) => toast.error('The link was not sent', { description: error.message }),
              })
            }
          >
            {resend.isPending ? 'Sending...' : 'Resend link'}
          </Button>
        )}
      </div>
    </section>
  );
}
