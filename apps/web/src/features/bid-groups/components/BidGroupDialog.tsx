import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { toast } from '../../../lib/toast';
import type { GroupLotChoice } from '../lots';
import { winTitle } from '../words';
import { BidGroupBuilder } from './BidGroupBuilder';

/** Where My Bids lists the groups (the account's My Bids tab; the section's id). */
export const MY_GROUPS_PATH = '/account?tab=bids#bid-groups';

/**
 * The builder in a dialog (loaded on the first open: the product page and the shop do not carry it).
 * On success it closes, says so and goes to the group in My Bids.
 */
export default function BidGroupDialog({
  open,
  onOpenChange,
  lots,
  title = 'Win one of these',
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lots: readonly GroupLotChoice[];
  title?: string;
  /** Called after the group was made, before leaving for My Bids (the tray forgets its picks). */
  onCreated?: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl p-4 sm:p-6">
        <DialogTitle className="pr-12 text-xl font-bold tracking-tight text-ink-950">{title}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-ink-700">
          Choose the lots and your maximum: the group bids for you and stops when you have what you asked for.
        </DialogDescription>
        <div className="mt-5">
          <BidGroupBuilder
            lots={lots}
            onCreated={(group) => {
              onCreated?.();
              onOpenChange(false);
              toast.success(`Group started: ${winTitle(group.winAtMost).toLowerCase()}.`);
              void navigate(MY_GROUPS_PATH);
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
