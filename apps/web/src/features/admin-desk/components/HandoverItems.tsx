import type { DeskAppointment } from '@rebound/contract/pickup';
import { CircleCheck, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';

/** What the desk's item list shows of an order; a walk-in's rows also name their location. */
export type HandoverRow = Pick<
  DeskAppointment,
  'orderId' | 'productTitle' | 'sku' | 'orderNumber' | 'readyAt' | 'deskNotes' | 'orderStatus'
> & { locationName?: string };

/**
 * The items of a hand-over (a booked visit's or a walk-in's), each with its SKU, order number and
 * shelf, and its own 'Hand over' button (waiting for the ID check: `disabled`), or a badge once it
 * is handed over or when its order cannot be handed over. `actions` adds buttons after an item that
 * may still be handed over (the visit's missing or damaged marks).
 */
export function HandoverItems<T extends HandoverRow>({
  items,
  testId,
  handed,
  canHandOver,
  disabled,
  pendingOrderId,
  onHandOver,
  completeWhenOne = false,
  actions,
}: {
  items: readonly T[];
  testId: string;
  handed: (item: T) => boolean;
  canHandOver: (item: T) => boolean;
  disabled: boolean;
  /** The order whose hand-over is being sent. */
  pendingOrderId: string | undefined;
  onHandOver: (orderId: string) => void;
  /** One item: its button says 'Complete hand-over'. */
  completeWhenOne?: boolean;
  actions?: (item: T) => ReactNode;
}) {
  return (
    <ul className="mt-4 divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200" data-testid={testId}>
      {items.map((i) => {
        const isHanded = handed(i);
        const open = canHandOver(i);
        return (
          <li key={i.orderId} className="flex flex-wrap items-center gap-3 px-3 py-2.5 text-sm">
            <div className="min-w-0 flex-1 basis-64">
              <p className="font-medium break-words text-ink-900">{i.productTitle}</p>
              <p className="text-ink-700">
                <span className="font-mono">{i.sku}</span> · #{i.orderNumber}
                {i.locationName ? ` · ${i.locationName}` : ''}
                {i.readyAt ? ' · staged' : ' · fetch from the shelves'}
              </p>
              {i.deskNotes ? <p className="text-xs text-ink-700">Shelf: {i.deskNotes}</p> : null}
            </div>
            {isHanded ? (
              <Badge tone="neutral">
                <CircleCheck aria-hidden="true" /> Handed over
              </Badge>
            ) : !open ? (
              <Badge tone="neutral">{i.orderStatus.replaceAll('_', ' ')}</Badge>
            ) : (
              <Button
                size="sm"
                disabled={disabled}
                loading={pendingOrderId === i.orderId}
                onClick={() => onHandOver(i.orderId)}
              >
                <UserCheck aria-hidden="true" />
                {completeWhenOne && items.length === 1 ? (
                  'Complete hand-over'
                ) : (
                  <>
                    Hand over<span className="sr-only">: {i.productTitle}</span>
                  </>
                )}
              </Button>
            )}
            {!isHanded && open && actions ? actions(i) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The hand-over's closing line once nothing is left to hand over. */
export function HandedOverNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-4 flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800"
    >
      <CircleCheck className="size-4" aria-hidden="true" />
      {children}
    </p>
  );
}
