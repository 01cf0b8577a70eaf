import { updateProfileBodySchema } from '@lunara/shared/profiles';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { ProfilePhoto } from '../../profiles/components/profile-photo.tsx';
import { useUpdateAccountProfile } from '../api/account-settings.ts';
import { SettingsSection } from './settings-section.tsx';

/** Her name (on posts, in messages, on certificates), bio and photo: the profile dialog's controls, for every account. */
export function ProfileSection() {
  const { user } = useMe();
  if (!user) return null;
  return (
    <SettingsSection
      id="profile-section"
      title="Profile"
      description="Your name appears on your posts, in messages and on your certificates."
    >
      <ProfileForm
        key={`${user.profile.displayName}\u0000${user.profile.bio ?? ''}`}
        userId={user.id}
        displayName={user.profile.displayName}
        bio={user.profile.bio}
        avatarUrl={user.profile.avatarUrl}
      />
    </SettingsSection>
  );
}

function ProfileForm(props: { userId: string; displayName: string; bio: string | null; avatarUrl: string | null }) {
  const id = useId();
  const [displayName, setDisplayName] = useState(props.displayName);
  const [bio, setBio] = useState(props.bio ?? '');
  const [error, setError] = useState<string>();
  const update = useUpdateAccountProfile();
  const changed = displayName !== props.displayName || bio !== (props.bio ?? '');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = updateProfileBodySchema.safeParse({ displayName, bio });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { displayName, bio },
      {
        onSuccess: () => toast.success('Your profile is saved'),
        onError: (failure) => toast.error('Your profile was not saved', { description: failure.message }),
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">Photo</legend>
        <ProfilePhoto userId={props.userId} name={displayName || props.displayName} avatarUrl={props.avatarUrl} />
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Your name</Label>
        <Input
          id={`${id}-name`}
          value={displayName}
          maxLength={80}
          required
          autoComplete="name"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-name-error` : undefined}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <FieldError id={`${id}-name-error`} message={error} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-bio`}>Bio</Label>
        <Textarea id={`${id}-bio`} value={bio} maxLength={500} onChange={(event) => setBio(event.target.value)} />
      </div>
      <Button type="submit" className="self-start" disabled={update.isPending || !changed}>
        {update.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
