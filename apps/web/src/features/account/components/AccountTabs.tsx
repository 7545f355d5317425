import { MY_BIDS_FILTERS, type MyBidsFilter } from '@rebound/contract/bidding';
import { CalendarClock, Eye, Gavel, Package } from 'lucide-react';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';

const TABS = ['bids', 'orders', 'appointments', 'watchlist'] as const;
type AccountTab = (typeof TABS)[number];

const asTab = (v: string | null): AccountTab => (TABS.includes(v as AccountTab) ? (v as AccountTab) : 'bids');
const asFilter = (v: string | null): MyBidsFilter =>
  MY_BIDS_FILTERS.includes(v as MyBidsFilter) ? (v as MyBidsFilter) : 'all';

/** The tabs' contents, from other features (composed by the app). */
export type AccountTabPanels = {
  /** My Bids for the filter in the URL; `filterHref` gives each filter's link. */
  renderBids: (filter: MyBidsFilter, filterHref: (filter: MyBidsFilter) => string) => ReactNode;
  orders: ReactNode;
  appointments: ReactNode;
  watchlist: ReactNode;
};

/**
 * The account's tabs, kept in the URL (/account?tab=bids&filter=winning), so
 * the header badges, links and the back button land on the right list. An unknown tab or filter
 * shows My Bids / All.
 */
export function AccountTabs({ renderBids, orders, appointments, watchlist }: AccountTabPanels) {
  const [params, setParams] = useSearchParams();
  const tab = asTab(params.get('tab'));
  const filter = asFilter(params.get('filter'));

  const filterHref = useCallback(
    (f: MyBidsFilter) => (f === 'all' ? '?tab=bids' : `?tab=bids&filter=${f}`),
    [],
  );
  const onTab = (next: string) =>
    setParams(next === 'bids' ? { tab: 'bids' } : { tab: next }, { replace: true });

  return (
    <Tabs value={tab} onValueChange={onTab} className="mt-8 sm:mt-10">
      {/* Four tabs: two rows of two on phones. */}
      <TabsList aria-label="Your account" className="max-w-2xl max-sm:grid-flow-row max-sm:grid-cols-2">
        <TabsTrigger value="bids">
          <Gavel aria-hidden="true" />
          My Bids
        </TabsTrigger>
        <TabsTrigger value="orders">
          <Package aria-hidden="true" />
          Orders
        </TabsTrigger>
        <TabsTrigger value="appointments">
          <CalendarClock aria-hidden="true" />
          Appointments
        </TabsTrigger>
        <TabsTrigger value="watchlist">
          <Eye aria-hidden="true" />
          Watchlist
        </TabsTrigger>
      </TabsList>
      <TabsContent value="bids" className="mt-6">
        {renderBids(filter, filterHref)}
      </TabsContent>
      <TabsContent value="orders" className="mt-6">
        {orders}
      </TabsContent>
      <TabsContent value="appointments" className="mt-6">
        {appointments}
      </TabsContent>
      <TabsContent value="watchlist" className="mt-6">
        {watchlist}
      </TabsContent>
    </Tabs>
  );
}
