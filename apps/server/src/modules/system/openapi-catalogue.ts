// What the OpenAPI document says about each operation beyond its zod schemas: its tag (the area of
// the store it belongs to), a one-line summary, and whether it needs the session cookie
// (docs/decisions/030-openapi-and-docs.md). Keys are Fastify's route paths (':param').

/** Tags in the order the reference page shows them, with their descriptions. */
export const TAGS = [
  {
    name: 'Catalogue',
    description: 'The shop: home page, categories, pickup locations, products and drops.',
  },
  { name: 'Auctions and bidding', description: 'Auctions, bids, and second-chance offers.' },
  { name: 'Watchlist', description: 'Watched auctions and the signed-in shopper’s summary.' },
  { name: 'Accounts', description: 'Sign up, sign in, sessions, phone verification and the profile.' },
  {
    name: 'Orders and checkout',
    description: 'Won items, the cart, payment and the payment provider’s webhook.',
  },
  { name: 'Pickup', description: 'Pickup slots and appointments.' },
  { name: 'Saved searches', description: 'Searches saved from the shop, with alerts.' },
  { name: 'Notifications', description: 'The inbox, web push and one-click unsubscribe.' },
  { name: 'Contact', description: 'The contact form.' },
  { name: 'Launch', description: 'Pre-launch mode: the launch list and the lock’s status.' },
  {
    name: 'Back-office (staff only)',
    description: 'Every path under /api/admin answers staff only (401/403 otherwise).',
  },
  { name: 'Realtime', description: 'The WebSocket that pushes bids, closes and notifications.' },
  { name: 'System', description: 'Time, health, readiness, metrics and this documentation.' },
] as const;

export type TagName = (typeof TAGS)[number]['name'];

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** Longest matching prefix wins: the first match in this list, which is ordered specific first. */
const TAG_BY_PREFIX: [string, TagName][] = [
  ['/api/admin', 'Back-office (staff only)'],
  ['/api/auctions/:id/watch', 'Watchlist'],
  ['/api/me/watchlist', 'Watchlist'],
  ['/api/me/summary', 'Watchlist'],
  ['/api/auctions', 'Auctions and bidding'],
  ['/api/me/bids', 'Auctions and bidding'],
  ['/api/me/spending', 'Auctions and bidding'],
  ['/api/bid-groups', 'Auctions and bidding'],
  ['/api/me/bid-groups', 'Auctions and bidding'],
  ['/api/offers', 'Auctions and bidding'],
  ['/api/home', 'Catalogue'],
  ['/api/categories', 'Catalogue'],
  ['/api/locations', 'Catalogue'],
  ['/api/shop', 'Catalogue'],
  ['/api/products', 'Catalogue'],
  ['/api/drops', 'Catalogue'],
  ['/api/auth', 'Accounts'],
  ['/api/profile', 'Accounts'],
  ['/api/me/orders', 'Orders and checkout'],
  ['/api/cart', 'Orders and checkout'],
  ['/api/checkout', 'Orders and checkout'],
  ['/api/webhooks', 'Orders and checkout'],
  ['/api/pickup', 'Pickup'],
  ['/api/me/appointments', 'Pickup'],
  ['/api/me/saved-searches', 'Saved searches'],
  ['/api/me/notifications', 'Notifications'],
  ['/api/push', 'Notifications'],
  ['/api/unsubscribe', 'Notifications'],
  ['/api/contact-messages', 'Contact'],
  ['/api/launch', 'Launch'],
  ['/api/list-signups', 'Launch'],
  ['/api/drop-list', 'Launch'],
  ['/ws', 'Realtime'],
];

/** The tag of a route path; a new area not listed yet falls under System rather than vanishing. */
export function tagOf(url: string): TagName {
  return TAG_BY_PREFIX.find(([prefix]) => under(url, prefix))?.[1] ?? 'System';
}

/**
 * Paths that answer without a session. Everything else under /api/me, /api/profile, /api/admin,
 * /api/checkout, /api/cart, /api/pickup, /api/push/subscriptions and the bid, watch and offer
 * actions needs the session cookie.
 */
const NEEDS_SESSION: (string | RegExp)[] = [
  '/api/admin',
  '/api/me',
  '/api/profile',
  '/api/checkout',
  '/api/cart',
  '/api/pickup',
  '/api/push/subscriptions',
  '/api/offers',
  '/api/bid-groups',
  '/api/auth/sign-out',
  '/api/auth/phone',
  '/api/auth/complete-launch-profile',
  /^POST \/api\/auctions\/:id\/bids$/,
  /^(PUT|DELETE) \/api\/auctions\/:id\/watch$/,
];

