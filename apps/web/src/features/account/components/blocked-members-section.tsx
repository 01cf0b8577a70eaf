import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useBlockedMembers, useSetBlocked } from '../api/blocks.ts';
import { SettingsSection } from './settings-section.tsx';

/** The members she blocked, newest first, 20 at a time, each with Unblock. */
export function BlockedMembersSection() {
  const list = useBlockedMembers();
  const setBlocked = useSetBlocked();
  const members = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <SettingsSection
      id="blocked-members-section"
      title="Blocked members"
      description="Members you blocked can't message you, and you don't see each other's posts, comments or replies. They are never told."
    >
      {list.isPending && <Spinner className="text-gold-500" />}
      {list.isError && <LoadError message="Could not load the members you blocked" query={list} />}
      {list.data && members.length === 0 && <p className="text-sm text-ink-muted">You haven't blocked anyone.</p>}
      {members.length > 0 && (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col divide-y divide-line" aria-label="Blocked members">
            {members.map(({ member, blockedAt }) => {
              const unblocking = setBlocked.isPending && setBlocked.variables?.userId === member.id;
              return (
                <li key={member.id} className="flex items-center gap-3 py-3">
                  <Avatar name={member.displayName} src={member.avatarUrl} className="size-10" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-night-900">{member.displayName}</p>
                    <p className="text-xs text-ink-muted">Blocked {formatLongDate(new Date(blockedAt))}</p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Unblock ${member.displayName}`}
                    disabled={unblocking}
                    onClick={() =>
                      setBlocked.mutate(
                        { userId: member.id, blocked: false },
                        {
                          onSuccess: () => toast.success(`You unblocked ${member.displayName}`),
                          onError: (error) => toast.error('Could not unblock', { description: error.message }),
                        },
                      )
                    }
                  >
                    {unblocking ? 'Unblocking...' : 'Unblock'}
                  </Button>
                </li>
              );
            })}
          </ul>
          <LoadMoreButton query={list} />
        </div>
      )}
    </SettingsSection>
  );
}
