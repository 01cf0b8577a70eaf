import { CIRCLE_NOT_FOUND } from '@lunara/shared/circles';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useActingRole } from '../../features/account/components/staff-two-factor-gate.tsx';
import { useCircle } from '../../features/circles/api/circle-page.ts';
import { CircleView } from '../../features/circles/components/circle-view.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { ProfileDialog } from '../../features/profiles/components/profile-dialog.tsx';
import { useProfileFromUrl } from '../../features/profiles/hooks/use-profile-from-url.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../document-title.ts';
import { RequireMembership } from '../guards.tsx';
import { useMembership } from '../hooks/use-membership.ts';
import { MemberPage } from '../member-page.tsx';

const CIRCLES_LIST = `${paths.community.getHref()}?tab=circles`;

/** One Sacred Circle: where its card, its posts' "in <circle>" links and shared links lead. */
function CirclePage() {
  const { circleId = '' } = useParams();
  const { user } = useMembership();
  const circle = useCircle(circleId);
  useDocumentTitle(circle.data?.name);
  const [profileId, setProfileId] = useProfileFromUrl();
  const actingRole = useActingRole();
  if (!user) return null;
  const isGone = circle.error instanceof ApiError && (circle.error.status === 404 || circle.error.status === 400);

  return (
    <MemberPage>
      <div className="flex items-center justify-between gap-4">
        <Link
          to={CIRCLES_LIST}
          className="inline-flex items-center gap-2 rounded-[var(--radius-control)] text-sm font-medium text-night-700 hover:underline pointer-coarse:min-h-11"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> All circles
        </Link>
        <NotificationBell />
      </div>
      {circle.isPending && <Spinner className="text-gold-500" />}
      {isGone && (
        <p role="alert" className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center">
          {CIRCLE_NOT_FOUND}. It may have been closed, or the link is mistyped.
        </p>
      )}
      {circle.isError && !isGone && <LoadError message="Failed to load the circle" query={circle} />}
      {circle.data && (
        <CircleView
          circle={circle.data}
          viewer={{ id: user.id, role: actingRole ?? user.role }}
          onOpenProfile={setProfileId}
          onLeft={() => window.scrollTo({ top: 0 })}
        />
      )}
      <ProfileDialog userId={profileId} onClose={() => setProfileId(null)} />
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireMembership area="members">
      <CirclePage />
    </RequireMembership>
  );
}
