import { formatBytes, type MediaKind, type StorageTotals } from '@lunara/shared/media';
import { HardDrive } from 'lucide-react';
import { LoadError } from '../../../components/load-error.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminStorage } from '../api/admin-api.ts';

const KIND_LABELS: Record<MediaKind, string> = {
  avatar: 'Profile photos',
  post_image: 'Post images',
  course_cover: 'Course covers',
  lesson_video: 'Lesson videos',
  lesson_file: 'Lesson files',
  lesson_image: 'Lesson pictures',
};

const filesText = (files: number) => `${files} ${files === 1 ? 'file' : 'files'}`;

/** The figures themselves, apart from loading, so that they can be rendered and checked on their own. */
export function StorageFigures({ totals }: { totals: StorageTotals }) {
  if (totals.files === 0) return <p className="text-sm text-ink-muted">Nothing has been uploaded yet.</p>;
  return (
    <div className="flex flex-col gap-5">
      <p>
        <span className="font-display text-3xl text-night-900">{formatBytes(totals.totalBytes)}</span>{' '}
        <span className="text-sm text-ink-muted">in {filesText(totals.files)}, every size and format counted</span>
      </p>
      <section className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold text-night-900">By kind</h4>
        <dl className="grid grid-cols-[1fr_auto_auto] gap-x-4 gap-y-1 text-sm">
          {totals.byKind
            .filter((kind) => kind.files > 0)
            .map((kind) => (
              <div key={kind.kind} className="contents">
                <dt>{KIND_LABELS[kind.kind]}</dt>
                <dd className="text-right font-semibold tabular-nums">{formatBytes(kind.bytes)}</dd>
                <dd className="text-right text-ink-muted tabular-nums">{filesText(kind.files)}</dd>
              </div>
            ))}
        </dl>
      </section>
      {totals.members.length > 0 && (
        <section className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold text-night-900">Members storing the most</h4>
          <table className="w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Size</th>
                <th scope="col">Files</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {totals.members.map((member) => (
                <tr key={member.userId}>
                  <th scope="row" className="py-1.5 pr-4 text-left font-normal [overflow-wrap:anywhere]">
                    {member.displayName}
                  </th>
                  <td className="py-1.5 pr-4 text-right font-semibold whitespace-nowrap tabular-nums">
                    {formatBytes(member.bytes)}
                  </td>
                  <td className="py-1.5 text-right whitespace-nowrap text-ink-muted tabular-nums">
                    {filesText(member.files)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

/** What uploads take up in storage: in all, by kind, and the members storing the most. */
export function StorageCard() {
  const storage = useAdminStorage();
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="flex items-center gap-2 text-xl text-night-900">
        <HardDrive className="size-5 text-rose-600" aria-hidden="true" /> Storage
      </h3>
      {storage.isPending && <Spinner className="text-gold-500" />}
      {storage.isError && <LoadError message="Failed to load storage totals" query={storage} />}
      {storage.data && <StorageFigures totals={storage.data} />}
    </Card>
  );
}
