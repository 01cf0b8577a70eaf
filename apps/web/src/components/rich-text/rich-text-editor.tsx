import { mentionToken } from '@lunara/shared/mentions';
import { Bold, Code, Italic, Link, List, ListOrdered, type LucideIcon, Quote } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { composeRefs } from '../../lib/compose-refs.ts';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Label } from '../ui/label.tsx';
import { FormattedText } from './formatted-text.tsx';
import { type FormatAction, formatEdit, mentionQueryAt, type Selection, type TextEdit } from './text-edits.ts';
import { useMemberSuggestions } from './use-member-suggestions.ts';

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  placeholder?: string;
  rows?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  'aria-describedby'?: string;
  /** The label is read to screen readers only (a reply box whose purpose the page already shows). */
  hideLabel?: boolean;
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = IS_MAC ? '⌘' : 'Ctrl+';

const POPUP =
  'absolute inset-x-2 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-[var(--radius-control)] border border-line bg-white p-1 shadow-card';

const TOOLS: { action: FormatAction; label: string; icon: LucideIcon; shortcut?: string }[] = [
  { action: 'bold', label: 'Bold', icon: Bold, shortcut: 'b' },
  { action: 'italic', label: 'Italic', icon: Italic, shortcut: 'i' },
  { action: 'link', label: 'Link', icon: Link, shortcut: 'k' },
  { action: 'bulleted', label: 'Bulleted list', icon: List },
  { action: 'numbered', label: 'Numbered list', icon: ListOrdered },
  { action: 'quote', label: 'Quote', icon: Quote },
  { action: 'code', label: 'Code', icon: Code },
];

