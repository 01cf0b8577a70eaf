import { Shield } from 'lucide-react';
import { RequireAdmin } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';
import { SectionIntro } from '../section-intro.tsx';

function AdminLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-ink-muted">
      Loading admin panel...
    </div>
  );
}

export function Component() {
  return (
    <RequireAdmin loading={<AdminLoading />}>
      <MemberPage>
        <SectionIntro icon={Shield} title="Admin Panel">
          Statistics, user management and roles, content moderation and platform settings.
        </SectionIntro>
      </MemberPage>
    </RequireAdmin>
  );
}
