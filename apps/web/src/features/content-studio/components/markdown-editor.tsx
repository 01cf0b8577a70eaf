import { LESSON_BODY_MAX } from '@lunara/shared/content-studio';
import { Bold, Heading2, ImagePlus, Italic, Link2, List, Quote } from 'lucide-react';
import { type ReactNode, useDeferredValue, useId, useLayoutEffect, useRef, useState } from 'react';
import { Markdown } from '../../../components/markdown.tsx';
import { cn } from '../../../lib/cn.ts';
import { useUpload } from '../hooks/use-upload.ts';
import { FilePickButton } from './file-pick-button.tsx';
import { applyFormat, imageMarkdown, insertBlock, type MarkdownFormat, type TextEdit } from './markdown-format.ts';
import { UploadProgress } from './upload-progress.tsx';

const TOOLS: Array<{ format: MarkdownFormat; label: string; icon: ReactNode }> = [
  { format: 'heading', label: 'Heading', icon: <Heading2 className="size-4" aria-hidden="true" /> },
  { format: 'bold', label: 'Bold', icon: <Bold className="size-4" aria-hidden="true" /> },
  { format: 'italic', label: 'Italic', icon: <Italic className="size-4" aria-hidden="true" /> },
  { format: 'link', label: 'Link', icon: <Link2 className="size-4" aria-hidden="true" /> },
  { format: 'list', label: 'List', icon: <List className="size-4" aria-hidden="true" /> },
  { format: 'quote', label: 'Quote', icon: <Quote className="size-4" aria-hidden="true" /> },
];

const count = new Intl.NumberFormat('en-US');

/**
 * The lesson body: Markdown with a small toolbar, and the preview rendered by the very component the
 * member's lesson page uses (so what she sees is what members get, inert HTML and links included). Side
 * by side on wide screens; on a phone, Write and Preview take turns.
 */
export function MarkdownEditor({
  value,
  onChange,
  lessonId,
}: {
  value: string;
  onChange: (value: string) => void;
  lessonId: string;
}) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [pane, setPane] = useState<'write' | 'preview'>('write');
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  // Pictures in the text belong to the lesson (kind lesson_image): they are read under the lesson's own
  // rules (members, free preview, drip), like its video and files.
  const upload = useUpload('lesson_image', { lessonId });
  const isTooLong = value.length > LESSON_BODY_MAX;
  // The preview renders the whole text (up to LESSON_BODY_MAX): it follows the typing when React has time,
  // so a long lesson never makes the keys lag.
  const preview = useDeferredValue(value);

  // After a toolbar edit, the selection it computed is put back once React has written the new text.
  useLayoutEffect(() => {
    if (!selection || !textarea.current) return;
    textarea.current.focus();
    textarea.current.setSelectionRange(selection.start, selection.end);
    setSelection(null);
  }, [selection]);

  function apply(edit: TextEdit) {
    onChange(edit.text);
    setSelection({ start: edit.start, end: edit.end });
  }

  function format(kind: MarkdownFormat) {
    const element = textarea.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    setPane('write');
    apply(applyFormat(value, start, end, kind));
  }

  async function insertImage([file]: File[]) {
    if (!file) return;
    // Where the caret was when she picked: the upload takes a while, and she may click elsewhere.
    const start = textarea.current?.selectionStart ?? value.length;
    const end = textarea.current?.selectionEnd ?? value.length;
    const media = await upload.start(file);
    if (!media) return;
    const alt = file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');
    setPane('write');
    apply(insertBlock(textarea.current?.value ?? value, start, end, imageMarkdown(alt, `${media.url}/800`)));
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={`${id}-body`} className="text-sm font-medium text-ink">
          Lesson text (Markdown)
        </label>
        {/* Two panes take turns on a phone; on a wide screen both show and these go. */}
        <div className="flex gap-1 rounded-[var(--radius-control)] bg-moon-100 p-1 lg:hidden">
          {(['write', 'preview'] as const).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={pane === name}
              onClick={() => setPane(name)}
              className="rounded-md px-3 py-1 text-sm font-medium text-ink-muted aria-pressed:bg-white aria-pressed:text-night-900 aria-pressed:shadow-card"
            >
              {name === 'write' ? 'Write' : 'Preview'}
            </button>
          ))}
        </div>
      </div>
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={`${id}-body`}
        className="flex flex-wrap items-center gap-1"
      >
        {TOOLS.map((tool) => (
          <button
            key={tool.format}
            type="button"
            aria-label={tool.label}
            title={tool.label}
            onClick={() => format(tool.format)}
            className="flex size-9 items-center justify-center rounded-md text-ink hover:bg-moon-100"
          >
            {tool.icon}
          </button>
        ))}
        <FilePickButton
          kind="lesson_image"
          label="Insert image"
          disabled={upload.isUploading}
          icon={<ImagePlus className="size-4" aria-hidden="true" />}
          onPick={insertImage}
        />
      </div>
      {upload.fileName && (
        <UploadProgress fileName={upload.fileName} progress={upload.progress} onCancel={upload.cancel} />
      )}
      {upload.error && (
        <p role="alert" className="text-sm text-danger">
          {upload.error}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={cn('flex flex-col gap-1', pane !== 'write' && 'max-lg:hidden')}>
          <textarea
            ref={textarea}
            id={`${id}-body`}
            value={value}
            rows={18}
            spellCheck
            aria-invalid={isTooLong || undefined}
            aria-describedby={`${id}-count`}
            className={cn(
              'min-h-80 w-full rounded-[var(--radius-control)] border border-line bg-white px-3.5 py-2.5 text-ink',
              'font-mono text-sm leading-relaxed aria-[invalid=true]:border-danger',
            )}
            onChange={(event) => onChange(event.target.value)}
          />
          <p id={`${id}-count`} className={cn('text-xs', isTooLong ? 'text-danger' : 'text-ink-muted')}>
            {isTooLong
              ? `Too long to save: the lesson text can be at most ${count.format(LESSON_BODY_MAX)} characters (this one has ${count.format(value.length)}).`
              : `${count.format(value.length)} of ${count.format(LESSON_BODY_MAX)} characters`}
          </p>
        </div>
        <section
          aria-label="Preview"
          className={cn(
            'min-h-80 overflow-auto rounded-[var(--radius-control)] border border-line bg-moon-50 px-4 py-3',
            pane !== 'preview' && 'max-lg:hidden',
          )}
        >
          {preview.trim() ? (
            <Markdown>{preview}</Markdown>
          ) : (
            <p className="text-sm text-ink-muted">The preview of the lesson text shows here.</p>
          )}
        </section>
      </div>
    </div>
  );
}
