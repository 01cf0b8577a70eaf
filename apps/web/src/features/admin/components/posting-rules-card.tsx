import { MailCheck } from 'lucide-react';
import { useId } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { usePostingRules, useSetPostingRules } from '../../account/api/account-settings.ts';

/** The owner's "Require a verified email before posting" (audited; applies at once). */
export function PostingRulesCard() {
  const id = useId();
  const rules = usePostingRules();
  const set = useSetPostingRules();
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="flex items-center gap-2 text-xl text-night-900">
        <MailCheck className="size-5 text-rose-600" aria-hidden="true" /> Posting
      </h3>
      {rules.isPending && <Spinner className="text-gold-500" />}
      {rules.isError && <LoadError message="Could not load the posting rules" query={rules} />}
      {rules.data && (
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-verified`} className="flex flex-col gap-1">
            <span>Require a verified email before posting</span>
            <span id={`${id}-hint`} className="text-sm font-normal text-ink-muted">
              Members who have not confirmed their email can read, but not post, comment, reply or send messages.
            </span>
          </Label>
          <Switch
            id={`${id}-verified`}
            aria-describedby={`${id}-hint`}
            checked={set.isPending ? set.variables.requireVerifiedEmail : rules.data.requireVerifiedEmail}
            disabled={set.isPending}
            onCheckedChange={(checked) =>
              set.mutate(
                { requireVerifiedEmail: checked },
                {
                  onSuccess: () =>
                    toast.success(checked ? 'A confirmed email is now required to post' : 'Everyone can post again'),
                  onError: (error) => toast.error('The setting was not saved', { description: error.message }),
                },
              )
            }
          />
        </div>
      )}
    </Card>
  );
}
