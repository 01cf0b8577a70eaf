import { SEARCH_KINDS, SEARCH_SINCE, type SearchKind, type SearchSince } from '@lunara/shared/search-constants';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { ProfileDialog } from '../../features/profiles/components/profile-dialog.tsx';
import { useProfileFromUrl } from '../../features/profiles/hooks/use-profile-from-url.ts';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { SearchResults } from '../../features/search/components/search-results.tsx';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

const isKind = (value: string | null): value is SearchKind => SEARCH_KINDS.some((kind) => kind === value);
const isSince = (value: string | null): value is SearchSince => SEARCH_SINCE.some((since) => since === value);

/** Community search results: `/community/search?q=...&kind=...&since=...`. */
function CommunitySearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const kindParam = searchParams.get('kind');
  const sinceParam = searchParams.get('since');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const since = isSince(sinceParam) ? sinceParam : 'any';
  const [profileId, setProfileId] = useProfileFromUrl();

  return (
    <MemberPage>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Link
          to={paths.community.getHref()}
          className="inline-flex items-center gap-2 rounded-[var(--radius-control)] text-sm font-medium text-night-700 hover:underline pointer-coarse:min-h-11"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Community
        </Link>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <SearchBox initialQuery={q} />
          <NotificationBell />
        </div>
      </div>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <h1 className="text-3xl text-night-900 [overflow-wrap:anywhere]">
          {q ? `Search results for “${q}”` : 'Search the community'}
        </h1>
        {q ? (
          <SearchResults
            q={q}
            kind={kind}
            since={since}
            onChange={(next) =>
              setSearchParams(new URL(paths.communitySearch.getHref({ q, ...next }), 'http://x').searchParams)
            }
          />
        ) : (
          <p className="text-ink-muted">Type a word, a name or a phrase in the search box.</p>
        )}
      </div>
      <ProfileDialog userId={profileId} onClose={() => setProfileId(null)} />
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireMembership area="members">
      <CommunitySearch />
    </RequireMembership>
  );
}
