import type { NotificationItem } from '@rebound/contract/notifications';
import { NOTIFICATION_TEXT } from '@rebound/contract/notifications-text';
import { clsx } from 'clsx';
import { Bell, Check, CheckCheck, ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../api';
import { notificationHref } from '../labels';
import { RelativeTime } from './RelativeTime';

/**
 * /notifications: the title with the unread count, 'Mark All Read'
 * while anything is unread, each notification as a card (relative time, message, 'Mark Read' when
 * unread), 20 at a time with 'Load more'. A click on a card marks it read and opens its page (or
 * /shop); the card's own buttons never navigate. Live through the header's Mail menu subscription.
 */
export function NotificationsPage() {
  useDocumentTitle(NOTIFICATION_TEXT.title);
  const list = useNotificationList();
  const markAll = useMarkAllRead();
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const unread = pages[0]?.unreadCount ?? 0;

  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
          <div className="min-w-0">
            <div className="flex items-center gap-3">
              <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
                {NOTIFICATION_TEXT.title}
              </h1>
              {unread > 0 ? (
                <span
                  data-testid="notifications-unread"
                  className="rounded-full bg-accent-50 px-2.5 py-0.5 text-sm font-semibold text-accent-800 ring-1 ring-accent-200 ring-inset tabular-nums"
                >
                  {unread} unread
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-sm text-ink-600">
              Outbids, wins, payment reminders and pickups, newest first.
            </p>
          </div>
          {unread > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              loading={markAll.isPending}
              onClick={() => markAll.mutate('')}
            >
              <CheckCheck aria-hidden="true" />
              {NOTIFICATION_TEXT.markAllRead}
            </Button>
          ) : null}
        </div>

        <div className="mt-6 sm:mt-8">
          {list.isPending ? (
            <div role="status" className="flex flex-col gap-3">
              <span className="sr-only">Loading your notifications...</span>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-20 w-full rounded-card" />
              ))}
            </div>
          ) : list.isError ? (
            <ErrorState
              title={NOTIFICATION_TEXT.loadError}
              message={errorMessageOf(list.error)}
              onRetry={() => void list.refetch()}
            />
          ) : items.length === 0 ? (
            <EmptyState action={<ButtonLink to="/shop">Browse the shop</ButtonLink>}>
              {NOTIFICATION_TEXT.empty}
            </EmptyState>
          ) : (
            <>
              <ul className="flex flex-col gap-3" aria-label="Your notifications">
                {items.map((n) => (
                  <NotificationCard key={n.id} notification={n} />
                ))}
              </ul>
              {list.hasNextPage ? (
                <div className="mt-6 flex flex-col items-center gap-2">
                  <Button
                    variant="secondary"
                    loading={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                  >
                    <ChevronDown aria-hidden="true" />
                    {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                  {list.isFetchNextPageError ? (
                    <p role="alert" className="text-sm text-danger-700">
                      {NOTIFICATION_TEXT.loadError}. Please try again.
                    </p>
                  ) : null}
                </div>
              ) : items.length > 20 ? (
                <p className="mt-6 text-center text-sm text-ink-600">That's everything.</p>
              ) : null}
            </>
          )}
        </div>
      </div>
    </Container>
  );
}

function NotificationCard({ notification: n }: { notification: NotificationItem }) {
  const markRead = useMarkRead();
  return (
    <li
      data-testid="notification-card"
      data-unread={n.isRead ? undefined : 'true'}
      className={clsx(
        'relative flex items-start gap-3 rounded-card p-4 ring-1 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-lift sm:gap-4 sm:p-5',
        n.isRead ? 'bg-white ring-ink-200/80' : 'bg-brand-50/60 ring-brand-200',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
          n.isRead ? 'bg-ink-100 text-ink-600' : 'bg-white text-brand-700 ring-1 ring-brand-200',
        )}
      >
        <Bell className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <RelativeTime iso={n.createdAt} className="block text-xs font-medium text-ink-600" />
        {/* The whole card is this link's target (the ::after layer); the buttons sit above it. */}
        <Link
          to={notificationHref(n.targetUrl)}
          onClick={() => {
            if (!n.isRead) markRead.mutate(n.id);
          }}
          className={clsx(
            'mt-1 block text-sm break-words after:absolute after:inset-0 after:rounded-card focus-visible:outline-none sm:text-base',
            n.isRead ? 'text-ink-800' : 'font-semibold text-ink-950',
          )}
        >
          {n.isRead ? null : <span className="sr-only">Unread: </span>}
          {n.message}
        </Link>
      </div>
      {n.isRead ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="relative z-10 -my-1 shrink-0 text-brand-800"
          aria-label={`${NOTIFICATION_TEXT.markRead}: ${n.message}`}
          onClick={(event) => {
            // The card's link lies underneath: this button only marks read.
            event.preventDefault();
            event.stopPropagation();
            markRead.mutate(n.id);
          }}
        >
          <Check aria-hidden="true" />
          {NOTIFICATION_TEXT.markRead}
        </Button>
      )}
    </li>
  );
}
