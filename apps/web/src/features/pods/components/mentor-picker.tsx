import type { AdminUserPage } from '@lunara/shared/admin';
import type { PodPerson } from '@lunara/shared/pods';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';

const SEARCH_DELAY_MS = 250;
const SHOWN = 8;

/**
 * Choosing the mentor: any member, found by name with the admin user search. The server refuses someone
 * who cannot use the community (she could never open her pod), so those are marked here too.
 */
export function MentorPicker({
  mentor,
  onChange,
}: {
  mentor: Pick<PodPerson, 'id' | 'displayName'> | null;
  onChange: (mentor: Pick<PodPerson, 'id' | 'displayName'>) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: ['admin', 'users', 'mentor-search', query],
    queryFn: () => apiFetch<AdminUserPage>(`/api/admin/users?search=${encodeURIComponent(query)}`),
    enabled: query.length > 0,
  });
  const people = (search.data?.items ?? []).slice(0, SHOWN);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Mentor</legend>
      <p className="text-sm" aria-live="polite">
        {mentor ? (
          <>
            Chosen: <span className="font-semibold">{mentor.displayName}</span>
          </>
        ) : (
          <span className="text-ink-muted">No mentor chosen yet.</span>
        )}
      </p>
      <Label htmlFor={`${id}-search`}>Find a member by name</Label>
      <Input
        id={`${id}-search`}
        type="search"
        autoComplete="off"
        maxLength={80}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {query && search.isSuccess && people.length === 0 && (
        <p className="text-sm text-ink-muted">Nobody found by that name.</p>
      )}
      {people.length > 0 && (
        <ul className="flex max-h-56 flex-col overflow-y-auto rounded-[var(--radius-control)] border border-line">
          {people.map((person) => {
            const chosen = person.id === mentor?.id;
            const hasAccess = person.membershipStatus === 'active' || person.role !== 'user';
            return (
              <li key={person.id}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => onChange({ id: person.id, displayName: person.displayName })}
                  className={cn(
                    'flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-moon-100',
                    chosen && 'bg-gold-300/30',
                  )}
                >
                  <Avatar name={person.displayName} className="size-7 text-xs" />
                  <span className="min-w-0 flex-1 truncate">{person.displayName}</span>
                  {!hasAccess && <span className="text-xs text-ink-muted">no membership</span>}
                  {chosen && <Check className="size-4" aria-hidden="true" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
