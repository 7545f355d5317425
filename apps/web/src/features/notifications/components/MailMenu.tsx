import type { NotificationItem } from '@rebound/contract/notifications';
import { NOTIFICATION_TEXT } from '@rebound/contract/notifications-text';
import { clsx } from 'clsx';
import { ArrowRight, Mail } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLatestNotifications, useLiveNotifications, useMarkRead } from '../api';
import { notificationHref, unreadBadge } from '../labels';
import { RelativeTime } from './RelativeTime';

/** The menu's items, in order. */
function itemsIn(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/**
 * The header's Mail menu: the unread count on the button, the three newest notifications and
 * 'Show All' (/notifications). A menu button: Enter, Space or Arrow Down opens it on the first
 * item, arrows and Home/End move, Escape closes and gives focus back to the button, Tab leaves.
 * Choosing a notification marks it read and opens its page (or /shop).
 */
export function MailMenu() {
  useLiveNotifications();
  const latest = useLatestNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Which item takes focus when the menu opens: the first, or the last (Arrow Up on the button).
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const titleId = useId();

  const unread = latest.data?.unreadCount ?? 0;
  const badge = unreadBadge(unread);
  const items = latest.data?.items ?? [];

  function menuItems(): HTMLElement[] {
    return [
      ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ??
        []),
    ];
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  // Focus moves into the menu when it opens, and again when its items arrive after it opened
  // (opened while loading: only 'Show All' was there), unless the shopper has moved since.
  const loaded = latest.data !== undefined;
  const movedSinceOpen = useRef(false);
  useEffect(() => {
    if (!open) return;
    movedSinceOpen.current = false;
  }, [open]);
  useEffect(() => {
    if (!open || movedSinceOpen.current) return;
    const all = itemsIn(menuRef.current);
    // While loading, 'Show All' is the one item there is.
    (focusOnOpen.current === 'last' || !loaded ? all[all.length - 1] : all[0])?.focus();
  }, [open, loaded]);

  // A press anywhere outside closes it (focus stays where the press put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
      if (open) {
        const all = menuItems();
        (event.key === 'ArrowUp' ? all[all.length - 1] : all[0])?.focus();
      } else setOpen(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    movedSinceOpen.current = true;
    const all = menuItems();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        // Tab leaves the menu, to wherever the browser takes focus next.
        return setOpen(false);
    }
  }

  function choose(n: NotificationItem) {
    if (!n.isRead) markRead.mutate(n.id);
    setOpen(false);
    void navigate(notificationHref(n.targetUrl));
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        title="Notifications"
        data-testid="mail-menu-button"
        onClick={() => {
          focusOnOpen.current = 'first';
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKeyDown}
        className={clsx(
          'relative inline-flex size-9 items-center justify-center rounded-lg text-ink-800 ring-1 ring-ink-200 ring-inset transition-colors hover:bg-ink-50 hover:ring-ink-300',
          open && 'bg-brand-50 text-brand-800 ring-brand-200',
        )}
      >
        <Mail className="size-4" aria-hidden="true" />
        {badge ? (
          <span
            data-testid="mail-unread-count"
            aria-hidden="true"
            className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1 text-[11px] leading-none font-bold text-white tabular-nums ring-2 ring-white"
          >
            {badge}
          </span>
        ) : null}
      </button>

      {open ? (
        <div
          data-testid="mail-menu"
          className="fixed inset-x-3 top-16 z-50 mt-1 overflow-hidden rounded-card bg-white shadow-overlay ring-1 ring-ink-200 sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-3 border-b border-ink-100 px-4 py-3">
            <p id={titleId} className="text-sm font-bold text-ink-950">
              {NOTIFICATION_TEXT.title}
            </p>
            {unread > 0 ? (
              <span className="rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-800 ring-1 ring-accent-200 ring-inset">
                {unread} unread
              </span>
            ) : null}
          </div>
          {latest.isPending ? (
            <p role="status" className="px-4 pt-5 pb-3 text-center text-sm text-ink-600">
              Loading...
            </p>
          ) : latest.isError ? (
            <p role="alert" className="px-4 pt-5 pb-3 text-center text-sm font-medium text-danger-700">
              {NOTIFICATION_TEXT.loadError}
            </p>
          ) : items.length === 0 ? (
            <p className="px-4 pt-5 pb-3 text-center text-sm text-ink-600">{NOTIFICATION_TEXT.empty}</p>
          ) : null}
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            tabIndex={-1}
            aria-labelledby={titleId}
            onKeyDown={onMenuKeyDown}
            className="py-1"
          >
            {items.map((n) => (
              <button
                key={n.id}
                type="button"
                role="menuitem"
                tabIndex={-1}
                data-testid="mail-menu-item"
                onClick={() => choose(n)}
                className="flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-ink-50 focus-visible:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    'mt-1.5 size-2 shrink-0 rounded-full',
                    n.isRead ? 'bg-transparent' : 'bg-accent-700',
                  )}
                />
                <span className="min-w-0 flex-1">
                  {n.isRead ? null : <span className="sr-only">Unread: </span>}
                  <span
                    className={clsx(
                      'line-clamp-2 text-sm',
                      n.isRead ? 'text-ink-700' : 'font-semibold text-ink-950',
                    )}
                  >
                    {n.message}
                  </span>
                  <RelativeTime iso={n.createdAt} className="mt-0.5 block text-xs text-ink-600" />
                </span>
              </button>
            ))}
            <hr className="mx-4 my-1 border-ink-100" />
            <Link
              to="/notifications"
              role="menuitem"
              tabIndex={-1}
              onClick={() => setOpen(false)}
              className="mx-1 mb-1 flex items-center justify-center gap-1.5 rounded-lg px-3 py-2.5 text-sm font-semibold text-brand-800 transition-colors hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
            >
              {NOTIFICATION_TEXT.showAll}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
