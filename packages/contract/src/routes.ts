// Every endpoint's path, once. The server registers these; the web app calls them.
export const API = {
  home: '/api/home',
  categories: '/api/categories',
  locations: '/api/locations',
  shop: '/api/shop',
  shopSuggest: '/api/shop/suggest',
  product: (slug: string) => `/api/products/${encodeURIComponent(slug)}`,
  productPattern: '/api/products/:slug',
  time: '/api/time',
  auction: (id: string) => `/api/auctions/${encodeURIComponent(id)}`,
  auctionPattern: '/api/auctions/:id',
  auctionBids: (id: string) => `/api/auctions/${encodeURIComponent(id)}/bids`,
  auctionBidsPattern: '/api/auctions/:id/bids',
  testClock: '/api/test/clock',
  // Accounts. better-auth's own links live under /api/auth too (verify-email, reset-password/:token).
  authSession: '/api/auth/session',
  authCheckEmail: '/api/auth/check-email',
  authSignUp: '/api/auth/sign-up',
  authCompleteLaunchProfile: '/api/auth/complete-launch-profile',
  authSignIn: '/api/auth/sign-in',
  authSignOut: '/api/auth/sign-out',
  authForgotPassword: '/api/auth/forgot-password',
  authResetPassword: '/api/auth/reset-password',
  authResendConfirmation: '/api/auth/resend-confirmation',
  authPhoneSendCode: '/api/auth/phone/send-code',
  authPhoneVerify: '/api/auth/phone/verify',
  profile: '/api/profile',
  profilePhone: '/api/profile/phone',
  profileLocation: '/api/profile/location',
  /** PATCH { spendingLimit: '500.00' | null }: set or remove the spending limit (spending.ts). */
  profileSpendingLimit: '/api/profile/spending-limit',
  profileNotificationSettings: '/api/profile/notification-settings',
  /** POST: agree to marketing emails and turn on the daily new-drops email. */
  profileNewDropsEmail: '/api/profile/new-drops-email',
  adminPing: '/api/admin/ping',
  // The back-office (admin.ts has the shapes). Every /api/admin path is staff only (guard.ts).
  /** GET ?page&pageSize&q&entityType&entityId&actorId&action: the audit log, newest first. */
  adminAudit: '/api/admin/audit',
  /** GET: the dashboard's numbers (admin-dashboard.ts). */
  adminDashboard: '/api/admin/dashboard',
  /** GET: accounts with signals of unfair bidding, strongest first (admin-signals.ts). */
  adminSignals: '/api/admin/signals',
  /** POST: mark an account's signals reviewed (quiet until something new fires). */
  adminSignalReviewed: (userId: string) => `/api/admin/signals/${encodeURIComponent(userId)}/reviewed`,
  adminSignalReviewedPattern: '/api/admin/signals/:userId/reviewed',
  /** GET ?page&pageSize&q&role&status&sort&dir: people (admin-people.ts). */
  adminPeople: '/api/admin/people',
  /** GET: one person with bids, orders, strikes and notes. */
  adminPerson: (id: string) => `/api/admin/people/${encodeURIComponent(id)}`,
  adminPersonPattern: '/api/admin/people/:id',
  /** POST {reason}: suspend / restore the account. */
  adminPersonSuspend: (id: string) => `/api/admin/people/${encodeURIComponent(id)}/suspend`,
  adminPersonSuspendPattern: '/api/admin/people/:id/suspend',
  adminPersonRestore: (id: string) => `/api/admin/people/${encodeURIComponent(id)}/restore`,
  adminPersonRestorePattern: '/api/admin/people/:id/restore',
  /** PUT {role, reason}: make or remove staff (never the last active staff account). */
  adminPersonRole: (id: string) => `/api/admin/people/${encodeURIComponent(id)}/role`,
  adminPersonRolePattern: '/api/admin/people/:id/role',
  /** PUT {limit, reason?}: the account's bidding limit (dollars; null removes it). */
  adminPersonBidLimit: (id: string) => `/api/admin/people/${encodeURIComponent(id)}/bid-limit`,
  adminPersonBidLimitPattern: '/api/admin/people/:id/bid-limit',
  /** POST {reason?}: approve the account to bid above the new-account cap. */
  adminPersonApproveBidding: (id: string) => `/api/admin/people/${encodeURIComponent(id)}/approve-bidding`,
  adminPersonApproveBiddingPattern: '/api/admin/people/:id/approve-bidding',
  /** PUT {notes}: staff notes on the person. */
  adminPersonNotes: (id: string) => `/api/admin/people/${encodeURIComponent(id)}/notes`,
  adminPersonNotesPattern: '/api/admin/people/:id/notes',
  /** POST {reason}: remove a strike (the person's strike count is recomputed). */
  adminPersonStrikeRemove: (id: string, strikeId: string) =>
    `/api/admin/people/${encodeURIComponent(id)}/strikes/${encodeURIComponent(strikeId)}/remove`,
  adminPersonStrikeRemovePattern: '/api/admin/people/:id/strikes/:strikeId/remove',
  // Orders, payments and refunds in the back-office (admin-orders.ts has the shapes).
  /** GET ?page&pageSize&q&status&sort&dir: orders by shopper, number, SKU or status. */
  adminOrders: '/api/admin/orders',
  /** GET: one order with its history, payments, refunds and the shopper's strikes. */
  adminOrder: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`,
  adminOrderPattern: '/api/admin/orders/:id',
  /** POST {amountCents, reason} with an Idempotency-Key header: refund (full or partial). */
  adminOrderRefunds: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/refunds`,
  adminOrderRefundsPattern: '/api/admin/orders/:id/refunds',
  /** POST {reason}: remove one of the order's shopper's strikes. */
  adminOrderStrikeRemove: (id: string, strikeId: string) =>
    `/api/admin/orders/${encodeURIComponent(id)}/strikes/${encodeURIComponent(strikeId)}/remove`,
  adminOrderStrikeRemovePattern: '/api/admin/orders/:id/strikes/:strikeId/remove',
  /** POST a schedule (PUT's body): the booked appointments it would strand, without saving. */
  adminPickupSchedulePreview: (locationId: string) =>
    `/api/admin/locations/${encodeURIComponent(locationId)}/pickup-schedule/preview`,
  adminPickupSchedulePreviewPattern: '/api/admin/locations/:id/pickup-schedule/preview',
  // The back-office catalogue (admin-catalogue.ts has the shapes).
  /** GET ?page&pageSize&q&status&categoryId&condition&featured&sort&dir; POST: create. */
  adminProducts: '/api/admin/catalogue/products',
  /** GET one; PUT: edit. */
  adminProduct: (id: string) => `/api/admin/catalogue/products/${encodeURIComponent(id)}`,
  adminProductPattern: '/api/admin/catalogue/products/:id',
  /** POST {reason?}: withdraw (refused while its auction has bids). */
  adminProductWithdraw: (id: string) => `/api/admin/catalogue/products/${encodeURIComponent(id)}/withdraw`,
  adminProductWithdrawPattern: '/api/admin/catalogue/products/:id/withdraw',
  /** POST multipart (field `images`, several files): upload. */
  adminProductImages: (id: string) => `/api/admin/catalogue/products/${encodeURIComponent(id)}/images`,
  adminProductImagesPattern: '/api/admin/catalogue/products/:id/images',
  /** PUT {imageIds}: the new order, cover first. */
  adminProductImageOrder: (id: string) =>
    `/api/admin/catalogue/products/${encodeURIComponent(id)}/images/order`,
  adminProductImageOrderPattern: '/api/admin/catalogue/products/:id/images/order',
  /** DELETE: one image and its files. */
  adminProductImage: (id: string, imageId: string) =>
    `/api/admin/catalogue/products/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`,
  adminProductImagePattern: '/api/admin/catalogue/products/:id/images/:imageId',
  // The receiving bench (admin-intake.ts has the shapes).
  /** GET ?code=: a GTIN (any form) or model number, answered with the item's latest unit or not found. */
  adminIntakeLookup: '/api/admin/catalogue/intake/lookup',
  /** POST a ProductInput: a new unit; no SKU: the store gives the next in the item's series. */
  adminIntakeUnits: '/api/admin/catalogue/intake/units',
  // The manifest import (admin-import.ts has the shapes).
  /** GET: past imports (paged); POST multipart (one CSV + photos): check it into a preview. */
  adminImports: '/api/admin/imports',
  /** GET: the manifest template (CSV). */
  adminImportTemplate: '/api/admin/imports/template.csv',
  adminImport: (id: string) => `/api/admin/imports/${encodeURIComponent(id)}`,
  adminImportPattern: '/api/admin/imports/:id',
  /** GET ?page&pageSize&filter: the preview's rows (with outcomes once imported). */
  adminImportRows: (id: string) => `/api/admin/imports/${encodeURIComponent(id)}/rows`,
  adminImportRowsPattern: '/api/admin/imports/:id/rows',
  /** POST: import the valid rows (a background job; poll the import for progress). */
  adminImportStart: (id: string) => `/api/admin/imports/${encodeURIComponent(id)}/start`,
  adminImportStartPattern: '/api/admin/imports/:id/start',
  /** POST: drop a preview that will not be imported (its photos are deleted). */
  adminImportDiscard: (id: string) => `/api/admin/imports/${encodeURIComponent(id)}/discard`,
  adminImportDiscardPattern: '/api/admin/imports/:id/discard',
  /** GET: the report as JSON; report.csv: the same as a spreadsheet. */
  adminImportReport: (id: string) => `/api/admin/imports/${encodeURIComponent(id)}/report`,
  adminImportReportPattern: '/api/admin/imports/:id/report',
  adminImportReportCsv: (id: string) => `/api/admin/imports/${encodeURIComponent(id)}/report.csv`,
  adminImportReportCsvPattern: '/api/admin/imports/:id/report.csv',
  // Auctions and drops in the back-office (admin-auctions.ts has the shapes).
  /** GET ?page&pageSize&q&status&dropId&locationId&sort&dir: auctions; POST: schedule one auction. */
  adminAuctions: '/api/admin/auctions',
  /** GET: one auction with bids, maximums, orders and offers; PUT: edit it before it opens. */
  adminAuction: (id: string) => `/api/admin/auctions/${encodeURIComponent(id)}`,
  adminAuctionPattern: '/api/admin/auctions/:id',
  /** POST { reason }: cancel a scheduled or live auction (bidders told). */
  adminAuctionCancel: (id: string) => `/api/admin/auctions/${encodeURIComponent(id)}/cancel`,
  adminAuctionCancelPattern: '/api/admin/auctions/:id/cancel',
  /** POST {reason?}: the store cancels a shopper's maximum on a live lot (staff only). */
  adminAuctionBidCancel: (id: string, userId: string) =>
    `/api/admin/auctions/${encodeURIComponent(id)}/bids/${encodeURIComponent(userId)}/cancel`,
  adminAuctionBidCancelPattern: '/api/admin/auctions/:id/bids/:userId/cancel',
  /** POST settings: a new scheduled auction of the same item (unsold, unpaid or cancelled). */
  adminAuctionRelist: (id: string) => `/api/admin/auctions/${encodeURIComponent(id)}/relist`,
  adminAuctionRelistPattern: '/api/admin/auctions/:id/relist',
  /** POST { userId?, hours? }: a second-chance offer to another bidder. */
  adminAuctionOffers: (id: string) => `/api/admin/auctions/${encodeURIComponent(id)}/offers`,
  adminAuctionOffersPattern: '/api/admin/auctions/:id/offers',
  adminAuctionOfferWithdraw: (id: string) => `/api/admin/auctions/${encodeURIComponent(id)}/offers/withdraw`,
  adminAuctionOfferWithdrawPattern: '/api/admin/auctions/:id/offers/withdraw',
  /** GET: recent drops (for the list's filter); POST: schedule a drop. */
  adminDrops: '/api/admin/drops',
  /** GET: the signed-in shopper's second-chance offer; POST …/accept, …/decline. */
  offer: (id: string) => `/api/offers/${encodeURIComponent(id)}`,
  offerPattern: '/api/offers/:id',
  offerAccept: (id: string) => `/api/offers/${encodeURIComponent(id)}/accept`,
  offerAcceptPattern: '/api/offers/:id/accept',
  offerDecline: (id: string) => `/api/offers/${encodeURIComponent(id)}/decline`,
  offerDeclinePattern: '/api/offers/:id/decline',
  devMessages: '/api/dev/messages',
  // Storefront.
  drops: '/api/drops',
  auctionWatch: (id: string) => `/api/auctions/${encodeURIComponent(id)}/watch`,
  auctionWatchPattern: '/api/auctions/:id/watch',
  meWatchlist: '/api/me/watchlist',
  meSummary: '/api/me/summary',
  meBids: '/api/me/bids',
  /** GET: 'Winning now', 'At most' and the spending limit (spending.ts). */
  meSpending: '/api/me/spending',
  // Bid groups (bid-groups.ts has the shapes).
  /** POST { winAtMost, lots: [{ auctionId, amount }] }: make a group. */
  bidGroups: '/api/bid-groups',
  /** PATCH { winAtMost?, set?, remove? }: change a group; DELETE: cancel it. */
  bidGroup: (id: string) => `/api/bid-groups/${encodeURIComponent(id)}`,
  bidGroupPattern: '/api/bid-groups/:id',
  /** GET: the shopper's groups. */
  meBidGroups: '/api/me/bid-groups',
  // The contact form and the drop list are stored, not just thanked.
  contactMessages: '/api/contact-messages',
  listSignups: '/api/list-signups',
  // Orders, cart and checkout.
  meOrders: '/api/me/orders',
  cartQuote: '/api/cart/quote',
  checkout: '/api/checkout',
  checkoutVerify: '/api/checkout/verify',
  /** GET: the 'Pay all' quote; POST: one checkout for every unpaid order (orders.ts PayAll*). */
  checkoutPayAll: '/api/checkout/pay-all',
  stripeWebhook: '/api/webhooks/stripe',
  // Pickup (pickup.ts has the shapes).
  /** GET ?orderId&days&startDate: the available pickup slots. */
  pickupSlots: '/api/pickup/slots',
  /** POST {orderId, slotId, notes}: schedule a pickup (books, or moves the order's appointment). */
  pickupAppointments: '/api/pickup/appointments',
  /** DELETE: cancel the order's appointment. */
  pickupAppointment: (orderId: string) => `/api/pickup/appointments/${encodeURIComponent(orderId)}`,
  pickupAppointmentPattern: '/api/pickup/appointments/:orderId',
  /** GET: the Appointments tab. */
  meAppointments: '/api/me/appointments',
  /** GET and PUT (staff): a location's weekly hours, closed dates and minimum notice. */
  adminPickupSchedule: (locationId: string) =>
    `/api/admin/locations/${encodeURIComponent(locationId)}/pickup-schedule`,
  adminPickupSchedulePattern: '/api/admin/locations/:id/pickup-schedule',
  // The pickup desk (staff; shapes in pickup.ts).
  /** GET ?locationId&date: the day's appointments by slot, with what to stage. */
  adminPickupToday: '/api/admin/pickup/today',
  /** GET ?code= (short code or QR text) or ?q= (shopper name or email). */
  adminPickupLookup: '/api/admin/pickup/lookup',
  /** POST: the order's item is staged at the desk (order ready_for_pickup). */
  adminPickupReady: (orderId: string) => `/api/admin/pickup/orders/${encodeURIComponent(orderId)}/ready`,
  adminPickupReadyPattern: '/api/admin/pickup/orders/:orderId/ready',
  /** POST {idChecked: true}: handed over (order completed, with the time and the staff member). */
  adminPickupComplete: (orderId: string) =>
    `/api/admin/pickup/orders/${encodeURIComponent(orderId)}/complete`,
  adminPickupCompletePattern: '/api/admin/pickup/orders/:orderId/complete',
  // Saved searches (saved-searches.ts has the shapes). The shopper's own only.
  /** GET (list) and POST (save the shop's current search). */
  meSavedSearches: '/api/me/saved-searches',
  /** PATCH {notifyPush} and DELETE. */
  meSavedSearch: (id: string) => `/api/me/saved-searches/${encodeURIComponent(id)}`,
  meSavedSearchPattern: '/api/me/saved-searches/:id',
  // Notifications (notifications.ts has the shapes). The signed-in shopper's own rows only.
  /** GET ?cursor&limit: newest first, with the unread count (the Mail menu asks for limit=3). */
  meNotifications: '/api/me/notifications',
  /** POST: marks one read (idempotent). */
  meNotificationRead: (id: string) => `/api/me/notifications/${encodeURIComponent(id)}/read`,
  meNotificationReadPattern: '/api/me/notifications/:id/read',
  /** POST: marks every unread one read. */
  meNotificationsReadAll: '/api/me/notifications/read-all',
  /** POST: the test email, to the shopper's own address, sent at once. */
  meNotificationsTestEmail: '/api/me/notifications/test-email',
  /** GET: the VAPID public key for web push. */
  pushKey: '/api/push/key',
  /** POST (subscribe this device) and DELETE {endpoint} (opt out). */
  pushSubscriptions: '/api/push/subscriptions',
  /** GET describes, POST (one-click, RFC 8058) unsubscribes; ?token= from the email (unsubscribe.ts). */
  unsubscribe: '/api/unsubscribe',
  // Pre-launch mode (launch.ts has the shapes).
  /** POST: the launch signup (double opt-in; the bypass address unlocks this browser instead). */
  launchSignup: '/api/launch/signups',
  /** GET ?token=: the confirmation link; redirects to /launch-success, /launch-already-confirmed or /launch-error. */
  launchConfirm: '/api/launch/confirm',
  /** GET ?token=: confirms a new-drops email signup (open store), then redirects to its page. */
  dropListConfirm: '/api/drop-list/confirm',
  /** GET: is the store locked, can this browser see it. Answered even when locked. */
  launchStatus: '/api/launch/status',
  /** POST {token}: re-presents a bypass remembered in local storage (sets the bypass cookie again). */
  launchUnlock: '/api/launch/unlock',
  /** GET (staff): counts by day and source. */
  adminLaunchStats: '/api/admin/launch/stats',
  /** GET ?page&pageSize&q&status&source (staff): the launch list. */
  adminLaunchSignups: '/api/admin/launch/signups',
  /** GET (staff): CSV of confirmed addresses only. */
  adminLaunchExport: '/api/admin/launch/export.csv',
  /** POST {confirm: true} (staff): email every confirmed signup that the store is open (once each). */
  adminLaunchAnnounce: '/api/admin/launch/announce',
  /** GET and PUT {locked, confirm: true, reason?} (staff): site settings, the lock among them. */
  adminSettings: '/api/admin/settings',
  /** GET and PUT {gstNumber, pstNumber} (staff): the seller's tax numbers printed on receipts. */
  adminTaxRegistration: '/api/admin/settings/tax-registration',
  // Messages in the back-office (admin-messages.ts; docs/decisions/027).
  /** GET: new contact messages and dead letters (the section's counts). */
  adminMessagesSummary: '/api/admin/messages/summary',
  /** GET ?page&pageSize&q&status&sort&dir: the contact form's inbox, newest first. */
  adminContactMessages: '/api/admin/messages/contact',
  /** GET: one contact message with its reply and the reply email's state. */
  adminContactMessage: (id: string) => `/api/admin/messages/contact/${encodeURIComponent(id)}`,
  adminContactMessagePattern: '/api/admin/messages/contact/:id',
  /** POST {reply}: emails the reply (through the outbox) and marks the message answered. */
  adminContactMessageReply: (id: string) => `/api/admin/messages/contact/${encodeURIComponent(id)}/reply`,
  adminContactMessageReplyPattern: '/api/admin/messages/contact/:id/reply',
  /** POST: closes a new message without a reply. */
  adminContactMessageClose: (id: string) => `/api/admin/messages/contact/${encodeURIComponent(id)}/close`,
  adminContactMessageClosePattern: '/api/admin/messages/contact/:id/close',
  /** POST: an answered or closed message becomes new again. */
  adminContactMessageReopen: (id: string) => `/api/admin/messages/contact/${encodeURIComponent(id)}/reopen`,
  adminContactMessageReopenPattern: '/api/admin/messages/contact/:id/reopen',
  /** GET ?page&pageSize: the outbox's dead letters, newest first. */
  adminDeadLetters: '/api/admin/messages/dead-letters',
  /** The operator page: outbox, jobs and realtime health (admin-operations.ts). */
  adminOperations: '/api/admin/operations',
  /** POST: queues a dead letter again with its attempts cleared. */
  adminDeadLetterRetry: (id: string) => `/api/admin/messages/dead-letters/${encodeURIComponent(id)}/retry`,
  adminDeadLetterRetryPattern: '/api/admin/messages/dead-letters/:id/retry',
  /** POST: removes a dead letter from the list (the audit log keeps what it was). */
  adminDeadLetterDiscard: (id: string) =>
    `/api/admin/messages/dead-letters/${encodeURIComponent(id)}/discard`,
  adminDeadLetterDiscardPattern: '/api/admin/messages/dead-letters/:id/discard',
} as const;

/** The built-in test checkout's hosted page (server-rendered HTML, not the SPA). */
export const TEST_CHECKOUT_PATH = '/test-checkout';
export const testCheckoutPage = (sessionId: string) =>
  `${TEST_CHECKOUT_PATH}/${encodeURIComponent(sessionId)}`;

/** The WebSocket endpoint (realtime.ts has the events). */
export const WS_PATH = '/ws';
/**
 * The socket's close code when the session it opened with has ended (signed out, expired, the
 * account suspended or restored since): the page asks who is signed in and reconnects as that.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** The OpenAPI 3.1 document of every endpoint, and its reference page (docs/decisions/030). */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
