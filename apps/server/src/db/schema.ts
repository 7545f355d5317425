// The whole product's schema. Money is integer cents (CAD), times are
// timestamptz (UTC), ids are UUIDs. Rates are basis points (1500 = 15%) so pricing stays integer.
import { MAX_BID_CENTS } from '@rebound/contract/bidding';
import { AUCTION_STATUSES } from '@rebound/core/auction-status';
import { BID_GROUP_MAX_LOTS, GROUP_LOT_STATES } from '@rebound/core/bid-groups';
import { MIN_BID_LIMIT_CENTS } from '@rebound/core/bidding-limits';
import { ORDER_STATUSES } from '@rebound/core/orders';
import { DEFAULT_TAX_CONFIG } from '@rebound/core/pricing';
import { PRODUCT_STATUSES } from '@rebound/core/product-status';
import { NON_RETURNABLE_KINDS, RETURN_REASONS, RETURN_STATES, SALE_TERMS } from '@rebound/core/returns';
import { SIGHTING_KINDS } from '@rebound/core/signals';
import { MAX_SPENDING_LIMIT_CENTS, MIN_SPENDING_LIMIT_CENTS } from '@rebound/core/spending';
import { SHOP_TIME_ZONE } from '@rebound/core/time';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
/** PostgreSQL's full-text document (search, docs/decisions/094-search.md); read only in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

// Database-side guards: a status column holds only its enum's values, and an amount of one
// item (a bid, a price, an order's final amount) lies between 0 and the bid bound of the contract, so
// nothing the API accepts can overflow an integer column. Sums over several items are bigint.
const MAX_ITEM_CENTS = sql.raw(String(MAX_BID_CENTS));
const oneOf = (column: SQL | unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
const itemAmount = (column: unknown, min = 0) =>
  sql`${column} between ${sql.raw(String(min))} and ${MAX_ITEM_CENTS}`;
const ROLES = ['shopper', 'staff'] as const;
const USER_STATUSES = ['active', 'suspended'] as const;
const CONDITIONS = ['like_new', 'open_box', 'gently_used'] as const;
// to_relist: the winner did not pay in time; the item is back with staff to relist or offer on.
const INCREMENT_MODES = ['fixed', 'table'] as const;
const CHECKOUT_PROVIDERS = ['stripe', 'test'] as const;
const CHECKOUT_STATUSES = ['open', 'paid', 'expired', 'failed', 'refunded'] as const;
const PAYMENT_STATUSES = ['paid', 'refunded'] as const;
const STRIKE_KINDS = ['non_payment'] as const;
// missed: the slot ended without a check-in (docs/decisions/080-pickup-missed-walk-ins.md).
const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled', 'missed'] as const;
const SIGNUP_STATUSES = ['pending', 'confirmed'] as const;
/** The signup lists (list_signups.list). */
const SIGNUP_LISTS = ['launch', 'drops'] as const;
export type SignupList = (typeof SIGNUP_LISTS)[number];
const CHANNELS = ['email', 'sms', 'push'] as const;
/** pending: waiting for its next attempt; sending: claimed by a sender until locked_until; sent; dead: given up. */
const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'dead', 'coalesced'] as const;
const CONTACT_STATUSES = ['new', 'answered', 'closed'] as const;
/** open: waiting for the bidder; accepted (an order was made); declined; expired (deadline passed); withdrawn by staff. */
const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
/** preview: parsed and checked, nothing saved; importing: the job is saving its valid rows; done; failed; discarded. */
const IMPORT_STATUSES = ['preview', 'importing', 'done', 'failed', 'discarded'] as const;

export const locations = pgTable(
  'locations',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    addressLine1: text('address_line1').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull(),
    // The defaults are core's (a location that sets no zone or rates): the same values the migrations
    // wrote, so reading them from core changes no SQL.
    timeZone: text('time_zone').notNull().default(SHOP_TIME_ZONE),
    isActive: boolean('is_active').notNull().default(true),
    buyersPremiumBp: integer('buyers_premium_bp').notNull().default(DEFAULT_TAX_CONFIG.buyersPremiumBp),
    pstBp: integer('pst_bp').notNull().default(DEFAULT_TAX_CONFIG.pstBp),
    gstBp: integer('gst_bp').notNull().default(DEFAULT_TAX_CONFIG.gstBp),
    applyTaxesOnPremium: boolean('apply_taxes_on_premium')
      .notNull()
      .default(DEFAULT_TAX_CONFIG.applyTaxesOnPremium),
    pickupInstructions: text('pickup_instructions'),
    /** A pickup slot can be booked only if it starts at least this long after now (decision 016). */
    pickupMinNoticeMinutes: integer('pickup_min_notice_minutes').notNull().default(120),
    /** When staff last replaced the pickup schedule (null: as seeded). */
    pickupScheduleUpdatedAt: ts('pickup_schedule_updated_at'),
    /** A pickup visit with more items than this takes two places in its slot (null: no limit). */
    maxItemsPerVisit: smallint('max_items_per_visit'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'locations_rates',
      sql`${t.buyersPremiumBp} between 0 and 10000 and ${t.pstBp} between 0 and 10000 and ${t.gstBp} between 0 and 10000`,
    ),
    check('locations_pickup_notice', sql`${t.pickupMinNoticeMinutes} between 0 and 10080`),
    check(
      'locations_max_items_per_visit',
      sql`${t.maxItemsPerVisit} is null or ${t.maxItemsPerVisit} between 1 and 100`,
    ),
  ],
);

