import type { SearchResult } from '@lunara/shared/search';
import { SEARCH_QUERY_MAX, type SearchKind } from '@lunara/shared/search-constants';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { composeRefs } from '../../../lib/compose-refs.ts';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration.ts';
import { useSuggestions } from '../api/search.ts';
import { MarkedText } from './marked-text.tsx';
import { resultHref } from './result-href.ts';

const SUGGEST_DELAY_MS = 200;
const MAX_SUGGESTIONS = 6;

const KIND_NAMES: Record<SearchKind, string> = {
  post: 'Post',
  comment: 'Comment',
  topic: 'Forum topic',
  reply: 'Forum reply',
  course: 'Course',
  lesson: 'Lesson',
  event: 'Event',
  circle: 'Circle',
  member: 'Member',
};

/** Whether a key press belongs to a field (or an editor) she is typing in. */
const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The community's search box: suggestions as she types (debounced), in the ARIA combobox pattern
 * (arrows move, Enter opens, Escape closes), Enter without a chosen suggestion opens the results page.
 * `/` focuses it from anywhere on the page, unless she is typing in a field.
 */
export function SearchBox({ initialQuery = '', className }: { initialQuery?: string; className?: string }) {
  const [text, setText] = useState(initialQuery);
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const keepTyped = useTypedBeforeHydration<HTMLInputElement>(text, setText);
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const suggestions = useSuggestions(query);
  const items: SearchResult[] = (suggestions.data ?? []).slice(0, MAX_SUGGESTIONS);
  const trimmed = text.trim();
  // The last option is always "See all results".
  const optionCount = trimmed ? items.length + 1 : 0;
  const isShown = isOpen && optionCount > 0 && query.length > 0;

  // A new query from the address (the results page) replaces her text; on the first render it is the
  // text already (an effect would also wipe what she typed before the page was hydrated).
  const [shownQuery, setShownQuery] = useState(initialQuery);
  if (shownQuery !== initialQuery) {
    setShownQuery(initialQuery);
    setText(initialQuery);
  }

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = () => {
    setIsOpen(false);
    setActive(-1);
  };
  const openAll = () => {
    if (!trimmed) return;
    close();
    navigate(paths.communitySearch.getHref({ q: trimmed }));
  };
  const choose = (index: number) => {
    const item = items[index];
    if (!item) return openAll();
    close();
    navigate(resultHref(item, `${location.pathname}${location.search}`));
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className={cn('relative w-full sm:w-72', className)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          openAll();
        }}
      >
        <label htmlFor={`${listId}-input`} className="sr-only">
          Search the community
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
          aria-hidden="true"
        />
        <input
          ref={composeRefs(inputRef, keepTyped)}
          id={`${listId}-input`}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isShown}
          aria-controls={listId}
          aria-activedescendant={isShown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Search the community"
          aria-keyshortcuts="/"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActive(-1);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => close()}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && optionCount > 0) {
              event.preventDefault();
              setIsOpen(true);
              setActive((current) => (current + 1) % optionCount);
            } else if (event.key === 'ArrowUp' && optionCount > 0) {
              event.preventDefault();
              setIsOpen(true);
              setActive((current) => (current <= 0 ? optionCount - 1 : current - 1));
            } else if (event.key === 'Enter' && isShown && active >= 0) {
              event.preventDefault();
              choose(active);
            } else if (event.key === 'Escape') {
              if (isShown) {
                event.preventDefault();
                close();
              } else if (text) {
                event.preventDefault();
                setText('');
              }
            }
          }}
          className="h-10 w-full rounded-[var(--radius-control)] border border-line bg-white pr-3 pl-9 text-sm text-ink placeholder:text-ink-muted/80 sm:pr-8"
        />
        {/* The shortcut, where there is a keyboard to press it. */}
        {!text && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-line px-1.5 font-sans text-ink-muted text-xs sm:block"
          >
            /
          </span>
        )}
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!isShown}
        className="absolute right-0 left-0 z-30 mt-1 max-h-96 overflow-y-auto rounded-[var(--radius-card)] border border-line bg-white py-1 shadow-lg sm:left-auto sm:w-96"
      >
        {items.map((item, index) => (
          // Chosen with the mouse before the input's blur closes the list; keyboard users use the arrows.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
          <div
            key={`${item.kind}-${item.id}`}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={active === index}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
            className={cn('cursor-pointer px-3 py-2 text-sm', active === index && 'bg-moon-100')}
          >
            <span className="block truncate font-medium text-night-900">
              <MarkedText text={item.title} />
            </span>
            <span className="block text-xs text-ink-muted">{KIND_NAMES[item.kind]}</span>
          </div>
        ))}
        {trimmed && (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
          <div
            id={optionId(items.length)}
            role="option"
            tabIndex={-1}
            aria-selected={active === items.length}
            onMouseDown={(event) => event.preventDefault()}
            onClick={openAll}
            className={cn(
              'cursor-pointer border-t border-line px-3 py-2 text-sm font-medium text-night-700',
              active === items.length && 'bg-moon-100',
            )}
          >
            See all results for “{trimmed}”
          </div>
        )}
      </div>
    </div>
  );
}
