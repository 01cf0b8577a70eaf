import { POST_CATEGORIES, type PostCategory } from '@lunara/shared/community';
import { FILL_ALL_FIELDS } from '@lunara/shared/feed-constants';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useCreatePost } from '../api/post-mutations.ts';
import { useImageUploads } from '../hooks/use-image-uploads.ts';
import { ComposerImages } from './composer-images.tsx';

const CATEGORY_OPTIONS = POST_CATEGORIES.map((category) => ({ value: category.key, label: category.label }));

/**
 * Title, content, category and up to four images; on success it closes and resets, on failure it keeps
 * the text and the images. The text is a draft kept across reloads, and a double click or a retry creates
 * one post (one idempotency key). Images upload as they are chosen; sharing waits for them.
 */
export function PostComposer({ onDone, circle }: { onDone: () => void; circle?: { id: string; name: string } }) {
  const id = useId();
  // A circle's composer keeps a draft of its own, apart from the main feed's.
  const draftName = circle ? `circle-post:${circle.id}` : 'post';
  const [title, setTitle, clearTitle] = useDraft(`${draftName}-title`);
  const [content, setContent, clearContent] = useDraft(`${draftName}-content`);
  const [category, setCategory] = useState<PostCategory>('general');
  const create = useCreatePost();
  const submit = useSubmitOnce();
  const uploads = useImageUploads();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !content.trim()) {
      toast.error(FILL_ALL_FIELDS);
      return;
    }
    if (uploads.isUploading) return;
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    create.mutate(
      { title, content, category, images: uploads.ready, idempotencyKey, ...(circle ? { circleId: circle.id } : {}) },
      {
        onSuccess: () => {
          submit.succeeded();
          uploads.clearShared();
          toast.success('Post created successfully!');
          clearTitle();
          clearContent();
          setCategory('general');
          onDone();
        },
        onError: (error) => toast.error('Failed to create post', { description: error.message }),
        onSettled: submit.settled,
      },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      aria-label={circle ? `New post in ${circle.name}` : undefined}
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="What is on your heart?"
        />
      </div>
      <RichTextEditor
        id={`${id}-content`}
        label="Your post"
        value={content}
        maxLength={10_000}
        onChange={setContent}
        placeholder={circle ? `Share with ${circle.name}...` : 'Share with your sisters...'}
      />
      <div className="flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <Select
          id={`${id}-category`}
          value={category}
          onValueChange={(value) => setCategory(value as PostCategory)}
          options={CATEGORY_OPTIONS}
        />
      </div>
      <ComposerImages uploads={uploads} isSharing={create.isPending} />
      <FormActions
        onCancel={onDone}
        isBusy={create.isPending || uploads.isUploading}
        submitLabel="Share Post"
        busyLabel={uploads.isUploading ? 'Waiting for images...' : 'Sharing...'}
      />
    </form>
  );
}
