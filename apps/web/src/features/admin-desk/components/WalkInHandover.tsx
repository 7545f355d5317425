import type { DeskWalkIn } from '@rebound/contract/pickup';
import { isPickupOpen } from '@rebound/core/orders';
import { formatShortCode } from '@rebound/core/pickup';
import { useId } from 'react';
import { Button } from '../../../components/ui/Button';
import { HandedOverNote, HandoverItems } from './HandoverItems';
import { HandoverFees, HandoverShopper, useHandover } from './handover';
import { IdCheck } from './IdCheck';

/**
 * The hand-over of a shopper who walked in without an appointment
 * (docs/decisions/080-pickup-missed-walk-ins.md): their paid orders in no booked visit, an explicit
 * 'ID checked' box, then each item handed over on its own. The server refuses while storage is owed.
 */
export function WalkInHandover({ items, onClose }: { items: DeskWalkIn[]; onClose: () => void }) {
  const a = items[0]!;
  const { checked, setChecked, error, done, heading, handOver, pendingOrderId } = useHandover(
    a.shopperEmail,
    () => new Set(),
  );
  const checkId = useId();
  const open = items.filter((i) => !done.has(i.orderId) && isPickupOpen(i.orderStatus));
  return (
    <section
      className="rounded-card border-2 border-brand-600 bg-white p-4"
      aria-labelledby="desk-walk-in"
      data-testid="desk-walk-in"
    >
      <h2
        id="desk-walk-in"
        ref={heading}
        tabIndex={-1}
        className="text-base font-bold text-ink-950 focus:outline-none"
      >
        Walk-in: {a.shopperName}
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        No appointment booked.
        {a.missedCode ? ` Missed the visit ${formatShortCode(a.missedCode)}.` : ''}
      </p>
      <HandoverShopper
        name={a.shopperName}
        email={a.shopperEmail}
        itemCount={items.length}
        handedOver={items.length - open.length}
      />
      <HandoverFees open={open} enabled={() => true} error={error} />
      {open.length > 0 ? (
        <IdCheck
          id={checkId}
          checked={checked}
          onChange={setChecked}
          shopperName={a.shopperName}
          className="mt-4"
        />
      ) : (
        <HandedOverNote>
          {items.length > 1 ? 'Every item handed over.' : 'Handed over. The order is completed.'}
        </HandedOverNote>
      )}
      <HandoverItems
        items={items}
        testId="desk-walk-in-items"
        handed={(i) => done.has(i.orderId) || !isPickupOpen(i.orderStatus)}
        canHandOver={() => true}
        disabled={!checked}
        pendingOrderId={pendingOrderId}
        onHandOver={handOver}
      />
      <Button variant="ghost" size="sm" className="mt-3" onClick={onClose}>
        Close
      </Button>
    </section>
  );
}
