import { ROLES, type Role } from '@lunara/shared/roles-constants';
import { Download, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useLiftSuspension } from '../../moderation/api/suspensions.ts';
import { SuspendMemberDialog } from '../../moderation/components/suspend-member-dialog.tsx';
import { assignRole, useAdminMutation, useAdminUsers } from '../api/admin-api.ts';
import { MEMBER_EXPORT_URL } from '../api/member-admin-api.ts';
import { MemberDetailDialog } from './member-detail-dialog.tsx';

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', moderator: 'Moderator', user: 'User' };
const FILTERS = [
  { value: 'all', label: 'All Roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];
const ROLE_OPTIONS = (['user', 'moderator', 'admin'] as const).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

const suspendedUntil = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** "User Management": search, role filter, and the role selector on every row. */
export function UserManagement() {
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('all');
  const deferredSearch = useDeferredValue(search.trim());
  const users = useAdminUsers(deferredSearch, roleFilter === 'all' ? undefined : (roleFilter as Role));
  useErrorToast(users.error, 'Failed to fetch users');
  const changeRole = useAdminMutation(assignRole);
  const me = useMe().user;
  const liftSuspension = useLiftSuspension();
  const [suspending, setSuspending] = useState<{ id: string; name: string } | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-title" className="text-2xl text-night-900">
          User Management
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={MEMBER_EXPORT_URL} download>
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </a>
        </Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search className="absolute top-3.5 left-3 size-4 text-ink-muted" aria-hidden="true" />
          <Input
            aria-label="Search users by name or email"
            placeholder="Search by name or email..."
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Select
          aria-label="Filter by role"
          value={roleFilter}
          onValueChange={setRoleFilter}
          options={FILTERS}
          className="sm:w-48"
        />
      </div>
      {users.isPending && <Spinner className="text-gold-500" />}
      {users.isError && <LoadError message="Failed to fetch users" query={users} />}
      {users.isSuccess && items.length === 0 && <p className="p-6 text-center text-ink-muted">No users found</p>}
      <ul className="flex flex-col gap-3">
        {items.map((member) => (
          <li
            key={member.id}
            className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4 sm:flex-row sm:items-center"
          >
            <Avatar name={member.displayName || 'Unnamed User'} className="size-10" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                  {member.displayName || 'Unnamed User'}
                </span>
                <Badge tone={member.role === 'admin' ? 'night' : member.role === 'moderator' ? 'rose' : 'muted'}>
                  {ROLE_LABELS[member.role]}
                </Badge>
                <Badge tone={member.membershipStatus === 'active' ? 'gold' : 'muted'}>
                  {member.membershipStatus === 'active' ? 'Active' : 'Inactive'}
                </Badge>
                {member.suspension && (
                  <Badge tone="rose" title={member.suspension.reason}>
                    {member.suspension.endsAt
                      ? `Suspended until ${suspendedUntil.format(new Date(member.suspension.endsAt))}`
                      : 'Banned'}
                  </Badge>
                )}
              </p>
              <p className="text-sm text-ink [overflow-wrap:anywhere]">{member.email}</p>
              <p className="truncate text-sm text-ink-muted">{member.bio || 'No bio available'}</p>
              <p className="text-xs text-ink-muted">Joined {relativeTime(member.createdAt)}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Details of ${member.displayName || 'Unnamed User'}`}
              onClick={() => setOpened(member.id)}
            >
              Details
            </Button>
            <Select
              aria-label={`Role of ${member.displayName || 'Unnamed User'}`}
              value={member.role}
              disabled={changeRole.isPending}
              options={ROLE_OPTIONS}
              className="sm:w-40"
              onValueChange={(role) =>
                changeRole.mutate(
                  { userId: member.id, role: role as Role },
                  {
                    onSuccess: () => toast.success(`User role updated to ${role}`),
                    onError: (error) => toast.error('Failed to update user role', { description: error.message }),
                  },
                )
              }
            />
            {member.suspension ? (
              <ConfirmButton
                variant="outline"
                label={`Lift the suspension of ${member.displayName || 'Unnamed User'}`}
                title={`Lift the suspension of ${member.displayName || 'Unnamed User'}?`}
                description="She can sign in again at once. The suspension stays in her history and the audit log."
                confirmLabel="Lift suspension"
                onConfirm={() =>
                  liftSuspension.mutate(member.id, {
                    onSuccess: () => toast.success(`${member.displayName || 'Unnamed User'} can sign in again`),
                    onError: (error) => toast.error('Could not lift the suspension', { description: error.message }),
                  })
                }
              >
                Lift suspension
              </ConfirmButton>
            ) : (
              member.role !== 'admin' &&
              member.id !== me?.id && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Suspend ${member.displayName || 'Unnamed User'}`}
                  onClick={() => setSuspending({ id: member.id, name: member.displayName || 'Unnamed User' })}
                >
                  Suspend
                </Button>
              )
            )}
          </li>
        ))}
      </ul>
      <LoadMoreButton query={users} />
      {opened && <MemberDetailDialog userId={opened} onClose={() => setOpened(null)} />}
      {suspending && (
        <SuspendMemberDialog
          member={suspending}
          actorRole={me?.role ?? 'admin'}
          open
          onClose={() => setSuspending(null)}
        />
      )}
    </section>
  );
}
