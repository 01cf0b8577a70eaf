import { CheckCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useMarkCategoryRead } from '../api/mark-topic-read.ts';

/** Clears every "New" and "3 new" of a category at once. */
export function MarkAllReadButton({ categoryId }: { categoryId: string }) {
  const mark = useMarkCategoryRead(categoryId);
  return (
    <Button
      variant="outline"
      disabled={mark.isPending}
      onClick={() =>
        mark.mutate(undefined, {
          onSuccess: () => toast.success('All topics marked as read'),
          onError: (error) => toast.error('Failed to mark topics as read', { description: error.message }),
        })
      }
    >
      <CheckCheck className="size-4" aria-hidden="true" /> Mark all as read
    </Button>
  );
}