// Shaped so better-auth can map its `user` model onto it.
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name').notNull().default(''),
    image: text('image'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    handle: text('handle').notNull(),
    phoneNumber: text('phone_number'),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    locationId: uuid('location_id').references(() => locations.id),
    notificationSettings: jsonb('notification_settings').notNull().default({}),
    role: text('role', { enum: ROLES }).notNull().default('shopper'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    strikes: smallint('strikes').notNull().default(0),
    termsAcceptedAt: ts('terms_accepted_at'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentAt: ts('marketing_consent_at'),
    /** Staff notes on the shopper (back-office only). */
    staffNotes: text('staff_notes'),
    /** The shopper's own spending limit, all-in (core spending.ts); null: none. */
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    /** The highest maximum staff allow the account (core bidding-limits.ts); null: the store's rule. */
    bidLimitCents: integer('bid_limit_cents'),
    /** When staff approved the account to bid above the new-account cap; null: not approved. */
    largeBidsApprovedAt: ts('large_bids_approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_handle_lower_uq').on(sql`lower(${t.handle})`),
    uniqueIndex('users_phone_uq').on(t.phoneNumber),
    check('users_handle_len', sql`char_length(${t.handle}) between 1 and 20`),
    check('users_strikes_nonneg', sql`${t.strikes} >= 0`),
    check('users_role', oneOf(t.role, ROLES)),
    check('users_status', oneOf(t.status, USER_STATUSES)),
    check(
      'users_spending_limit',
      sql`${t.spendingLimitCents} between ${sql.raw(String(MIN_SPENDING_LIMIT_CENTS))} and ${sql.raw(String(MAX_SPENDING_LIMIT_CENTS))}`,
    ),
    check(
      'users_bid_limit',
      sql`${t.bidLimitCents} between ${sql.raw(String(MIN_BID_LIMIT_CENTS))} and ${sql.raw(String(MAX_BID_CENTS))}`,
    ),
  ],
);

// Auth tables in the shape better-auth expects (sessions are server-side, cookie-referenced).
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    brand: text('brand').notNull().default(''),
    condition: text('condition', { enum: CONDITIONS }).notNull(),
    categoryId: uuid('category_id').references(() => categories.id),
    retailPriceCents: integer('retail_price_cents').notNull(),
    resalePriceCents: integer('resale_price_cents').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('draft'),
    /** The seller's stock-keeping unit; manifest imports are idempotent by it. */
    sku: text('sku').unique(),
    /** For the pickup desk and staff only (e.g. shelf location); never shown to shoppers. */
    deskNotes: text('desk_notes'),
    /** How it is sold: Final Sale and As-Is items cannot be returned (docs/decisions/055). */
    saleTerms: text('sale_terms', { enum: SALE_TERMS }).notNull().default('standard'),
    /** One of the never-returnable kinds (perishable, gift card...); null for ordinary goods. */
    nonReturnableKind: text('non_returnable_kind', { enum: NON_RETURNABLE_KINDS }),
    /** The barcode number in its normal form (14 digits, packages/core/src/item-identity.ts), or null. */
    gtin: text('gtin'),
    /** The maker's model number as staff wrote it (tidied), or null. */
    model: text('model'),
    /**
     * The item this unit is one of: core's `itemKey` of gtin, brand and model, written with them
     * (decision 090). Products with equal keys are the same item; null: an item of its own.
     */
    itemKey: text('item_key'),
    /** The model number as compared (core's `modelKey`: no case, spaces or dashes), for search; or null. */
    modelKey: text('model_key'),
    /**
     * What search matches (docs/decisions/094-search.md): written only by the trigger of migration
     * 0025 (title, brand and model, category, description, weighted in that order).
     */
    searchDoc: tsvector('search_doc').notNull().default(sql`''::tsvector`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_sale_terms', oneOf(t.saleTerms, SALE_TERMS)),
    check('products_gtin_normal', sql`${t.gtin} is null or ${t.gtin} ~ '^[0-9]{14}$'`),
    index('products_item_key_idx').on(t.itemKey).where(sql`${t.itemKey} is not null`),
    index('products_model_key_idx').on(t.modelKey).where(sql`${t.modelKey} is not null`),
    check(
      'products_non_returnable_kind',
      sql`${t.nonReturnableKind} is null or ${oneOf(t.nonReturnableKind, NON_RETURNABLE_KINDS)}`,
    ),
    index('products_category_idx').on(t.categoryId),
    index('products_status_created_idx').on(t.status, t.createdAt),
    index('products_featured_idx').on(t.createdAt).where(sql`${t.isFeatured} and ${t.status} = 'auctioned'`),
    // Shop search (docs/decisions/094-search.md): the full-text document, kept by the trigger of
    // migration 0025 from the title, brand, model, category and description.
    index('products_search_doc_idx').using('gin', t.searchDoc),
    // Suggestions: the products of a suggested title (search_titles).
    index('products_title_brand_idx').on(t.title, t.brand),
    check(
      'products_prices_nonneg',
      sql`${itemAmount(t.retailPriceCents)} and ${itemAmount(t.resalePriceCents)}`,
    ),
    check('products_condition', oneOf(t.condition, CONDITIONS)),
    check('products_status', oneOf(t.status, PRODUCT_STATUSES)),
  ],
);

/**
 * The catalogue's words (normalised titles, brands, models and categories), kept by the products
 * trigger of migration 0025: what a misspelled search word is corrected to. Never shrinks; a word
 * no product still has corrects to a query that finds nothing, which is then not offered.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * Each title with its brand once, for suggestions as the shopper types (docs/decisions/096-suggestions-from-titles.md):
 * its document (title A, brand and model B, as products.search_doc) and how many products carry it,
 * kept by the trigger of migration 0028. A few thousand rows where products are a hundred thousand.
 */
