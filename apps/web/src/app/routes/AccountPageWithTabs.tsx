import { AccountPage } from '../../features/account/components/AccountPage';
import { BidGroupsPanel } from '../../features/bid-groups/components/BidGroupsPanel';
import { PickedTray } from '../../features/bid-groups/components/PickedTray';
import { PickForGroup } from '../../features/bid-groups/components/PickForGroup';
import { MyBidsPanel } from '../../features/bidding/components/MyBidsPanel';
import { OrdersPanel } from '../../features/orders/components/OrdersPanel';
import { AppointmentsPanel } from '../../features/pickup/components/AppointmentsPanel';
import { OrderReturn } from '../../features/returns/components/OrderReturn';
import { SavedSearchesPanel } from '../../features/saved-searches/components/SavedSearchesPanel';
import { SignOutButton } from '../../features/session/components/SignOutButton';
import { WatchlistPanel } from '../../features/watchlist/components/WatchlistPanel';

/** The account page with the bidding feature's My Bids (the bid-groups feature's groups in it), the orders feature's Orders (with the returns feature's part of each order), the pickup feature's Appointments and the watchlist (with 'Add to a group') in its tabs. */
export default function AccountPageWithTabs() {
  return (
    <AccountPage
      headerActions={<SignOutButton label="Logout" variant="secondary" size="md" />}
      tabs={{
        // A group's lots are not one filter's (winning or losing): the groups show with All only.
        renderBids: (filter, filterHref) => (
          <MyBidsPanel
            filter={filter}
            filterHref={filterHref}
            groups={filter === 'all' ? <BidGroupsPanel /> : null}
          />
        ),
        orders: <OrdersPanel renderReturn={(order) => <OrderReturn order={order} />} />,
        appointments: <AppointmentsPanel />,
        watchlist: (
          <>
            <WatchlistPanel
              renderRowAction={(auction) => (
                <PickForGroup card={auction} look="text" className="flex-1 sm:flex-none" />
              )}
            />
            <PickedTray />
          </>
        ),
      }}
      savedSearches={<SavedSearchesPanel />}
    />
  );
}
