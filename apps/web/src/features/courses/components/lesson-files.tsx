import type { LessonFile } from '@lunara/shared/courses';
import { formatBytes } from '@lunara/shared/media';
import { Download, FileAudio, FileImage, FileText } from 'lucide-react';

/** "PDF", "MP3", "M4A": what she is about to download, in the words a file manager uses. */
export function fileTypeLabel(file: Pick<LessonFile, 'contentType' | 'fileName'>): string {
  const extension = file.fileName.match(/\.([a-z0-9]{1,5})$/i)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = file.contentType.split('/')[1]?.split(';')[0];
  return subtype ? subtype.toUpperCase() : 'File';
}

const iconOf = (contentType: string) =>
  contentType.startsWith('audio/') ? FileAudio : contentType.startsWith('image/') ? FileImage : FileText;

/** The lesson's workbooks and meditations, each a download with its type and size. */
export function LessonFiles({ files }: { files: LessonFile[] }) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="lesson-files-title" className="flex flex-col gap-3">
      <h2 id="lesson-files-title" className="text-xl text-night-900">
        Files for this lesson
      </h2>
      <ul className="flex flex-col gap-2">
        {files.map((file) => {
          const Icon = iconOf(file.contentType);
          const details = `${fileTypeLabel(file)}, ${formatBytes(file.byteSize)}`;
          return (
            <li key={file.id}>
              <a
                href={file.url}
                download={file.fileName}
                className="flex items-center gap-3 rounded-[var(--radius-control)] border border-line bg-white px-4 py-3 hover:border-gold-400 hover:bg-moon-100"
              >
                <Icon className="size-5 shrink-0 text-rose-600" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium [overflow-wrap:anywhere] text-ink">{file.fileName}</span>
                  <span className="block text-sm text-ink-muted">{details}</span>
                </span>
                <Download className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
                <span className="sr-only">(download)</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
