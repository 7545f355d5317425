import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeskAction } from '../api';
import { DeskStorageFee } from './DeskStorageFee';

// What a visit's hand-over and a walk-in's have in common: the state staff work through (the ID
// checked, the items handed over, the last error), which starts over for the next shopper; the
// shopper's lines at the top; and each open item's storage fee with the error under them.

/**
 * The hand-over's state for the shopper named by `key`: when it changes, the ID box clears, the
 * handed-over items are read again (`initiallyDone`), `onStartOver` runs and the heading takes focus.
 */
export function useHandover(key: string, initiallyDone: () => ReadonlySet<string>, onStartOver?: () => void) {
  const action = useDeskAction();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ReadonlySet<string>>(initiallyDone);
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new shopper at the desk starts over
  useEffect(() => {
    setChecked(false);
    setError(null);
    setDone(initiallyDone());
    onStartOver?.();
    heading.current?.focus();
  }, [key]);
  /** Completes one order (`early`: before its booked day, on purpose); an error stays on screen. */
  const handOver = (orderId: string, early = false) => {
    setError(null);
    action
      .mutateAsync({ orderId, action: 'complete', early })
      .then(() => setDone((prev) => new Set([...prev, orderId])))
      .catch((e: unknown) => setError(errorMessageOf(e)));
  };
  const pendingOrderId = action.isPending ? action.variables?.orderId : undefined;
  return { checked, setChecked, error, done, heading, handOver, pendingOrderId };
}

/** The shopper's lines: name and email, then `between` (e.g. the booking), then the item count. */
export function HandoverShopper({
  name,
  email,
  itemCount,
  handedOver,
  between,
  after,
}: {
  name: string;
  email: string;
  itemCount: number;
  handedOver: number;
  between?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-y-1 text-sm">
      <dt className="text-ink-600">Shopper</dt>
      <dd className="font-semibold break-words text-ink-900">
        {name} <span className="font-normal text-ink-700">({email})</span>
      </dd>
      {between}
      <dt className="text-ink-600">Items</dt>
      <dd className="text-ink-900">
        {itemCount} ({handedOver} handed over)
      </dd>
      {after}
    </dl>
  );
}

/** Each open item's storage fee (asked for only when `enabled` says), then the last error. */
export function HandoverFees<T extends { orderId: string }>({
  open,
  enabled,
  error,
}: {
  open: T[];
  enabled: (item: T) => boolean;
  error: string | null;
}) {
  return (
    <>
      {open.map((i) => (
        <DeskStorageFee key={i.orderId} orderId={i.orderId} enabled={enabled(i)} />
      ))}
      {error ? (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
    </>
  );
}
