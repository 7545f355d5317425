// Texts and sizes of the notification screens, without zod (notifications.ts has the shapes).

/** /notifications loads this many at a time ('Load more' asks for the next page). */
export const NOTIFICATIONS_PAGE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** The header's Mail menu shows the newest three. */
export const MAIL_MENU_LATEST = 3;

/** The notification screens' texts (docs/product.md "Notifications"). */
export const NOTIFICATION_TEXT = {
  title: 'Notifications',
  empty: 'No notifications yet',
  loadError: 'Error Loading Notifications',
  markAllRead: 'Mark All Read',
  markRead: 'Mark Read',
  showAll: 'Show All',
} as const;

export const TEST_EMAIL_TEXT = {
  sent: 'Test email sent successfully!',
  failed: 'Failed to send test email',
  noAddress: 'No email address found',
} as const;