export const searchTitles = pgTable(
  'search_titles',
  {
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    doc: tsvector('doc').notNull(),
    products: integer('products').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.title, t.brand] }),
    index('search_titles_doc_idx').using('gin', t.doc).where(sql`${t.products} > 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    url: text('url').notNull(),
    width: integer('width'),
    height: integer('height'),
    alt: text('alt').notNull().default(''),
    /** Where the original and its resized files live in the media storage (null for seeded URLs). */
    storageKey: text('storage_key'),
    /** Resized files: [{ format: 'avif' | 'webp' | 'jpeg', width, url }]. */
    variants: jsonb('variants'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_images_position_uq').on(t.productId, t.position)],
);

export const auctions = pgTable(
  'auctions',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    status: text('status', { enum: AUCTION_STATUSES }).notNull().default('scheduled'),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    originalEndTime: ts('original_end_time').notNull(),
    startingBidCents: integer('starting_bid_cents').notNull(),
    incrementMode: text('increment_mode', { enum: INCREMENT_MODES }).notNull().default('fixed'),
    bidIncrementCents: integer('bid_increment_cents').notNull().default(100),
    reservePriceCents: integer('reserve_price_cents'),
    buyNowPriceCents: integer('buy_now_price_cents'),
    softCloseSeconds: integer('soft_close_seconds').notNull().default(60),
    // Denormalised from the maximum bids by the bidding service, inside the bid transaction.
    currentPriceCents: integer('current_price_cents').notNull(),
    leaderUserId: uuid('leader_user_id').references(() => users.id),
    reserveMet: boolean('reserve_met').notNull().default(false),
    bidCount: integer('bid_count').notNull().default(0),
    // Bumped on every change; realtime events carry it so a client that missed one refetches.
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    winnerUserId: uuid('winner_user_id').references(() => users.id),
    closedAt: ts('closed_at'),
    /** The drop it was scheduled with (many lots, one start, staggered ends), if any. */
    dropId: uuid('drop_id').references((): AnyPgColumn => drops.id, { onDelete: 'set null' }),
    /** Staff cancelled it (status 'cancelled'): why, when, who. Bidders are told the reason. */
    cancelReason: text('cancel_reason'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** A relist: the earlier auction of the same product that ended unsold, unpaid or cancelled. */
    relistedFromId: uuid('relisted_from_id').references((): AnyPgColumn => auctions.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Copied from the product for the shop's filters and sort orders (decision 036), kept in step by
    // the triggers of migration 0010 (auctions_copy_product / products_copy_to_auctions): writers
    // never set them.
    productCategoryId: uuid('product_category_id'),
    productCondition: text('product_condition', { enum: CONDITIONS }),
    productStatus: text('product_status', { enum: PRODUCT_STATUSES }),
    productCreatedAt: ts('product_created_at'),
    /** The product's item (products.item_key), copied by the same triggers (migration 0024). */
    productItemKey: text('product_item_key'),
    /**
     * The product's search document (products.search_doc), copied by the same triggers (migration
     * 0026): the shop's search reads the lots on sale through their own index, without a join.
     */
    productSearchDoc: tsvector('product_search_doc').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    index('auctions_product_idx').on(t.productId, t.startTime),
    index('auctions_drop_idx').on(t.dropId, t.endTime),
    index('auctions_status_start_idx').on(t.status, t.startTime),
    index('auctions_status_end_idx').on(t.status, t.endTime),
    index('auctions_status_bids_idx').on(t.status, t.bidCount),
    // The other lots of the same item, by end (product page: 'More of this item', 'Sold before').
    index('auctions_item_end_idx')
      .on(t.productItemKey, t.endTime)
      .where(sql`${t.productItemKey} is not null`),
    index('auctions_location_idx').on(t.locationId),
    // The shop (decision 036): lots on sale (live auction, product auctioned), one index per sort
    // order so a page walks only the rows it shows, and one for the filtered counts (index only).
    // Each sort index also carries, after its unique key, the columns every page tests (start and
    // end time, category, condition, price; decision 039): a page, however deep or filtered, is an
    // index-only walk with no heap visit per row it skips or tests.
    index('auctions_shop_newest_idx')
      .on(
        t.productCreatedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.startTime,
        t.endTime,
        t.productCategoryId,
        t.productCondition,
        t.currentPriceCents,
      )
      .where(sql`${t.status} = 'live' and ${t.productStatus} = 'auctioned'`),
    index('auctions_shop_ending_idx')
      .on(t.endTime, t.id, t.startTime, t.productCategoryId, t.productCondition, t.currentPriceCents)
      .where(sql`${t.status} = 'live' and ${t.productStatus} = 'auctioned'`),
    index('auctions_shop_price_idx')
      .on(t.currentPriceCents, t.id, t.startTime, t.endTime, t.productCategoryId, t.productCondition)
      .where(sql`${t.status} = 'live' and ${t.productStatus} = 'auctioned'`),
    index('auctions_shop_bids_idx')
      .on(
        t.bidCount.desc().nullsFirst(),
        t.endTime,
        t.id,
        t.startTime,
        t.productCategoryId,
        t.productCondition,
        t.currentPriceCents,
      )
      .where(sql`${t.status} = 'live' and ${t.productStatus} = 'auctioned'`),
    index('auctions_shop_filter_idx')
      .on(t.productCategoryId, t.productCondition, t.currentPriceCents, t.endTime, t.startTime)
      .where(sql`${t.status} = 'live' and ${t.productStatus} = 'auctioned'`),
    // The shop's search (docs/decisions/094-search.md): the documents of the lots on sale.
    index('auctions_shop_search_idx')
      .using('gin', t.productSearchDoc)
      .where(sql`${t.status} = 'live' and ${t.productStatus} = 'auctioned'`),
    check('auctions_times', sql`${t.endTime} > ${t.startTime}`),
    check(
      'auctions_money',
      sql`${itemAmount(t.startingBidCents, 1)} and ${itemAmount(t.bidIncrementCents, 1)} and ${itemAmount(t.currentPriceCents)}
        and (${t.reservePriceCents} is null or ${itemAmount(t.reservePriceCents)})
        and (${t.buyNowPriceCents} is null or ${itemAmount(t.buyNowPriceCents, 1)})`,
    ),
    check('auctions_counts', sql`${t.bidCount} >= 0 and ${t.softCloseSeconds} >= 0 and ${t.seq} >= 0`),
    check('auctions_status', oneOf(t.status, AUCTION_STATUSES)),
    check('auctions_increment_mode', oneOf(t.incrementMode, INCREMENT_MODES)),
  ],
);

// One maximum (proxy) bid per bidder per auction; private to its owner. Bids and maximums outlive
// nothing by accident: deleting an auction or a user that has them is refused (RESTRICT).
export const maxBids = pgTable(
  'max_bids',
  {
    id: id(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    maxAmountCents: integer('max_amount_cents').notNull(),
    // Tie-break: equal maximums rank by the time each was set (raising resets it), then by seq.
    setAt: ts('set_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('max_bids_auction_user_uq').on(t.auctionId, t.userId),
    index('max_bids_user_idx').on(t.userId),
    check('max_bids_amount', itemAmount(t.maxAmountCents, 1)),
  ],
);

// The public bid history.
export const bids = pgTable(
  'bids',
  {
    id: id(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    isLeaderRow: boolean('is_leader_row').notNull().default(false),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bids_auction_amount_idx').on(t.auctionId, t.amountCents.desc(), t.seq.desc()),
    index('bids_user_idx').on(t.userId, t.createdAt),
    check('bids_amount', itemAmount(t.amountCents, 1)),
  ],
);

// A maximum the store cancelled (modules/bidding cancelBidByStore): the public history shows 'Bid
// cancelled by the store' at that time, without the shopper or the reason (the audit keeps who did it
// and why). The cancelled shopper is private to staff.
export const bidCancellations = pgTable(
  'bid_cancellations',
  {
    id: id(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('bid_cancellations_auction_idx').on(t.auctionId, t.createdAt)],
);

// A retried or double-clicked bid with the same key answers with the first answer. A key belongs to
// one user, one endpoint (scope) and one request: `request_hash` covers the auction and the amount, so
// the same key with another request is refused. Keys older than 24 hours are forgotten.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull().default(''),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const watchlist = pgTable(
  'watchlist',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watchlist_user_auction_uq').on(t.userId, t.auctionId),
    index('watchlist_auction_idx').on(t.auctionId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    targetUrl: text('target_url'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`not ${t.isRead}`),
  ],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    provider: text('provider', { enum: CHECKOUT_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    // Sums over several orders: bigint.
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    premiumCents: bigint('premium_cents', { mode: 'number' }).notNull(),
    pstCents: bigint('pst_cents', { mode: 'number' }).notNull(),
    gstCents: bigint('gst_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    // Rates used, kept so a receipt shows what was charged even if the location changes later.
    buyersPremiumBp: integer('buyers_premium_bp').notNull(),
    pstBp: integer('pst_bp').notNull(),
    gstBp: integer('gst_bp').notNull(),
    applyTaxesOnPremium: boolean('apply_taxes_on_premium').notNull(),
    currency: text('currency').notNull().default('cad'),
    url: text('url'),
    /** The provider's payment (Stripe PaymentIntent id, or the test checkout's own id) once paid. */
    providerPaymentId: text('provider_payment_id'),
    /** Why the last attempt failed (a declined card), shown on the test checkout page. */
    failureMessage: text('failure_message'),
    expiresAt: ts('expires_at'),
    paidAt: ts('paid_at'),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
    check(
      'checkout_sessions_money',
      sql`${t.subtotalCents} >= 0 and ${t.premiumCents} >= 0 and ${t.pstCents} >= 0 and ${t.gstCents} >= 0 and ${t.totalCents} >= 0`,
    ),
    check(
      'checkout_sessions_rates',
      sql`${t.buyersPremiumBp} between 0 and 10000 and ${t.pstBp} between 0 and 10000 and ${t.gstBp} between 0 and 10000`,
    ),
    check('checkout_sessions_provider', oneOf(t.provider, CHECKOUT_PROVIDERS)),
    check('checkout_sessions_status', oneOf(t.status, CHECKOUT_STATUSES)),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    // One order per auction that is not cancelled: a second-chance offer accepted after the
    // winner's order was cancelled makes a second order for the same auction.
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    finalAmountCents: integer('final_amount_cents').notNull(),
    paymentDueAt: ts('payment_due_at').notNull(),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id),
    premiumCents: bigint('premium_cents', { mode: 'number' }),
    pstCents: bigint('pst_cents', { mode: 'number' }),
    gstCents: bigint('gst_cents', { mode: 'number' }),
    totalCents: bigint('total_cents', { mode: 'number' }),
    paidAt: ts('paid_at'),
    readyAt: ts('ready_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    refundedAt: ts('refunded_at'),
    /** When the payment reminders went out (24 h and 2 h before the deadline): each once. */
    reminder24hSentAt: ts('reminder_24h_sent_at'),
    reminder2hSentAt: ts('reminder_2h_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_auction_uq').on(t.auctionId).where(sql`${t.status} <> 'cancelled'`),
    index('orders_auction_idx').on(t.auctionId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_due_idx').on(t.status, t.paymentDueAt),
    check('orders_final_amount', itemAmount(t.finalAmountCents)),
    check(
      'orders_money',
      sql`coalesce(${t.premiumCents}, 0) >= 0 and coalesce(${t.pstCents}, 0) >= 0 and coalesce(${t.gstCents}, 0) >= 0 and coalesce(${t.totalCents}, 0) >= 0`,
    ),
    check('orders_status', oneOf(t.status, ORDER_STATUSES)),
  ],
);

export const checkoutSessionOrders = pgTable(
  'checkout_session_orders',
  {
    checkoutSessionId: uuid('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.checkoutSessionId, t.orderId] }),
    check('checkout_session_orders_amount', itemAmount(t.amountCents)),
  ],
);

// Non-payment and other strikes against a user (docs/product.md "Payment deadlines and strikes").
export const userStrikes = pgTable(
  'user_strikes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: STRIKE_KINDS }).notNull().default('non_payment'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    /** Staff may remove a strike, with a reason; a removed strike no longer counts. */
    removedAt: ts('removed_at'),
    removedBy: uuid('removed_by').references(() => users.id),
    removedReason: text('removed_reason'),
  },
  (t) => [
    index('user_strikes_user_idx').on(t.userId),
    // One non-payment strike per order, whatever runs twice.
    uniqueIndex('user_strikes_order_kind_uq').on(t.orderId, t.kind),
    check('user_strikes_kind', oneOf(t.kind, STRIKE_KINDS)),
  ],
);

// Weekly pickup hours per location: weekday 0 = Sunday (Vancouver local time).
export const pickupSchedules = pgTable(
  'pickup_schedules',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
    slotMinutes: smallint('slot_minutes').notNull().default(30),
    capacity: smallint('capacity').notNull().default(4),
  },
  (t) => [
    index('pickup_schedules_location_idx').on(t.locationId, t.weekday),
    check('pickup_schedules_weekday', sql`${t.weekday} between 0 and 6`),
    check('pickup_schedules_hours', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

export const pickupClosures = pgTable(
  'pickup_closures',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [uniqueIndex('pickup_closures_location_date_uq').on(t.locationId, t.date)],
);

// Slots are materialised from the schedule so a booking can lock its slot row: a slot never holds
// more appointments than its capacity, whatever arrives at once.
export const pickupSlots = pgTable(
  'pickup_slots',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    capacity: smallint('capacity').notNull(),
    bookedCount: smallint('booked_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('pickup_slots_location_start_uq').on(t.locationId, t.startsAt),
    check('pickup_slots_capacity', sql`${t.bookedCount} >= 0 and ${t.bookedCount} <= ${t.capacity}`),
  ],
);

export const pickupAppointments = pgTable(
  'pickup_appointments',
  {
    id: id(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => pickupSlots.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    notes: text('notes'),
    /** Places it takes in its slot: 2 when the visit carried more items than the location's limit. */
    places: smallint('places').notNull().default(1),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('scheduled'),
    /** 6 characters read aloud at the desk (core pickupShortCode); unique, drawn again on a clash. */
    shortCode: text('short_code').unique(),
    /** When it was booked or last moved (reminders due before then are skipped). */
    bookedAt: ts('booked_at').notNull().defaultNow(),
    reminderDayBeforeSentAt: ts('reminder_day_before_sent_at'),
    reminderHourBeforeSentAt: ts('reminder_hour_before_sent_at'),
    checkedInAt: ts('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => users.id),
    /** Handed over: when, and by which staff member (ID checked). */
    completedAt: ts('completed_at'),
    completedBy: uuid('completed_by').references(() => users.id),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pickup_appointments_slot_idx').on(t.slotId),
    index('pickup_appointments_user_idx').on(t.userId),
    check('pickup_appointments_status', oneOf(t.status, APPOINTMENT_STATUSES)),
    check('pickup_appointments_places', sql`${t.places} between 1 and 2`),
  ],
);

// The orders of a visit (docs/decisions/058): an order is in at most one visit while its row is not
// released (the visit cancelled, or the order taken out of it, e.g. by a refund).
export const pickupAppointmentOrders = pgTable(
  'pickup_appointment_orders',
  {
    appointmentId: uuid('appointment_id').notNull(),
    orderId: uuid('order_id').notNull(),
    releasedAt: ts('released_at'),
  },
  (t) => [
    primaryKey({ name: 'pickup_appointment_orders_pk', columns: [t.appointmentId, t.orderId] }),
    // Named as migration 0016 named them (the default names pass PostgreSQL's 63 characters).
    foreignKey({
      name: 'pickup_appointment_orders_appointment_id_fk',
      columns: [t.appointmentId],
      foreignColumns: [pickupAppointments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pickup_appointment_orders_order_id_fk',
      columns: [t.orderId],
      foreignColumns: [orders.id],
    }),
    uniqueIndex('pickup_appointment_orders_active_order_uq')
      .on(t.orderId)
      .where(sql`${t.releasedAt} is null`),
    index('pickup_appointment_orders_order_idx').on(t.orderId),
  ],
);

/**
 * The signup lists (docs/decisions/054-one-signup-list.md), one row an address a list:
 * - `launch`: the locked store's launch list (docs/decisions/028-pre-launch-mode.md); `utm`, `locale`,
 *   `open_notice_sent_at` (the 'we are open' email, once) and `user_id` (the account it became) are its own;
 * - `drops`: the open store's new-drops email (docs/decisions/045-texts-that-are-true.md), from the drops
 *   page's early-access form and the footer; an address with an account gets the email through the
 *   account's own settings instead (the confirmation records the consent there too).
 * Both double opt-in: `confirmed_at` is when the address confirmed, which is the consent's time.
 */
export const listSignups = pgTable(
  'list_signups',
  {
    id: id(),
    list: text('list', { enum: SIGNUP_LISTS }).notNull().default('launch'),
    email: text('email').notNull(),
    source: text('source').notNull().default('landing-page'),
    utm: jsonb('utm').notNull().default({}),
    locale: text('locale'),
    status: text('status', { enum: SIGNUP_STATUSES }).notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: ts('confirm_token_expires_at'),
    confirmedAt: ts('confirmed_at'),
    /** When the last confirmation email was queued (resends replace the token). */
    confirmSentAt: ts('confirm_sent_at'),
    /** When the 'we are open' email was queued for this signup (the staff's launch action): once. */
    openNoticeSentAt: ts('open_notice_sent_at'),
    unsubscribedAt: ts('unsubscribed_at'),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('list_signups_list_email_uq').on(t.list, sql`lower(${t.email})`),
    check('list_signups_status', oneOf(t.status, SIGNUP_STATUSES)),
    check('list_signups_list', oneOf(t.list, SIGNUP_LISTS)),
  ],
);

// Durable outbox for email, SMS and push: written in the same transaction as the event, sent by a job.
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    template: text('template').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** While 'sending': the claim ends then; a sender that died mid-send is retried after it. */
    lockedUntil: ts('locked_until'),
    /** At most one message per key (e.g. one digest per shopper per day). */
    dedupeKey: text('dedupe_key').unique(),
    sentAt: ts('sent_at'),
    /** When the sender handed the message to its channel's adapter (its latest attempt). */
    handedAt: ts('handed_at'),
    /**
     * Status 'coalesced': a later message of the same kind to the same shopper, on the same lot and
     * channel, was sent in its place (docs/decisions/066-outbid-alerts-in-two-seconds.md).
     */
    coalescedInto: uuid('coalesced_into'),
    /** When the sender gave up (status 'dead'); last_error says why. */
    deadAt: ts('dead_at'),
    /** The log id of the request that queued it (lib/request-context.ts); null from jobs and older rows. */
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // Outbid alerts are claimed first (decision 069); the template is core's CLAIMED_FIRST_TEMPLATE.
    index('outbox_urgent_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending' and ${t.template} = 'outbid'`),
    index('outbox_claimed_idx').on(t.lockedUntil).where(sql`${t.status} = 'sending'`),
    check('outbox_channel', oneOf(t.channel, CHANNELS)),
    check('outbox_status', oneOf(t.status, OUTBOX_STATUSES)),
    check('outbox_attempts', sql`${t.attempts} >= 0`),
  ],
);

