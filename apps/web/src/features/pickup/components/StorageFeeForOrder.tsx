import { useMyStorageFees, usePayStorageFees } from '../storage-fee-api';
import { StorageFeeSummary } from './StorageFeeSummary';

/** The pickup page's storage fee for one order, from GET /api/me/storage-fees. */
export function StorageFeeForOrder({ orderId }: { orderId: string }) {
  const fees = useMyStorageFees();
  const pay = usePayStorageFees();
  const line = fees.data?.lines.find((l) => l.orderId === orderId);
  return (
    <StorageFeeSummary
      line={line}
      onPay={(id) => pay.mutate([id])}
      paying={pay.isPending}
      error={pay.error}
    />
  );
}