export function needsSession(method: string, url: string): boolean {
  return NEEDS_SESSION.some((rule) =>
    typeof rule === 'string' ? under(url, rule) : rule.test(`${method} ${url}`),
  );
}

/** One line per operation ('METHOD /path'); an operation missing here gets a generated one. */
export const SUMMARIES: Record<string, string> = {
  // Catalogue
  'GET /api/home': 'The home page: featured, ending soon and newest lots',
  'GET /api/categories': 'Every category',
  'GET /api/locations': 'Pickup locations',
  'GET /api/shop': 'Search and filter live auctions (paged)',
  'GET /api/products/:slug': 'One product with its auction',
  'GET /api/drops': 'Upcoming and live drops',
  'GET /api/drops/:slug': 'One drop with its lots',
  // Auctions and bidding
  'GET /api/auctions/:id': 'One auction’s live state',
  'GET /api/auctions/:id/bids': 'An auction’s bid history',
  'POST /api/auctions/:id/bids': 'Place a bid or raise your maximum (Idempotency-Key header)',
  'GET /api/me/bids': 'The signed-in shopper’s bids, open and ended',
  'GET /api/me/spending': 'What the shopper could owe: Winning now, At most, and their spending limit',
  'POST /api/bid-groups': 'Make a bid group: win N of these lots, a maximum for each',
  'GET /api/me/bid-groups': 'The signed-in shopper’s bid groups with their lots and story',
  'PATCH /api/bid-groups/:id': 'Change a bid group (add lots, raise maximums, remove waiting lots, N)',
  'DELETE /api/bid-groups/:id': 'Cancel a bid group (placed maximums stay)',
  'GET /api/offers/:id': 'A second-chance offer made to the signed-in shopper',
  'POST /api/offers/:id/accept': 'Accept a second-chance offer (creates the order)',
  'POST /api/offers/:id/decline': 'Decline a second-chance offer',
  // Watchlist
  'GET /api/auctions/:id/watch': 'Whether the signed-in shopper watches this auction',
  'PUT /api/auctions/:id/watch': 'Watch an auction',
  'DELETE /api/auctions/:id/watch': 'Stop watching an auction',
  'GET /api/me/watchlist': 'The watched auctions',
  'GET /api/me/summary': 'Counts for the header: watching, leading, outbid, won',
  // Accounts
  'GET /api/auth/session': 'The signed-in user, or null',
  'POST /api/auth/check-email': 'Whether an email address has an account',
  'POST /api/auth/sign-up': 'Create an account (sends a confirmation email)',
  'POST /api/auth/complete-launch-profile': 'Finish the profile of an account made from the launch list',
  'POST /api/auth/sign-in': 'Sign in with email and password (sets the session cookie)',
  'POST /api/auth/sign-out': 'Sign out everywhere (clears the session cookie)',
  'POST /api/auth/forgot-password': 'Email a password reset link',
  'POST /api/auth/reset-password': 'Set a new password with the emailed token',
  'POST /api/auth/resend-confirmation': 'Send the confirmation email again',
  'POST /api/auth/phone/send-code': 'Text a verification code to a phone number',
  'POST /api/auth/phone/verify': 'Verify the phone number with the texted code',
  'GET /api/auth/*': 'Email link targets handled by better-auth (verify-email, reset-password/{token})',
  'GET /api/profile': 'The signed-in shopper’s profile',
  'PATCH /api/profile': 'Edit name and handle',
  'PATCH /api/profile/phone': 'Change the phone number (needs verifying again)',
  'PATCH /api/profile/location': 'Choose the preferred pickup location',
  'PATCH /api/profile/spending-limit': 'Set or remove the shopper’s spending limit',
  'PATCH /api/profile/notification-settings': 'Choose which notifications arrive by email, SMS and push',
  'POST /api/profile/new-drops-email': 'Agree to marketing emails and get the daily new-drops email',
  // Orders and checkout
  'GET /api/me/orders': 'Orders of the signed-in shopper, with strikes',
  'POST /api/cart/quote': 'Price a set of won items: subtotal, fees and taxes',
  'POST /api/checkout': 'Start a hosted checkout for won items',
  'GET /api/checkout/pay-all': 'What paying every unpaid order at once would charge',
  'POST /api/checkout/pay-all': 'Start one hosted checkout for every unpaid order',
  'POST /api/checkout/verify': 'Confirm a returning checkout session',
  'POST /api/webhooks/stripe': 'Payment provider events (signed; not for browsers)',
  // Pickup
  'GET /api/pickup/slots': 'Available pickup slots for an order',
  'POST /api/pickup/appointments': 'Book or move the pickup appointment of an order',
  'DELETE /api/pickup/appointments/:orderId': 'Cancel the pickup appointment of an order',
  'GET /api/me/appointments': 'The signed-in shopper’s pickup appointments',
  // Saved searches
  'GET /api/me/saved-searches': 'Saved searches',
  'POST /api/me/saved-searches': 'Save the current shop search',
  'PATCH /api/me/saved-searches/:id': 'Turn a saved search’s push alerts on or off',
  'DELETE /api/me/saved-searches/:id': 'Delete a saved search',
  // Notifications
  'GET /api/me/notifications': 'The inbox, newest first, with the unread count',
  'POST /api/me/notifications/:id/read': 'Mark one notification read',
  'POST /api/me/notifications/read-all': 'Mark every notification read',
  'POST /api/me/notifications/test-email': 'Send a test email to the shopper’s own address',
  'GET /api/push/key': 'The VAPID public key for web push',
  'POST /api/push/subscriptions': 'Subscribe this device to web push',
  'DELETE /api/push/subscriptions': 'Unsubscribe a device from web push',
  'GET /api/unsubscribe': 'Describe what an unsubscribe link would stop',
  'POST /api/unsubscribe': 'One-click unsubscribe (RFC 8058)',
  // Contact
  'POST /api/contact-messages': 'Send a message through the contact form',
  // Launch
  'POST /api/launch/signups': 'Join the launch list (double opt-in)',
  'GET /api/launch/confirm': 'The confirmation link of a launch signup (redirects)',
  'GET /api/launch/status': 'Whether the store is locked and this browser can see it',
  'POST /api/launch/unlock': 'Present a remembered bypass token again',
  'POST /api/list-signups':
    'Drops page and footer: join the new-drops email (open store) or the launch list (locked store)',
  'GET /api/drop-list/confirm': 'Confirm the new-drops email (double opt-in): redirects to its page',
  // Back-office
  'GET /api/admin/ping': 'The signed-in staff member (checks staff access)',
  'GET /api/admin/audit': 'The audit log, newest first',
  'GET /api/admin/dashboard': 'The dashboard’s numbers',
  'GET /api/admin/signals': 'Accounts with signals of unfair bidding, strongest first',
  'POST /api/admin/signals/:userId/reviewed': 'Mark an account’s signals reviewed',
  'GET /api/admin/people': 'People (search, filter, sort)',
  'GET /api/admin/people/:id': 'One person with bids, orders, strikes and notes',
  'POST /api/admin/people/:id/suspend': 'Suspend an account',
  'POST /api/admin/people/:id/restore': 'Restore a suspended account',
  'PUT /api/admin/people/:id/role': 'Make or remove staff',
  'PUT /api/admin/people/:id/notes': 'Staff notes on a person',
  'PUT /api/admin/people/:id/bid-limit': 'Set or remove the highest maximum an account may bid',
  'POST /api/admin/people/:id/approve-bidding': 'Approve a new account to bid above the new-account limit',
  'POST /api/admin/people/:id/strikes/:strikeId/remove': 'Remove a strike',
  'GET /api/admin/orders': 'Orders (search, filter, sort)',
  'GET /api/admin/orders/:id': 'One order with history, payments, refunds and strikes',
  'POST /api/admin/orders/:id/refunds': 'Refund an order, fully or partly (Idempotency-Key header)',
  'POST /api/admin/orders/:id/strikes/:strikeId/remove': 'Remove a strike of the order’s shopper',
  'GET /api/admin/catalogue/products': 'Products (search, filter, sort)',
  'POST /api/admin/catalogue/products': 'Create a product',
  'GET /api/admin/catalogue/products/:id': 'One product',
  'PUT /api/admin/catalogue/products/:id': 'Edit a product',
  'POST /api/admin/catalogue/products/:id/withdraw':
    'Withdraw a product (refused while its auction has bids)',
  'POST /api/admin/catalogue/products/:id/images': 'Upload product images (multipart)',
  'PUT /api/admin/catalogue/products/:id/images/order': 'Reorder product images, cover first',
  'DELETE /api/admin/catalogue/products/:id/images/:imageId': 'Delete a product image',
  'GET /api/admin/imports': 'Past manifest imports',
  'POST /api/admin/imports': 'Check a manifest (CSV and photos) into a preview (multipart)',
  'GET /api/admin/imports/template.csv': 'The manifest template (CSV)',
  'GET /api/admin/imports/:id': 'One import and its progress',
  'GET /api/admin/imports/:id/rows': 'An import preview’s rows',
  'POST /api/admin/imports/:id/start': 'Import the valid rows (background job)',
  'POST /api/admin/imports/:id/discard': 'Discard an import preview',
  'GET /api/admin/imports/:id/report': 'An import’s report',
  'GET /api/admin/imports/:id/report.csv': 'An import’s report as CSV',
  'GET /api/admin/auctions': 'Auctions (search, filter, sort)',
  'POST /api/admin/auctions': 'Schedule an auction',
  'GET /api/admin/auctions/:id': 'One auction with bids, maximums, orders and offers',
  'PUT /api/admin/auctions/:id': 'Edit an auction before it opens',
  'POST /api/admin/auctions/:id/cancel': 'Cancel a scheduled or live auction',
  'POST /api/admin/auctions/:id/bids/:userId/cancel':
    'Cancel a shopper’s maximum on a live lot (price and history decided again; the end stays)',
  'POST /api/admin/auctions/:id/relist': 'Relist an unsold, unpaid or cancelled item',
  'POST /api/admin/auctions/:id/offers': 'Make a second-chance offer to another bidder',
  'GET /api/admin/drops': 'Recent drops',
  'POST /api/admin/drops': 'Schedule a drop',
  'GET /api/admin/locations/:id/pickup-schedule': 'A location’s weekly hours, closures and notice',
  'PUT /api/admin/locations/:id/pickup-schedule': 'Change a location’s pickup schedule',
  'POST /api/admin/locations/:id/pickup-schedule/preview': 'Appointments a schedule change would strand',
  'GET /api/admin/pickup/today': 'The day’s appointments by slot',
  'GET /api/admin/pickup/lookup': 'Find an order at the desk by code or shopper',
  'POST /api/admin/pickup/orders/:orderId/ready': 'Mark an order staged for pickup',
  'POST /api/admin/pickup/orders/:orderId/complete': 'Hand an order over (ID checked)',
  'GET /api/admin/launch/stats': 'Launch list counts by day and source',
  'GET /api/admin/launch/signups': 'The launch list',
  'GET /api/admin/launch/export.csv': 'Confirmed launch signups as CSV',
  'POST /api/admin/launch/announce': 'Email every confirmed signup that the store is open',
  'GET /api/admin/settings': 'Site settings',
  'PUT /api/admin/settings': 'Change site settings (the pre-launch lock)',
  'GET /api/admin/messages/summary': 'New contact messages and dead letters',
  'GET /api/admin/messages/contact': 'Contact messages',
  'GET /api/admin/messages/contact/:id': 'One contact message',
  'POST /api/admin/messages/contact/:id/reply': 'Reply to a contact message by email',
  'POST /api/admin/messages/contact/:id/close': 'Close a contact message without a reply',
  'POST /api/admin/messages/contact/:id/reopen': 'Reopen a contact message',
  'GET /api/admin/messages/dead-letters': 'Messages that could not be delivered',
  'POST /api/admin/messages/dead-letters/:id/retry': 'Queue a dead letter again',
  'POST /api/admin/messages/dead-letters/:id/discard': 'Discard a dead letter',
  // Realtime and system
  'GET /ws': 'WebSocket upgrade: subscribe to rooms, receive live events',
  'GET /api/time': 'The server’s clock (for countdowns)',
  'GET /healthz': 'Liveness',
  'GET /readyz': 'Readiness: database and realtime listener',
  'GET /metrics': 'Prometheus metrics',
  'GET /api/openapi.json': 'This OpenAPI 3.1 document',
  'GET /api/docs': 'The API reference page (HTML)',
};

