import { LogOut } from 'lucide-react';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/Button';
import { useSignOut } from '../../../lib/session';

type SignOutButtonProps = {
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
};

/** Signs out of every session; shows 'Logged out successfully' and goes home. */
export function SignOutButton({
  label = 'Sign out',
  variant = 'ghost',
  size = 'sm',
  block,
  className,
}: SignOutButtonProps) {
  const signOut = useSignOut();
  return (
    <Button
      variant={variant}
      size={size}
      block={block}
      className={className}
      loading={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      <LogOut aria-hidden="true" />
      {label}
    </Button>
  );
}
