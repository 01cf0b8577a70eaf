import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { FieldError } from './field-error.tsx';
import { RichTextEditor } from './rich-text/rich-text-editor.tsx';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

export interface EditedValues {
  title?: string;
  content: string;
}

export interface EditInPlaceProps {
  /** Unique on the page: the fields' ids start with it. */
  id: string;
  label: string;
  content: string;
  maxLength: number;
  /** Posts and topics change their title too. */
  title?: { value: string; maxLength: number };
  rows?: number;
  /** Resolves once saved; on a rejection its message shows and her text stays, to try again. */
  onSave: (values: EditedValues) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * An item's own text turned into an editor where it stands: Save changes (or Ctrl+Enter) sends one request
 * however often it is clicked, Cancel or Escape puts the text back as it was.
 */
export function EditInPlaceForm({
  id,
  label,
  content,
  maxLength,
  title,
  rows = 4,
  onSave,
  onCancel,
}: EditInPlaceProps) {
  const [draftTitle, setDraftTitle] = useState(title?.value ?? '');
  const [draft, setDraft] = useState(content);
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  // A double click lands before the button re-renders as busy.
  const saving = useRef(false);
  const isBlank = draft.trim().length === 0 || (title !== undefined && draftTitle.trim().length === 0);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving.current) return;
    if (isBlank)
      return setError(title ? 'Give it a title and some words before saving' : 'Write something before saving');
    saving.current = true;
    setIsSaving(true);
    setError(undefined);
    try {
      await onSave(title ? { title: draftTitle, content: draft } : { content: draft });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Your changes were not saved. Please try again.');
    } finally {
      saving.current = false;
      setIsSaving(false);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // The editor's own keys (picking a name, closing the list of names) come first.
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  }

  return (
    <form noValidate onSubmit={save} onKeyDown={handleKeyDown} className="mt-2 flex flex-col gap-3">
      {title && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={draftTitle}
            maxLength={title.maxLength}
            // She chose to edit: her words are where the keyboard is (and Escape reaches the form).
            autoFocus
            onChange={(change) => setDraftTitle(change.target.value)}
          />
        </div>
      )}
      <RichTextEditor
        id={`${id}-content`}
        label={label}
        hideLabel={title === undefined}
        value={draft}
        maxLength={maxLength}
        rows={rows}
        autoFocus={title === undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={setDraft}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
