import { type LedgerResponse, STORAGE_FEE_API } from '@rebound/contract/storage-fees';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api-client';
import { useRefetchOnOrdersChanged } from '../../lib/orders-changed';
import { USER_SCOPE } from '../../lib/query-scope';

const ledgerKey = [USER_SCOPE, 'ledger'] as const;

/** GET /api/account/ledger, refetched when the shopper's orders change (paid, refunded, fees settled). */
export function useLedger() {
  const query = useQuery({
    queryKey: ledgerKey,
    queryFn: ({ signal }) => getJson<LedgerResponse>(STORAGE_FEE_API.ledger, signal),
  });
  useRefetchOnOrdersChanged(ledgerKey, true);
  return query;
}
