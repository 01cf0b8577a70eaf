import type { MemberSearchResult } from '@lunara/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../lib/api-client.ts';

/** Waits for a pause in typing, so a name typed letter by letter is one search, not six. */
const TYPING_PAUSE_MS = 150;

/**
 * Members whose name matches what follows an "@" (up to 10). The server leaves out blocked members, those
 * who blocked her and former members, so the list only offers sisters a mention can reach.
 */
export function useMemberSuggestions(query: string | null) {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const text = settled?.trim() ?? '';
  return useQuery({
    // The same key as the messages picker: both read the same search.
    queryKey: ['member-search', text],
    queryFn: () => apiFetch<MemberSearchResult>(`/api/members/search?q=${encodeURIComponent(text)}`),
    enabled: query !== null && text.length > 0,
    staleTime: 60_000,
  });
}
