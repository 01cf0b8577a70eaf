import { levelTitle } from '@lunara/shared/points';
import type { ProfileDetail } from '@lunara/shared/profiles';
import { type FormEvent, useId, useState } from 'react';
import { AchievementBadge } from '../../../components/achievement-badge.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { BlockMemberButton } from '../../account/components/block-member-button.tsx';
import { ReportButton } from '../../moderation/components/report-button.tsx';
import { useProfile, useUpdateProfile } from '../api/profile.ts';
import { ProfilePhoto } from './profile-photo.tsx';

function ProfileView({ profile, onEdit }: { profile: ProfileDetail; onEdit: () => void }) {
  const { stats } = profile;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <Avatar name={profile.displayName} src={profile.avatarUrl} className="size-16 text-xl" />
        <div className="min-w-0">
          <p className="font-display text-2xl [overflow-wrap:anywhere] text-night-900">{profile.displayName}</p>
          <p className="text-sm text-rose-700">
            {levelTitle(stats.level)} · Level {stats.level}
          </p>
          <p className="text-xs text-ink-muted">Joined {formatLongDate(new Date(profile.createdAt))}</p>
        </div>
      </div>
      <p className="text-ink [overflow-wrap:anywhere] whitespace-pre-wrap">{profile.bio ?? 'No bio yet.'}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Total Points', stats.points],
          ['Posts', stats.postsCount],
          ['Comments', stats.commentsCount],
          ['Day Streak', stats.currentStreak],
        ].map(([label, value]) => (
          <div
            key={label}
            className="flex flex-col-reverse rounded-[var(--radius-control)] bg-moon-100 p-3 text-center"
          >
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd className="font-display text-2xl text-night-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section>
        <h3 className="text-lg text-night-900">Achievements</h3>
        <div className="mt-2 flex flex-wrap gap-2">
          {stats.badges.length === 0 ? (
            <p className="text-sm text-ink-muted">No badges yet.</p>
          ) : (
            stats.badges.map((badge) => <AchievementBadge key={badge} badge={badge} />)
          )}
        </div>
      </section>
      <section>
        <h3 className="text-lg text-night-900">Community Impact</h3>
        <ul className="mt-2 grid gap-1 text-sm text-ink-muted">
          <li>Likes received: {stats.likesReceived}</li>
          <li>Comments made: {stats.commentsCount}</li>
          <li>
            Community level: {levelTitle(stats.level)} (level {stats.level})
          </li>
        </ul>
      </section>
      {profile.isMe && (
        <Button className="self-start" onClick={onEdit}>
          Edit Profile
        </Button>
      )}
      {!profile.isMe && (
        <div className="flex flex-wrap gap-2 border-t border-line pt-4">
          <BlockMemberButton userId={profile.id} name={profile.displayName} />
          <ReportButton target={{ type: 'profile', id: profile.id }} withText />
        </div>
      )}
    </div>
  );
}

function ProfileForm({ profile, onDone }: { profile: ProfileDetail; onDone: () => void }) {
  const id = useId();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio ?? '');
  const update = useUpdateProfile();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { displayName, bio },
      {
        onSuccess: () => {
          toast.success('Profile updated successfully!');
          onDone();
        },
        onError: (error) => toast.error('Failed to update profile', { description: error.message }),
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">Photo</legend>
        <ProfilePhoto userId={profile.id} name={displayName || profile.displayName} avatarUrl={profile.avatarUrl} />
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Display name</Label>
        <Input
          id={`${id}-name`}
          value={displayName}
          maxLength={80}
          required
          onChange={(event) => setDisplayName(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-bio`}>Bio</Label>
        <Textarea id={`${id}-bio`} value={bio} maxLength={500} onChange={(event) => setBio(event.target.value)} />
      </div>
      <FormActions onCancel={onDone} isBusy={update.isPending} submitLabel="Save Changes" />
    </form>
  );
}

/** "Your Profile" for the member herself (editable), "{name}'s Profile" read-only for others. */
export function ProfileDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const profile = useProfile(userId);
  useErrorToast(profile.error, 'Failed to load profile');
  const [isEditing, setIsEditing] = useState(false);
  const close = () => {
    setIsEditing(false);
    onClose();
  };
  const title = !profile.data
    ? 'Profile'
    : profile.data.isMe
      ? 'Your Profile'
      : `${profile.data.displayName}'s Profile`;

  return (
    <Dialog open={Boolean(userId)} onOpenChange={(open) => !open && close()}>
      <DialogContent title={title} className="max-w-xl">
        {profile.isPending && <Spinner className="text-gold-500" />}
        {profile.isError && <LoadError message="Failed to load profile" query={profile} />}
        {profile.data &&
          (isEditing ? (
            <ProfileForm profile={profile.data} onDone={() => setIsEditing(false)} />
          ) : (
            <ProfileView profile={profile.data} onEdit={() => setIsEditing(true)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}
