import type { DeskWalkIn } from '@rebound/contract/pickup';
import { isPickupOpen } from '@rebound/core/orders';
import { formatShortCode } from '@rebound/core/pickup';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeskAction } from '../api';
import { DeskStorageFee } from './DeskStorageFee';
import { HandedOverNote, HandoverItems } from './HandoverItems';
import { IdCheck } from './IdCheck';

/**
 * The hand-over of a shopper who walked in without an appointment
 * (docs/decisions/080-pickup-missed-walk-ins.md): their paid orders in no booked visit, an explicit
 * 'ID checked' box, then each item handed over on its own. The server refuses while storage is owed.
 */
export function WalkInHandover({ items, onClose }: { items: DeskWalkIn[]; onClose: () => void }) {
  const a = items[0]!;
  const action = useDeskAction();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);
  const checkId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new shopper at the desk starts over
  useEffect(() => {
    setChecked(false);
    setError(null);
    setDone(new Set());
    heading.current?.focus();
  }, [a.shopperEmail]);
  const open = items.filter((i) => !done.has(i.orderId) && isPickupOpen(i.orderStatus));
  const handOver = (orderId: string) => {
    setError(null);
    action
      .mutateAsync({ orderId, action: 'complete' })
      .then(() => setDone((prev) => new Set([...prev, orderId])))
      .catch((e: unknown) => setError(errorMessageOf(e)));
  };
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
      <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-y-1 text-sm">
        <dt className="text-ink-600">Shopper</dt>
        <dd className="font-semibold break-words text-ink-900">
          {a.shopperName} <span className="font-normal text-ink-700">({a.shopperEmail})</span>
        </dd>
        <dt className="text-ink-600">Items</dt>
        <dd className="text-ink-900">
          {items.length} ({items.length - open.length} handed over)
        </dd>
      </dl>
      {open.map((i) => (
        <DeskStorageFee key={i.orderId} orderId={i.orderId} enabled />
      ))}
      {error ? (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
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
        pendingOrderId={action.isPending ? action.variables?.orderId : undefined}
        onHandOver={handOver}
      />
      <Button variant="ghost" size="sm" className="mt-3" onClick={onClose}>
        Close
      </Button>
    </section>
  );
}
