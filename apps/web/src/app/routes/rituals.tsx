import { Moon } from 'lucide-react';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';
import { SectionIntro } from '../section-intro.tsx';

export function Component() {
  return (
    <RequireMembership area="members">
      <MemberPage>
        <SectionIntro icon={Moon} title="Daily Sacred Rituals">
          Daily practices aligned with the current phase of the moon, each worth points when you complete it.
        </SectionIntro>
      </MemberPage>
    </RequireMembership>
  );
}
