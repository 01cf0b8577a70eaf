import { LogOut } from 'lucide-react';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSignOut } from '../api/sign-out.ts';

export function SignOutButton({ variant = 'outline' }: { variant?: ButtonVariant }) {
  const signOut = useSignOut();
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onError: (error) => toast.error('Sign out failed', { description: error.message }),
        })
      }
    >
      <LogOut aria-hidden="true" className="size-4" />
      Sign Out
    </Button>
  );
}
