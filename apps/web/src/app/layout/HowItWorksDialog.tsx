import { ArrowRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { ButtonLink } from '../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/Dialog';
import { HowItWorksSteps } from '../../features/home/components/HowItWorksSteps';

type HowItWorksDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
};

/** The header's 'How it Works': the three steps from browsing to pickup. */
export function HowItWorksDialog({ open, onOpenChange, onCloseAutoFocus }: HowItWorksDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg bg-canvas p-6 sm:p-8" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="pr-10 text-2xl font-bold tracking-tight text-ink-950">
          How it Works
        </DialogTitle>
        <DialogDescription className="mt-1 text-sm text-ink-600">
          Win great finds in three simple steps.
        </DialogDescription>
        <div className="mt-6">
          <HowItWorksSteps />
        </div>
        <DialogClose asChild>
          <ButtonLink to="/shop" size="lg" block className="mt-6">
            Start browsing
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
