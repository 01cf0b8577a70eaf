import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { usePod } from '../../features/pods/api/pods.ts';
import { PodView } from '../../features/pods/components/pod-view.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../document-title.ts';
import { RequireMembership } from '../guards.tsx';
import { useMembership } from '../hooks/use-membership.ts';
import { MemberPage } from '../member-page.tsx';

const PODS_LIST = `${paths.community.getHref()}?tab=pods`;

/** One mentorship pod: where its list, its notifications and shared links lead. */
function PodPage() {
  const { podId = '' } = useParams();
  const { user } = useMembership();
  const pod = usePod(podId);
  useDocumentTitle(pod.data?.name);
  const navigate = useNavigate();
  if (!user) return null;
  const isGone = pod.error instanceof ApiError && (pod.error.status === 404 || pod.error.status === 400);

  return (
    <MemberPage>
      <div className="flex items-center justify-between gap-4">
        <Link
          to={PODS_LIST}
          className="inline-flex items-center gap-2 rounded-[var(--radius-control)] text-sm font-medium text-night-700 hover:underline pointer-coarse:min-h-11"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> All pods
        </Link>
        <NotificationBell />
      </div>
      {pod.isPending && <Spinner className="text-gold-500" />}
      {isGone && (
        <p role="alert" className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center">
          This pod does not exist, or it is not open to you.
        </p>
      )}
      {pod.isError && !isGone && <LoadError message="Failed to load the pod" query={pod} />}
      {pod.data && (
        <PodView
          pod={pod.data}
          viewer={{ id: user.id, role: user.role }}
          onLeft={() => navigate(PODS_LIST, { replace: true })}
        />
      )}
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireMembership area="members">
      <PodPage />
    </RequireMembership>
  );
}
