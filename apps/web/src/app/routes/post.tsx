import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useActingRole } from '../../features/account/components/staff-two-factor-gate.tsx';
import { usePost } from '../../features/feed/api/get-post.ts';
import { PostCard } from '../../features/feed/components/post-card.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useProfileFromUrl } from '../../features/profiles/hooks/use-profile-from-url.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import { ProfileDialog } from '../community-parts.tsx';
import { useDocumentTitle } from '../document-title.ts';
import { RequireMembership } from '../guards.tsx';
import { useMembership } from '../hooks/use-membership.ts';
import { MemberPage } from '../member-page.tsx';

/** One post with its comments open: where notifications about it and shared links lead. */
function PostPage() {
  const { postId = '' } = useParams();
  const { user } = useMembership();
  const post = usePost(postId);
  // Named after the post, as a tab or a shared link's history entry shows it.
  useDocumentTitle(post.data?.title);
  const navigate = useNavigate();
  const [profileId, setProfileId] = useProfileFromUrl();
  const actingRole = useActingRole();
  // As on the community page: the dialog's code downloads when a profile is first opened, then stays.
  const profileOpened = useOpenedOnce(Boolean(profileId));
  if (!user) return null;
  const isGone = post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400);

  return (
    <MemberPage>
      <div className="flex items-center justify-between gap-4">
        <Link
          to={paths.community.getHref()}
          className="inline-flex items-center gap-2 rounded-[var(--radius-control)] text-sm font-medium text-night-700 hover:underline pointer-coarse:min-h-11"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Community
        </Link>
        <NotificationBell />
      </div>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
        {post.isPending && <Spinner className="text-gold-500" />}
        {isGone && (
          <p role="alert" className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center">
            This post no longer exists. It may have been deleted by its author or a moderator.
          </p>
        )}
        {post.isError && !isGone && <LoadError message="Failed to load post" query={post} />}
        {post.data && (
          <PostCard
            post={post.data}
            viewer={{ id: user.id, role: actingRole ?? user.role }}
            onOpenProfile={setProfileId}
            ownPage={{ onDeleted: () => navigate(paths.community.getHref(), { replace: true }) }}
          />
        )}
      </div>
      {profileOpened && <ProfileDialog userId={profileId} onClose={() => setProfileId(null)} />}
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireMembership area="members">
      <PostPage />
    </RequireMembership>
  );
}