/** Answers that are not JSON (or not 200), for routes whose shape no zod schema gives. */
export const NON_JSON: Record<string, { status?: number; type: string; description: string }> = {
  'GET /metrics': { type: 'text/plain', description: 'Prometheus text exposition format' },
  'GET /api/docs': { type: 'text/html', description: 'The reference page' },
  'GET /api/admin/launch/export.csv': { type: 'text/csv', description: 'Confirmed signups' },
  'GET /api/admin/imports/template.csv': { type: 'text/csv', description: 'The manifest template' },
  'GET /api/admin/imports/:id/report.csv': { type: 'text/csv', description: 'The import report' },
  'GET /api/auth/*': { status: 302, type: 'text/html', description: 'A redirect into the web app' },
  'GET /api/launch/confirm': { status: 302, type: 'text/html', description: 'A redirect to the result page' },
  'GET /ws': {
    status: 101,
    type: 'application/json',
    description: 'Switching protocols; then JSON messages',
  },
};

/** A readable summary for an operation nobody described yet: 'POST /api/x/:id/close' -> 'Close x'. */
export function generatedSummary(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((s) => s && s !== 'api' && !s.startsWith(':') && s !== '*')
    .map((s) => s.replace(/[-_.]/g, ' '));
  const verb =
    { GET: 'Read', POST: 'Submit', PUT: 'Replace', PATCH: 'Update', DELETE: 'Delete' }[method] ?? method;
  return `${verb} ${words.join(' / ') || url}`;
}
