import { TOPIC_CONTENT_MAX, type TopicBody, topicBodySchema } from '@lunara/shared/forums';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useDraft } from '../../../lib/use-draft.ts';

interface TopicFormProps {
  initial?: TopicBody;
  /** A new topic's text is a draft kept across reloads under this name; an edit is not. */
  draftName?: string;
  submitLabel: string;
  isBusy: boolean;
  /** `clearDraft` forgets the kept draft: call it once the topic is saved. */
  onSubmit: (body: TopicBody, clearDraft: () => void) => void;
  onCancel: () => void;
}

/** Title and content, checked with the server's own schema before anything is sent. */
export function TopicForm({ initial, draftName, submitLabel, isBusy, onSubmit, onCancel }: TopicFormProps) {
  const id = useId();
  const [title, setTitle, clearTitle] = useDraft(draftName ? `${draftName}-title` : null, initial?.title);
  const [content, setContent, clearContent] = useDraft(draftName ? `${draftName}-content` : null, initial?.content);
  const [error, setError] = useState<string>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = topicBodySchema.safeParse({ title, content });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onSubmit(parsed.data, () => {
      clearTitle();
      clearContent();
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <RichTextEditor
        id={`${id}-content`}
        label="What would you like to discuss?"
        value={content}
        maxLength={TOPIC_CONTENT_MAX}
        rows={7}
        onChange={setContent}
      />
      <FieldError id={`${id}-error`} message={error} />
      <FormActions onCancel={onCancel} isBusy={isBusy} submitLabel={submitLabel} />
    </form>
  );
}
