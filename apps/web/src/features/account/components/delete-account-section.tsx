import { DELETE_CONFIRMATION_WORD, FORMER_MEMBER_NAME } from '@lunara/shared/account-data';
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/account-data.ts';
import { SettingsSection } from './settings-section.tsx';

const WHAT_HAPPENS = [
  'Your subscription is cancelled straight away with our payment provider. No further payments are taken.',
  'Your profile, photo, email address, rituals and notes, course progress, points and badges, saved baths, and everything else in your account are erased.',
  `Messages you sent stay with the people you sent them to, shown as from “${FORMER_MEMBER_NAME}”.`,
  'You are signed out everywhere, and signing in with your email address will no longer find an account.',
];

/** The screen that says exactly what deleting does, then asks for her choice, her password and the word. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const remove = useDeleteAccount();
  const [keepContent, setKeepContent] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ choice?: string; password?: string; confirmation?: string; form?: string }>(
    {},
  );
  const [deleted, setDeleted] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (keepContent === null) found.choice = 'Choose what happens to your posts and replies';
    if (!password) found.password = 'Enter your password';
    if (confirmation.trim() !== DELETE_CONFIRMATION_WORD)
      found.confirmation = `Type ${DELETE_CONFIRMATION_WORD} to confirm`;
    setErrors(found);
    if (Object.keys(found).length > 0 || keepContent === null || remove.isPending) return;
    remove.mutate(
      { password, keepContent, confirmation: DELETE_CONFIRMATION_WORD },
      {
        onSuccess: () => setDeleted(true),
        onError: (error) => {
          const message = error.message;
          if (error instanceof ApiError && error.code !== 'BUSY' && /password/i.test(message)) {
            setErrors({ password: message });
          } else {
            setErrors({ form: message });
          }
        },
      },
    );
  }

  if (deleted) {
    return (
      <DialogContent title="Your account has been deleted" description="Thank you for being part of Lunara.">
        <div className="flex flex-col gap-4">
          <p className="text-ink">Everything in your account has been erased. We wish you well on your path.</p>
          <Button className="self-end" onClick={() => window.location.replace(paths.home.getHref())}>
            Go to the home page
          </Button>
        </div>
      </DialogContent>
    );
  }

  const describedBy = (field: string, error: string | undefined) => (error ? `${id}-${field}-error` : undefined);
  return (
    <DialogContent
      title="Delete your account?"
      description="This cannot be undone. Please read what happens before you go on."
      className="max-w-xl"
    >
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-ink">
          {WHAT_HAPPENS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>

        <fieldset className="flex flex-col gap-2" aria-describedby={describedBy('choice', errors.choice)}>
          <legend className="mb-1 text-sm font-medium text-ink">Your posts, comments, forum topics and replies</legend>
          <label className="flex items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-rose-600">
            <input
              type="radio"
              name={`${id}-content`}
              className="mt-1"
              checked={keepContent === true}
              onChange={() => setKeepContent(true)}
            />
            <span className="text-sm">
              <span className="block font-medium text-night-900">Keep them, as “{FORMER_MEMBER_NAME}”</span>
              <span className="text-ink-muted">Others can still read them; your name and photo are removed.</span>
            </span>
          </label>
          <label className="flex items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-rose-600">
            <input
              type="radio"
              name={`${id}-content`}
              className="mt-1"
              checked={keepContent === false}
              onChange={() => setKeepContent(false)}
            />
            <span className="text-sm">
              <span className="block font-medium text-night-900">Delete them</span>
              <span className="text-ink-muted">
                Replies other members wrote under your posts and topics go with them.
              </span>
            </span>
          </label>
          <FieldError id={`${id}-choice-error`} message={errors.choice} />
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-password`}>Your password</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy('password', errors.password)}
          />
          <FieldError id={`${id}-password-error`} message={errors.password} />
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-confirmation`}>
            Type <span className="font-semibold">{DELETE_CONFIRMATION_WORD}</span> to confirm
          </Label>
          <Input
            id={`${id}-confirmation`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            aria-invalid={errors.confirmation ? true : undefined}
            aria-describedby={describedBy('confirmation', errors.confirmation)}
          />
          <FieldError id={`${id}-confirmation-error`} message={errors.confirmation} />
        </div>

        <FieldError id={`${id}-form-error`} message={errors.form} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete my account for good'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

/** "Delete my account": what it means in a sentence, and the button that opens the full screen. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="delete-account-section"
      title="Delete my account"
      description="Leave Lunara for good. Your subscription is cancelled and your personal data erased. This cannot be undone."
    >
      <div className="flex flex-col gap-3">
        <p className="flex items-start gap-2 text-sm text-ink">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          If you might want your posts, notes or progress later, export your data first.
        </p>
        <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
      </Dialog>
    </SettingsSection>
  );
}
