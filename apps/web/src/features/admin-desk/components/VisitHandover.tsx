import type { DeskMarkResponse } from '@rebound/contract/desk-marks';
import type { DeskAppointment } from '@rebound/contract/pickup';
import { isPickupOpen } from '@rebound/core/orders';
import { formatShortCode } from '@rebound/core/pickup';
import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { formatDateKey } from '../../../lib/format-date';
import { DeskMarkActions } from './DeskMark';
import { DeskStorageTotal } from './DeskStorageFee';
import { HandedOverNote, HandoverItems } from './HandoverItems';
import { HandoverFees, HandoverShopper, useHandover } from './handover';
import { IdCheck } from './IdCheck';

/**
 * The hand-over of a visit: who, every item with its shelf and SKU, an explicit 'ID checked' box
 * (once for the visit), then each item handed over on its own (each order completed by itself; the
 * visit is complete when all are).
 */
export function VisitHandover({
  items,
  onDone,
  onMarked,
}: {
  items: DeskAppointment[];
  onDone: (a: DeskAppointment[] | null) => void;
  onMarked: (answer: DeskMarkResponse, a: DeskAppointment) => void;
}) {
  const a = items[0]!;
  // Before the booked day (the server counts the days): staff hand over only on purpose.
  const early = a.daysEarly > 0 && a.status === 'scheduled';
  const [earlyOk, setEarlyOk] = useState(false);
  const { checked, setChecked, error, done, heading, handOver, pendingOrderId } = useHandover(
    a.appointmentId,
    () => new Set(items.filter((i) => !isPickupOpen(i.orderStatus)).map((i) => i.orderId)),
    () => setEarlyOk(false),
  );
  const checkId = useId();
  const earlyId = useId();
  const open = items.filter((i) => !done.has(i.orderId));
  return (
    <section className="rounded-card border-2 border-brand-600 bg-white p-4" aria-labelledby="desk-handover">
      <h2
        id="desk-handover"
        ref={heading}
        tabIndex={-1}
        className="text-base font-bold text-ink-950 focus:outline-none"
      >
        Hand over: {a.shortCode ? formatShortCode(a.shortCode) : `order #${a.orderNumber}`}
      </h2>
      <HandoverShopper
        name={a.shopperName}
        email={a.shopperEmail}
        itemCount={items.length}
        handedOver={items.length - open.length}
        between={
          <>
            <dt className="text-ink-600">Booked</dt>
            <dd className="text-ink-900">
              {formatDateKey(a.date)}, {a.timeLabel}
            </dd>
          </>
        }
        after={<DeskStorageTotal items={items} />}
      />
      <HandoverFees open={open} enabled={(i) => isPickupOpen(i.orderStatus)} error={error} />
      {open.length > 0 ? (
        <div className="mt-4 flex flex-col gap-3">
          {early ? (
            <div
              className="flex flex-col gap-2.5 rounded-xl bg-gold-100 p-3 text-sm ring-1 ring-gold-800/20 ring-inset"
              data-testid="desk-early"
            >
              <p className="flex items-start gap-2 font-semibold text-ink-950">
                <CalendarClock className="mt-0.5 size-4 shrink-0 text-gold-800" aria-hidden="true" />
                <span>
                  Early: this pickup is booked for {formatDateKey(a.date)}, {a.timeLabel} (
                  {a.daysEarly === 1 ? 'tomorrow' : `in ${a.daysEarly} days`}), not today.
                </span>
              </p>
              <label htmlFor={earlyId} className="flex items-start gap-3">
                <input
                  id={earlyId}
                  type="checkbox"
                  className="mt-0.5 size-5 accent-brand-700"
                  checked={earlyOk}
                  onChange={(e) => setEarlyOk(e.target.checked)}
                />
                <span>
                  <span className="font-semibold text-ink-900">Hand over early</span>
                  <span className="block text-ink-700">
                    The shopper came before their booked day and I hand the item over on purpose.
                  </span>
                </span>
              </label>
            </div>
          ) : null}
          <IdCheck id={checkId} checked={checked} onChange={setChecked} shopperName={a.shopperName} />
        </div>
      ) : (
        <HandedOverNote>
          {items.length > 1
            ? 'Every item handed over. The visit is complete.'
            : 'Handed over. The order is completed.'}
        </HandedOverNote>
      )}
      <HandoverItems
        items={items}
        testId="desk-items"
        handed={(i) => done.has(i.orderId)}
        canHandOver={(i) => isPickupOpen(i.orderStatus)}
        disabled={!checked || (early && !earlyOk)}
        pendingOrderId={pendingOrderId}
        onHandOver={(orderId) => handOver(orderId, early && earlyOk)}
        completeWhenOne
        actions={(i) => <DeskMarkActions appointment={i} onMarked={onMarked} />}
      />
      <Button variant="ghost" size="sm" className="mt-3" onClick={() => onDone(null)}>
        Close
      </Button>
    </section>
  );
}
