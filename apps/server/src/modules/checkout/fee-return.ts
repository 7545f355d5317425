// Where a storage-fee payment leaves the shopper (docs/decisions/059-storage-fees-and-ledger.md).
/**
 * Where a storage-fee payment returns to (its cancel link, the test page's 'Cancel', the receipt):
 * the pickup page of its one order, where the fee is paid, or the account's pickups for several.
 */
export function feeReturnPath(orderIds: readonly string[]): string {
  return orderIds.length === 1 ? `/pickup-schedule/${orderIds[0]}` : '/account?tab=appointments';
}
