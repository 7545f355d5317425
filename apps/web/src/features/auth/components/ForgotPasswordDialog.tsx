import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { RequestResetForm } from './RequestResetForm';

type ForgotPasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
};

/** 'Forgot password?': emails a reset link (the same answer for any email, on purpose). */
export function ForgotPasswordDialog({ open, onOpenChange, defaultEmail }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md p-6 sm:p-8">
        <DialogTitle className="pr-10 text-xl font-bold tracking-tight text-ink-950">
          Reset your password
        </DialogTitle>
        <DialogDescription className="mt-1 mb-6 text-sm text-ink-600">
          Enter the email you signed up with and we'll send you a link to choose a new password.
        </DialogDescription>
        <RequestResetForm defaultEmail={defaultEmail} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
