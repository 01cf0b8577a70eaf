import type { ReactNode } from 'react';
import { EmailVerificationBanner } from '../features/account/components/email-verification-banner.tsx';
import { MemberHeader } from './member-header.tsx';

/** The frame of the signed-in pages: header, then a centred column. */
export function MemberPage({ children, showAccount }: { children: ReactNode; showAccount?: boolean }) {
  return (
    <div className="min-h-dvh bg-moon-50 print:bg-white">
      <MemberHeader showAccount={showAccount} />
      <EmailVerificationBanner />
      <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">{children}</main>
    </div>
  );
}
