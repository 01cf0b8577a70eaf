import { AnnouncementEmailsSection } from '../../announcements/components/announcement-emails-section.tsx';
import { CalendarFeedSection } from '../../calendar-feed/components/calendar-feed-section.tsx';
import { AppearanceSection } from './appearance-section.tsx';
import { BillingSection } from './billing-section.tsx';
import { BlockedMembersSection } from './blocked-members-section.tsx';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { EmailSection } from './email-section.tsx';
import { InstallAppSection } from './install-app-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** /settings: her account, her safety and her data, one section each (each owns its queries). */
export function SettingsPage() {
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl text-night-900 sm:text-4xl">Account Settings</h1>
        <p className="text-ink-muted">Your name and photo, how you sign in, who can reach you, and your data.</p>
      </header>
      <div className="flex flex-col gap-6">
        <ProfileSection />
        <AppearanceSection />
        <InstallAppSection />
        <CalendarFeedSection />
        <EmailSection />
        <AnnouncementEmailsSection />
        <BillingSection />
        <PasswordSection />
        <TwoFactorSection />
        <SessionsSection />
        <BlockedMembersSection />
        <DataExportSection />
        <DeleteAccountSection />
      </div>
    </>
  );
}
