import { Button } from '../../../components/ui/button.tsx';

/**
 * After a sign-up that started no session: the address already has an account and its owner was
 * emailed. The screen says no more than that email does, so it tells a stranger nothing new.
 */
export function CheckEmailNotice({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <div role="status" className="flex flex-col gap-5">
      <p className="text-ink">
        We sent a message to <strong className="break-all">{email}</strong> with the next step. Open it to continue; if
        it has not arrived in a few minutes, look in your spam folder.
      </p>
      <Button size="lg" onClick={onBack} className="w-full">
        Back to login
      </Button>
    </div>
  );
}
