import type { SearchGroup, SearchResult } from '@lunara/shared/search';
import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_SINCE,
  SEARCH_SINCE_LABELS,
  type SearchKind,
  type SearchSince,
} from '@lunara/shared/search-constants';
import { Link, useLocation } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSearch } from '../api/search.ts';
import { MarkedText } from './marked-text.tsx';
import { resultHref } from './result-href.ts';

const KIND_OPTIONS = [
  { value: 'all', label: 'Everything' },
  ...SEARCH_KINDS.map((kind) => ({ value: kind, label: SEARCH_KIND_LABELS[kind] })),
];
const SINCE_OPTIONS = SEARCH_SINCE.map((since) => ({ value: since, label: SEARCH_SINCE_LABELS[since] }));

// Courses, lessons and circles have no date a member would look for; members none at all.
const DATED_KINDS = new Set<SearchKind>(['post', 'comment', 'topic', 'reply', 'event']);

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function ResultItem({ result }: { result: SearchResult }) {
  const location = useLocation();
  return (
    <li>
      <Link
        to={resultHref(result, `${location.pathname}${location.search}`)}
        className="flex gap-3 rounded-[var(--radius-control)] p-3 hover:bg-moon-100"
      >
        {result.author && (
          <Avatar name={result.author.displayName} src={result.author.avatarUrl} className="size-9 shrink-0" />
        )}
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-night-900 [overflow-wrap:anywhere]">
            <MarkedText text={result.title} />
          </span>
          {result.snippet && (
            <span className="mt-0.5 line-clamp-2 block text-sm text-ink-muted [overflow-wrap:anywhere]">
              <MarkedText text={result.snippet} />
            </span>
          )}
          {(result.author || result.createdAt) && DATED_KINDS.has(result.kind) && (
            <span className="mt-1 block text-xs text-ink-muted">
              {[result.author?.displayName, result.createdAt && dateFormat.format(new Date(result.createdAt))]
                .filter(Boolean)
                .join(' · ')}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function ResultGroup({ group, onMore, showMore }: { group: SearchGroup; onMore: () => void; showMore: boolean }) {
  const headingId = `search-group-${group.kind}`;
  return (
    <section aria-labelledby={headingId} className="rounded-[var(--radius-card)] border border-line bg-white p-2">
      <h2 id={headingId} className="px-3 pt-2 text-lg text-night-900">
        {SEARCH_KIND_LABELS[group.kind]}
      </h2>
      <ul className="flex flex-col">
        {group.items.map((result) => (
          <ResultItem key={`${result.kind}-${result.id}`} result={result} />
        ))}
      </ul>
      {showMore && group.hasMore && (
        <div className="px-3 pb-2">
          <Button variant="ghost" size="sm" onClick={onMore}>
            More {SEARCH_KIND_LABELS[group.kind].toLowerCase()}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The results page's filters and results: grouped by kind, or one kind's pages. */
export function SearchResults({
  q,
  kind,
  since,
  onChange,
}: {
  q: string;
  kind?: SearchKind;
  since: SearchSince;
  onChange: (next: { kind?: SearchKind; since: SearchSince }) => void;
}) {
  const search = useSearch({ q, kind, since });
  const groups = search.data?.pages.flatMap((page) => page.groups) ?? [];
  // A kind's pages each carry its one group: shown as one list.
  const shown: SearchGroup[] = kind
    ? [{ kind, items: groups.flatMap((group) => group.items), hasMore: false }].filter((g) => g.items.length > 0)
    : groups;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-3">
        <div className="w-full sm:w-56">
          <Select
            aria-label="Kind of result"
            value={kind ?? 'all'}
            onValueChange={(value) => onChange({ kind: value === 'all' ? undefined : (value as SearchKind), since })}
            options={KIND_OPTIONS}
          />
        </div>
        <div className="w-full sm:w-48">
          <Select
            aria-label="Date"
            value={since}
            onValueChange={(value) => onChange({ kind, since: value as SearchSince })}
            options={SINCE_OPTIONS}
          />
        </div>
      </div>
      {search.isPending && <Spinner className="text-gold-500" />}
      {search.isError && <LoadError message="Failed to search" query={search} />}
      {search.isSuccess && shown.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
          No results for “{q}”
        </p>
      )}
      {shown.map((group) => (
        <ResultGroup
          key={group.kind}
          group={group}
          showMore={!kind}
          onMore={() => onChange({ kind: group.kind, since })}
        />
      ))}
      {kind && search.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          {search.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
