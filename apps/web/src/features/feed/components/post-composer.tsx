import { POST_CATEGORIES, type PostCategory } from '@lunara/shared/community';
import { FILL_ALL_FIELDS } from '@lunara/shared/feed';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreatePost } from '../api/post-mutations.ts';

const CATEGORY_OPTIONS = POST_CATEGORIES.map((category) => ({ value: category.key, label: category.label }));

/** Title, content and category; on success it closes and resets, on failure it keeps the text. */
export function PostComposer({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<PostCategory>('general');
  const create = useCreatePost();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    if (!title.trim() || !content.trim()) {
      toast.error(FILL_ALL_FIELDS);
      return;
    }
    create.mutate(
      { title, content, category },
      {
        onSuccess: () => {
          toast.success('Post created successfully!');
          setTitle('');
          setContent('');
          setCategory('general');
          onDone();
        },
        onError: (error) => toast.error('Failed to create post', { description: error.message }),
      },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
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
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-content`}>Your post</Label>
        <Textarea
          id={`${id}-content`}
          value={content}
          maxLength={10_000}
          onChange={(event) => setContent(event.target.value)}
          placeholder="Share with your sisters..."
        />
      </div>
      <div className="flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <Select
          id={`${id}-category`}
          value={category}
          onValueChange={(value) => setCategory(value as PostCategory)}
          options={CATEGORY_OPTIONS}
        />
      </div>
      <FormActions onCancel={onDone} isBusy={create.isPending} submitLabel="Share Post" busyLabel="Sharing..." />
    </form>
  );
}