/**
 * A plain textarea that writes Markdown, with a toolbar for those who don't know it, a preview that shows
 * exactly what others will see, and "@" to mention a member (a list of names to pick from, by keyboard too).
 * What is stored is the text as typed, so nothing is lost if the formatting is read elsewhere as plain text.
 */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  maxLength,
  placeholder,
  rows = 5,
  disabled,
  autoFocus,
  'aria-describedby': describedBy,
  hideLabel,
}: RichTextEditorProps) {
  const listId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const keepTyped = useTypedBeforeHydration<HTMLTextAreaElement>(value, onChange);
  const list = useRef<HTMLDivElement>(null);
  const pendingSelection = useRef<Selection | null>(null);
  const [isPreview, setIsPreview] = useState(false);
  const [mention, setMention] = useState<{ query: string; at: number } | null>(null);
  const [active, setActive] = useState(0);
  const suggestions = useMemberSuggestions(mention?.query ?? null);
  const members = mention ? (suggestions.data?.members ?? []) : [];
  const isListOpen = mention !== null && members.length > 0;
  const activeMember = members[Math.min(active, members.length - 1)];
  // On a phone the list opens below a tall text box, often under the fold (or the keyboard): bring it up.
  useEffect(() => {
    if (isListOpen) list.current?.scrollIntoView({ block: 'nearest' });
  }, [isListOpen]);

  // A toolbar edit that fell back to a plain change sets the selection once React has written the value.
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (selection && textarea.current) {
      textarea.current.setSelectionRange(selection.start, selection.end);
      pendingSelection.current = null;
    }
  });

  function apply(edit: TextEdit) {
    const element = textarea.current;
    if (!element) return;
    if (value.length - (edit.end - edit.start) + edit.insert.length > maxLength) return;
    element.focus();
    element.setSelectionRange(edit.start, edit.end);
    // insertText keeps the browser's undo history (Ctrl+Z undoes the toolbar's edit like any typing) and
    // fires the input event that React reads; where it is missing, the value is set directly.
    const inserted =
      typeof document.execCommand === 'function' && document.execCommand('insertText', false, edit.insert);
    if (inserted && element.value === value.slice(0, edit.start) + edit.insert + value.slice(edit.end)) {
      element.setSelectionRange(edit.select.start, edit.select.end);
    } else {
      pendingSelection.current = edit.select;
      onChange(value.slice(0, edit.start) + edit.insert + value.slice(edit.end));
    }
  }

  function format(action: FormatAction) {
    const element = textarea.current;
    if (!element || disabled) return;
    apply(formatEdit(action, value, { start: element.selectionStart, end: element.selectionEnd }));
  }

  function updateMention(element: HTMLTextAreaElement) {
    const next =
      element.selectionStart === element.selectionEnd ? mentionQueryAt(element.value, element.selectionStart) : null;
    setMention((current) => (current?.query === next?.query && current?.at === next?.at ? current : next));
    if (next?.query !== mention?.query) setActive(0);
  }

  function pick(member: { id: string; displayName: string }) {
    const element = textarea.current;
    if (!element || !mention) return;
    const token = `${mentionToken(member.displayName, member.id)} `;
    const end = mention.at + 1 + mention.query.length;
    setMention(null);
    apply({
      start: mention.at,
      end,
      insert: token,
      select: { start: mention.at + token.length, end: mention.at + token.length },
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mention && event.key === 'Escape') {
      // Closes the list only: a dialog around the editor stays open.
      event.preventDefault();
      event.stopPropagation();
      setMention(null);
      return;
    }
    if (isListOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + members.length) % members.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && activeMember) {
        event.preventDefault();
        pick(activeMember);
        return;
      }
    }
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      const tool = TOOLS.find((candidate) => candidate.shortcut === event.key.toLowerCase());
      if (tool) {
        event.preventDefault();
        format(tool.action);
      }
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="rounded-[var(--radius-control)] border border-line bg-white focus-within:border-night-700">
        <div className="flex flex-wrap items-center gap-1 border-line border-b px-1.5 py-1">
          {/* Names without the field's label, so that finding the field by its label finds only the field. */}
          <fieldset aria-label="Formatting" disabled={disabled || isPreview} className="flex flex-wrap">
            {TOOLS.map((tool) => (
              <button
                key={tool.action}
                type="button"
                aria-label={tool.label}
                title={tool.shortcut ? `${tool.label} (${MOD}${tool.shortcut.toUpperCase()})` : tool.label}
                aria-keyshortcuts={tool.shortcut ? `Control+${tool.shortcut.toUpperCase()}` : undefined}
                // Keep the textarea's selection: the edit applies to what she selected.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => format(tool.action)}
                className="inline-flex size-8 items-center justify-center rounded-md text-ink-muted hover:bg-moon-100 hover:text-ink disabled:opacity-50"
              >
                <tool.icon className="size-4" aria-hidden="true" />
              </button>
            ))}
          </fieldset>
          <div className="ml-auto flex rounded-[var(--radius-control)] bg-moon-100 p-0.5 text-xs">
            {(['Write', 'Preview'] as const).map((mode) => {
              const isOn = (mode === 'Preview') === isPreview;
              return (
                <button
                  key={mode}
                  type="button"
                  aria-pressed={isOn}
                  aria-controls={id}
                  onClick={() => {
                    setIsPreview(mode === 'Preview');
                    setMention(null);
                  }}
                  className={cn(
                    'rounded-[calc(var(--radius-control)-2px)] px-2.5 py-1 font-medium text-ink-muted',
                    isOn && 'bg-white text-ink shadow-sm',
                  )}
                >
                  {mode}
                </button>
              );
            })}
          </div>
        </div>
        <div className="relative">
          <textarea
            ref={composeRefs(textarea, keepTyped)}
            id={id}
            value={value}
            maxLength={maxLength}
            rows={rows}
            placeholder={placeholder}
            disabled={disabled}
            // biome-ignore lint/a11y/noAutofocus: only where the caller asks (an edit box she just opened).
            autoFocus={autoFocus}
            aria-describedby={describedBy}
            aria-autocomplete="list"
            aria-controls={isListOpen ? listId : undefined}
            aria-activedescendant={isListOpen && activeMember ? optionId(members.indexOf(activeMember)) : undefined}
            hidden={isPreview}
            onChange={(event) => {
              onChange(event.target.value);
              updateMention(event.target);
            }}
            onSelect={(event) => updateMention(event.currentTarget)}
            onKeyDown={handleKeyDown}
            onBlur={() => setMention(null)}
            className="block min-h-24 w-full resize-y rounded-b-[var(--radius-control)] bg-white px-3.5 py-2.5 text-ink placeholder:text-ink-muted/70 focus-visible:outline-offset-0"
          />
          {isPreview && (
            <div className="min-h-24 px-3.5 py-2.5 text-ink" aria-live="polite">
              {value.trim() ? (
                <FormattedText text={value} />
              ) : (
                <p className="text-ink-muted">Nothing to preview yet.</p>
              )}
            </div>
          )}
          {mention !== null && suggestions.isFetched && members.length === 0 && (
            <p className={cn(POPUP, 'px-3 py-2 text-ink-muted text-sm')} role="status">
              No members match "{mention.query}"
            </p>
          )}
          {isListOpen && (
            <div ref={list} id={listId} role="listbox" aria-label="Members to mention" className={POPUP}>
              {members.map((member, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the textarea (arrows, Enter), which keeps focus.
                <div
                  key={member.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={member === activeMember}
                  // Picking with the mouse must not blur the textarea first (which closes the list).
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(member)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                    member === activeMember && 'bg-moon-100',
                  )}
                >
                  <Avatar name={member.displayName} src={member.avatarUrl} className="size-7 text-xs" />
                  <span className="truncate">{member.displayName}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
