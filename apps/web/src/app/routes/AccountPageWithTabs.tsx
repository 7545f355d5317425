import { AccountPage } from '../../features/account/components/AccountPage';
import { MyBidsPanel } from '../../features/bidding/components/MyBidsPanel';
import { OrdersPanel } from '../../features/orders/components/OrdersPanel';
import { AppointmentsPanel } from '../../features/pickup/components/AppointmentsPanel';
import { OrderReturn } from '../../features/returns/components/OrderReturn';
import { SavedSearchesPanel } from '../../features/saved-searches/components/SavedSearchesPanel';
import { SignOutButton } from '../../features/session/components/SignOutButton';
import { WatchlistPanel } from '../../features/watchlist/components/WatchlistPanel';

/** The account page with the bidding feature's My Bids, the orders feature's Orders (with the returns feature's part of each order), the pickup feature's Appointments and the watchlist in its tabs. */
export default function AccountPageWithTabs() {
  return (
    <AccountPage
      headerActions={<SignOutButton label="Logout" variant="secondary" size="md" />}
      tabs={{
        renderBids: (filter, filterHref) => <MyBidsPanel filter={filter} filterHref={filterHref} />,
        orders: <OrdersPanel renderReturn={(order) => <OrderReturn order={order} />} />,
        appointments: <AppointmentsPanel />,
        watchlist: <WatchlistPanel />,
      }}
      savedSearches={<SavedSearchesPanel />}
    />
  );
}