// What the local email/SMS stand-ins "sent", shown at the development mailbox page.
export const devMessages = pgTable(
  'dev_messages',
  {
    id: id(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** Headers the real provider would have got (e.g. List-Unsubscribe), shown in the mailbox. */
    headers: jsonb('headers'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dev_messages_created_idx').on(t.createdAt.desc()),
    check('dev_messages_channel', oneOf(t.channel, CHANNELS)),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  // Enqueueing asks whether a recipient has a subscription; sending reads them (migration 0022).
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

// Things that must happen at most once (an ending reminder per shopper, lot and mark; a day's
// digest): insert the key ON CONFLICT DO NOTHING and act only when the row was new.
export const noticeOnce = pgTable('notice_once', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

// A shopper's saved shop search (filters and keywords), matched against new lots for the drop
// digest and, when notify_push is on, a push when a matching lot goes live.
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The shop's search parameters (contract ShopQuery subset), as saved. */
    query: jsonb('query').notNull().default({}),
    notifyPush: boolean('notify_push').notNull().default(false),
    /** Lots that went live up to this time have been matched already. */
    lastMatchedAt: ts('last_matched_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId),
    check('saved_searches_name_length', sql`char_length(${t.name}) between 1 and 80`),
  ],
);

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

// What visitors wrote through the contact form, kept for the staff inbox (the back-office reads it).
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CONTACT_STATUSES }).notNull().default('new'),
    /** The staff member who answered or closed it, when, and the reply sent (through the outbox). */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: ts('handled_at'),
    reply: text('reply'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    index('contact_messages_status_idx').on(t.status, t.createdAt.desc()),
    check('contact_messages_status', oneOf(t.status, CONTACT_STATUSES)),
    check(
      'contact_messages_lengths',
      sql`char_length(${t.name}) <= 100 and char_length(${t.message}) <= 2000 and (${t.reply} is null or char_length(${t.reply}) <= 5000)`,
    ),
  ],
);

// A completed payment: one row per paid checkout session (unique), written by the one sync function
// that marks its orders paid. Amounts as charged, in cents.
export const payments = pgTable(
  'payments',
  {
    id: id(),
    checkoutSessionId: uuid('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: 'restrict' })
      .unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: CHECKOUT_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('paid'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    premiumCents: bigint('premium_cents', { mode: 'number' }).notNull(),
    pstCents: bigint('pst_cents', { mode: 'number' }).notNull(),
    gstCents: bigint('gst_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('cad'),
    paidAt: ts('paid_at').notNull(),
    refundedAt: ts('refunded_at'),
    /** Why it was refunded (e.g. it completed after its orders were cancelled). */
    refundReason: text('refund_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.paidAt),
    check('payments_status', oneOf(t.status, PAYMENT_STATUSES)),
    check(
      'payments_money',
      sql`${t.subtotalCents} >= 0 and ${t.premiumCents} >= 0 and ${t.pstCents} >= 0 and ${t.gstCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

// A refund of a payment, full or partial, made by staff through the payment adapter. The
// idempotency key makes a repeated request one refund.
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerRefundId: text('provider_refund_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId), check('refunds_amount', sql`${t.amountCents} > 0`)],
);

// An item the pickup desk found missing or damaged instead of handing it over: one per order
// (the unique order id makes a second mark, at once or later, the first one's replay), the staff
// member, when, and the refund that settled it (docs/decisions/057-desk-missing-damaged.md).
export const deskMarks = pgTable(
  'desk_marks',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['missing', 'damaged'] }).notNull(),
    note: text('note'),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('desk_marks_created_idx').on(t.createdAt),
    check('desk_marks_kind', sql`${t.kind} in ('missing', 'damaged')`),
  ],
);

// Every staff action: who, what, on which record, the record before and after, and when.
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'product.update', 'refund.create', 'user.suspend'. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);

// Stripe webhook events already handled (by event id): a replayed event changes nothing.
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

// The built-in test checkout's own record of a payment: it plays the payment provider's side (what
// Stripe would know), so the sync function reads it exactly as it reads a Stripe session.
export const testCheckoutPayments = pgTable(
  'test_checkout_payments',
  {
    providerSessionId: text('provider_session_id').primaryKey(),
    paymentId: text('payment_id').notNull().unique(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('paid'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    cardLast4: text('card_last4').notNull(),
    paidAt: ts('paid_at').notNull(),
    refundedAt: ts('refunded_at'),
  },
  (t) => [check('test_checkout_payments_status', oneOf(t.status, PAYMENT_STATUSES))],
);

// A drop: many lots scheduled at once with one start time and staggered ends (one lot every
// stagger_seconds from first_end_time), so shoppers can follow a close lot by lot.
export const drops = pgTable(
  'drops',
  {
    id: id(),
    title: text('title').notNull(),
    startTime: ts('start_time').notNull(),
    firstEndTime: ts('first_end_time').notNull(),
    staggerSeconds: integer('stagger_seconds').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('drops_start_idx').on(t.startTime.desc()),
    check('drops_times', sql`${t.firstEndTime} > ${t.startTime}`),
    check('drops_stagger', sql`${t.staggerSeconds} between 0 and 86400`),
    check('drops_title_len', sql`char_length(${t.title}) between 1 and 200`),
  ],
);

// A second-chance offer: after the winner did not pay, staff offer the item to another bidder at
// that bidder's last (maximum) bid, open until a deadline. Accepting makes a pending order.
export const secondChanceOffers = pgTable(
  'second_chance_offers',
  {
    id: id(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    expiresAt: ts('expires_at').notNull(),
    /** The unpaid (cancelled) order the offer follows, and the order made when it is accepted. */
    previousOrderId: uuid('previous_order_id').references(() => orders.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one open offer per auction at a time.
    uniqueIndex('second_chance_offers_open_uq').on(t.auctionId).where(sql`${t.status} = 'open'`),
    index('second_chance_offers_user_idx').on(t.userId, t.createdAt.desc()),
    index('second_chance_offers_status_expiry_idx').on(t.status, t.expiresAt),
    check('second_chance_offers_amount', itemAmount(t.amountCents, 1)),
    check('second_chance_offers_status', oneOf(t.status, OFFER_STATUSES)),
  ],
);

// A manifest import: a CSV (and its photos) parsed and checked row by row into a preview; staff then
// import its valid rows, which a background job saves (idempotent by SKU) while the page shows
// progress. `rows` holds the checked rows with their errors; `report` what happened to each.
export const manifestImports = pgTable(
  'manifest_imports',
  {
    id: id(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('preview'),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    unchangedRows: integer('unchanged_rows').notNull().default(0),
    rows: jsonb('rows').notNull().default([]),
    /** Photos uploaded with the CSV: [{ fileName, storageKey, sku? }], matched to rows by file name or SKU. */
    images: jsonb('images').notNull().default([]),
    report: jsonb('report'),
    error: text('error'),
    /** The job's lease while importing (claimed with SKIP LOCKED; another server takes over after it). */
    lockedUntil: ts('locked_until'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('manifest_imports_created_idx').on(t.createdAt.desc()),
    index('manifest_imports_status_idx').on(t.status),
    check('manifest_imports_status', oneOf(t.status, IMPORT_STATUSES)),
    check(
      'manifest_imports_counts',
      sql`${t.totalRows} >= 0 and ${t.validRows} >= 0 and ${t.errorRows} >= 0 and ${t.processedRows} >= 0 and ${t.createdRows} >= 0 and ${t.unchangedRows} >= 0`,
    ),
  ],
);

// Shared state for several server processes on one database: fixed-window rate-limit
// counters and sign-in throttle records, so every server counts together. Rows past their expiry
// mean nothing and are purged by a job. With REDIS_URL set, the same interfaces use Redis instead.
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

export const throttleRecords = pgTable(
  'throttle_records',
  {
    key: text('key').primaryKey(),
    /** A sign-in failure record ({ failures, lastFailureAt }) or `{}` for a known (account, address) pair. */
    data: jsonb('data').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('throttle_records_expires_idx').on(t.expiresAt)],
);

// A storage fee charged on an order (docs/product.md "Pickup"; docs/decisions/059-storage-fees-and-ledger.md):
// the amount core computed when it was charged, counted through `through_date` (a Vancouver date).
// pending: in an open online checkout (checkout_session_id); paid: online (the one sync) or recorded
// at the desk by staff (recorded_by, method); void: its checkout expired, or the desk settled first.
export const FEE_CHARGE_STATUSES = ['pending', 'paid', 'void'] as const;
export const FEE_PAYMENT_METHODS = ['online', 'cash', 'card_terminal'] as const;
export const storageFeeCharges = pgTable(
  'storage_fee_charges',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    days: integer('days').notNull(),
    throughDate: text('through_date').notNull(),
    status: text('status', { enum: FEE_CHARGE_STATUSES }).notNull().default('pending'),
    method: text('method', { enum: FEE_PAYMENT_METHODS }),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id, {
      onDelete: 'restrict',
    }),
    paidAt: ts('paid_at'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'restrict' }),
    voidedAt: ts('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('storage_fee_charges_order_idx').on(t.orderId),
    index('storage_fee_charges_user_idx').on(t.userId, t.createdAt),
    index('storage_fee_charges_session_idx').on(t.checkoutSessionId),
    check('storage_fee_charges_amount', sql`${t.amountCents} > 0 and ${t.days} >= 0`),
    check('storage_fee_charges_status', oneOf(t.status, FEE_CHARGE_STATUSES)),
    check('storage_fee_charges_method', sql`${t.method} is null or ${oneOf(t.method, FEE_PAYMENT_METHODS)}`),
    check('storage_fee_charges_paid', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
);

// Returns (docs/decisions/055): a shopper's request to bring back a collected order's item, its
// drop-off (one place in a pickup slot, like a pickup), the desk's receipt and the refund or refusal.
export const returns = pgTable(
  'returns',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state', { enum: RETURN_STATES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note'),
    /** The window's close (midnight PT after the last day) and when an open return expires. */
    deadline: ts('deadline').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** The booked drop-off: the pickup slot row holding its place (null when none is booked). */
    dropOffSlotId: uuid('drop_off_slot_id').references(() => pickupSlots.id),
    /** The booked slot's times, copied when booked (the lists read them without pickup's tables). */
    dropOffStartsAt: ts('drop_off_starts_at'),
    dropOffEndsAt: ts('drop_off_ends_at'),
    dropOffBookedAt: ts('drop_off_booked_at'),
    /** The desk's checklist ({all_parts_present, undamaged, matches_listing}) and note. */
    checklist: jsonb('checklist'),
    staffNote: text('staff_note'),
    receivedAt: ts('received_at'),
    receivedBy: uuid('received_by').references(() => users.id),
    /** The amount fixed when staff first press Refund (every retry refunds this, once). */
    refundAmountCents: bigint('refund_amount_cents', { mode: 'number' }),
    refundId: uuid('refund_id').references(() => refunds.id),
    refusalReason: text('refusal_reason'),
    itemKept: boolean('item_kept'),
    decidedAt: ts('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    withdrawnAt: ts('withdrawn_at'),
    expiredAt: ts('expired_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One return per order that is not withdrawn or expired.
    uniqueIndex('returns_order_active_uq')
      .on(t.orderId)
      .where(sql`${t.state} not in ('withdrawn', 'expired')`),
    index('returns_user_idx').on(t.userId, t.createdAt),
    index('returns_state_expires_idx').on(t.state, t.expiresAt),
    index('returns_drop_off_slot_idx').on(t.dropOffSlotId),
    index('returns_drop_off_starts_idx').on(t.dropOffStartsAt),
    check('returns_state', oneOf(t.state, RETURN_STATES)),
    check('returns_reason', oneOf(t.reason, RETURN_REASONS)),
    check('returns_refund_amount', sql`${t.refundAmountCents} is null or ${t.refundAmountCents} >= 0`),
  ],
);

// Every state change of a return, oldest first: the history the shopper and staff read.
export const returnEvents = pgTable(
  'return_events',
  {
    id: id(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    state: text('state', { enum: RETURN_STATES }).notNull(),
    /** The sentence shown ('Drop-off booked for ...'), and an optional second line. */
    label: text('label').notNull(),
    detail: text('detail'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: ts('at').notNull(),
  },
  (t) => [
    index('return_events_return_idx').on(t.returnId, t.at),
    check('return_events_state', oneOf(t.state, RETURN_STATES)),
  ],
);

// Photos of a return: the shopper's with the request, staff's at the desk (at most 4 each).
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: id(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    byStaff: boolean('by_staff').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    /** The largest JPEG copy's URL. */
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('return_photos_return_idx').on(t.returnId, t.createdAt)],
);

// Bid groups: 'win N of these' (core bid-groups.ts, docs/product.md "Bid groups").
const BID_GROUP_STATES = ['active', 'done', 'ended', 'cancelled'] as const;
export const bidGroups = pgTable(
  'bid_groups',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    winAtMost: smallint('win_at_most').notNull(),
    state: text('state', { enum: BID_GROUP_STATES }).notNull().default('active'),
    /** Lots won so far; never above win_at_most (the check below and the closing's guard). */
    wins: smallint('wins').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bid_groups_user_idx').on(t.userId, t.createdAt),
    index('bid_groups_active_idx').on(t.id).where(sql`${t.state} = 'active'`),
    check('bid_groups_state', oneOf(t.state, BID_GROUP_STATES)),
    check(
      'bid_groups_win_at_most',
      sql`${t.winAtMost} between 1 and ${sql.raw(String(BID_GROUP_MAX_LOTS - 1))}`,
    ),
    check('bid_groups_wins', sql`${t.wins} between 0 and ${t.winAtMost}`),
  ],
);

export const bidGroupLots = pgTable(
  'bid_group_lots',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => bidGroups.id, { onDelete: 'cascade' }),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'restrict' }),
    /** The group's shopper (a copy of bid_groups.user_id, for the one-open-group-per-lot index). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    maxAmountCents: integer('max_amount_cents').notNull(),
    state: text('state', { enum: GROUP_LOT_STATES }).notNull().default('waiting'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.auctionId] }),
    // A lot is in at most one of a shopper's groups while the group may still act on it.
    uniqueIndex('bid_group_lots_open_uq')
      .on(t.auctionId, t.userId)
      .where(sql`${t.state} in ('waiting', 'live', 'outbid')`),
    index('bid_group_lots_auction_idx').on(t.auctionId),
    check('bid_group_lots_state', oneOf(t.state, GROUP_LOT_STATES)),
    check('bid_group_lots_amount', itemAmount(t.maxAmountCents, 1)),
  ],
);

/** What a group did and why, for the shopper's story ('Moved to lot B: your maximum on lot A was outbid'). */
export const bidGroupEvents = pgTable(
  'bid_group_events',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => bidGroups.id, { onDelete: 'cascade' }),
    auctionId: uuid('auction_id').references(() => auctions.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    at: ts('at').notNull(),
    /** The order of lines written at the same instant (one plan writes several). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('bid_group_events_group_idx').on(t.groupId, t.at, t.seq)],
);

/**
 * What links accounts for the signals of unfair bidding (docs/product.md "Signals"): a device id (a
 * long-lived first-party cookie set at sign-in), a network address, or a payment card's fingerprint
 * from the provider, each stored only as a keyed hash (HMAC with the server's secret, modules/signals),
 * one row per account, identifier and day (the latest time that day). Kept 90 days (the job
 * signals.purge), used for nothing else.
 */
export const accountSightings = pgTable(
  'account_sightings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    valueHash: text('value_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.valueHash, t.day] }),
    index('account_sightings_value_idx').on(t.kind, t.valueHash),
    index('account_sightings_seen_idx').on(t.seenAt),
    check('account_sightings_kind', oneOf(t.kind, SIGHTING_KINDS)),
  ],
);

/**
 * Every maximum accepted, as the signals of unfair bidding read it (core signals.ts BidFact): who,
 * the maximum, the lowest maximum the lot accepted and the increment at that moment, when, and who
 * led once it was decided. Written by the bid's own write (modules/bidding BATCH_WRITE_SQL, one
 * multi-row insert in the same statement); `seq` is the auction's seq the bid took (its order on the
 * lot). max_bids keeps only each bidder's latest maximum and bids only the public amounts,
 * so neither can answer 'raised at the minimum' or 'who led after'.
 */
export const bidPlacements = pgTable(
  'bid_placements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'restrict' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    maxCents: integer('max_cents').notNull(),
    minimumCents: integer('minimum_cents').notNull(),
    stepCents: integer('step_cents').notNull(),
    /** No foreign key: the leader is one of the lot's bidders, already checked by their own rows. */
    leaderAfter: uuid('leader_after'),
    placedAt: ts('placed_at').notNull(),
  },
  // Two indexes only, to keep the bid's write cheap: the signals read a window's lots by their end
  // time (auctions) and then their placements by this one.
  (t) => [index('bid_placements_auction_idx').on(t.auctionId, t.seq)],
);

/** When staff last marked an account's signals reviewed (core signals.ts isQuiet), and who. */
export const signalReviews = pgTable('signal_reviews', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reviewedAt: ts('reviewed_at').notNull(),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
});
