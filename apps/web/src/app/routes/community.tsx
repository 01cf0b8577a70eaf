import { Users } from 'lucide-react';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';
import { SectionIntro } from '../section-intro.tsx';

export function Component() {
  return (
    <RequireMembership area="members">
      <MemberPage>
        <SectionIntro icon={Users} title="Sacred Sisterhood">
          The private community of members: the feed, discussion forums, Sacred Circles, events, messages and the
          leaderboard.
        </SectionIntro>
      </MemberPage>
    </RequireMembership>
  );
}
