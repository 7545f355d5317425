// Benchmark-sized data: by default 100,000 products with auctions and 1,000,000 bids, generated inside
// the database with INSERT ... SELECT generate_series(...) (works on PGlite and PostgreSQL alike).
//
// Rows are derived from hashtext() of a per-run tag and the row number, so nothing is looped in JS.
// Ids are md5(tag:kind:n) as a (version-4 shaped) uuid, which lets later statements find a run's rows by primary key without
// a marker column. Bids are "approximately realistic": each auction's history climbs by its
// increment from the starting bid, the top row leads, maximum bids are the per-bidder maximum (the
// leader's a few increments above the price), and auctions carry price / leader / bid count / seq
// to match. Runs can be repeated on the same database (each run has its own tag).

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gtinCheckDigit } from '@rebound/core/item-identity';
import { PAYMENT_WINDOW_HOURS, RETURN_WINDOW_DAYS } from '@rebound/core/time';
import { hashPassword } from 'better-auth/crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { CATEGORIES } from './catalog';
import { DEMO_LOCATION } from './demo';
import { type CategorySlug, pickStyle, renderIllustration } from './illustrations';
import { createRng } from './random';

export interface LargeSeedOptions {
  products?: number;
  bids?: number;
  /** Size of the bidder pool (users bench_1 ... bench_N, shared between runs). */
  users?: number;
  now?: Date;
  /** When set, shared SVGs are written to `${mediaDir}/products/` and every product gets one. */
  mediaDir?: string;
  /** Auctions per bid-generation statement. */
  chunkSize?: number;
  /** Statements run at once for the bid chunks (PostgreSQL gains from 2+; PGlite serialises anyway). */
  concurrency?: number;
  /** Password for the bench users (hashed once). */
  password?: string;
  /** Distinguishes this run's rows; lowercase letters and digits. */
  tag?: string;
  log?: (line: string) => void;
}

export interface LargeSeedSummary {
  tag: string;
  products: number;
  auctions: { live: number; scheduled: number; ended: number };
  bids: number;
  maxBids: number;
  orders: number;
  users: number;
  images: number;
  timingsMs: Record<string, number>;
  totalMs: number;
}

export const BENCH_PASSWORD = 'bench-password-2026';

/** Units of the large store's first item ('Benchmark Air Fryer 1 Pro'): 90 % live or upcoming. */
export const ITEM_ZERO_UNITS = 140;
/** The GTINs of the large store's 15 items (14 digits, right check digit). */
export const ITEM_GTINS = Array.from({ length: 15 }, (_, k) => {
  const body = `0629990${String(100 + k).padStart(6, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
});

/** [noun, illustration kind] per category: 8 each (bench/search-queries.ts types queries from them). */
export const NOUNS: Record<CategorySlug, readonly (readonly [string, string])[]> = {
  automotive: [
    ['All-Season Tire', 'tyre'],
    ['Winter Tire', 'tyre'],
    ['AGM Car Battery', 'battery'],
    ['Lithium Jump Starter', 'jumpstarter'],
    ['4K Dash Cam', 'dashcam'],
    ['Front and Rear Dash Cam', 'dashcam'],
    ['Full Synthetic Motor Oil', 'jug'],
    ['Cordless Car Vacuum', 'carvac'],
  ],
  'beauty-health': [
    ['Ionic Hair Dryer', 'hairdryer'],
    ['Professional Hair Dryer', 'hairdryer'],
    ['Sonic Electric Toothbrush', 'toothbrush'],
    ['Rechargeable Toothbrush', 'toothbrush'],
    ['Daily Moisturizing Lotion', 'lotion'],
    ['Hydrating Face Cream', 'creamjar'],
    ['Night Repair Cream', 'creamjar'],
    ['Eau de Parfum 100 mL', 'perfume'],
  ],
  clothing: [
    ['Insulated Jacket', 'jacket'],
    ['Down Parka', 'jacket'],
    ['Running Shoes', 'sneaker'],
    ['Court Sneakers', 'sneaker'],
    ['Fleece Hoodie', 'hoodie'],
    ['Crewneck T-Shirt 3-Pack', 'tshirt'],
    ['Daypack 24L', 'backpack'],
    ['Trucker Cap', 'cap'],
  ],
  'computer-office': [
    ['14" Laptop', 'laptop'],
    ['16" Laptop', 'laptop'],
    ['Wireless Keyboard', 'keyboard'],
    ['Mechanical Keyboard', 'keyboard'],
    ['27" 4K Monitor', 'monitor'],
    ['Ergonomic Wireless Mouse', 'mouse'],
    ['LED Desk Lamp', 'lamp'],
    ['Laptop Backpack', 'backpack'],
  ],
  electronics: [
    ['Noise Cancelling Headphones', 'headphones'],
    ['Wireless Headphones', 'headphones'],
    ['Portable Bluetooth Speaker', 'speaker'],
    ['Smartphone 128GB', 'phone'],
    ['Mirrorless Camera Kit', 'camera'],
    ['GPS Smartwatch', 'watch'],
    ['Fitness Smartwatch', 'watch'],
    ['Countertop Blender', 'blender'],
  ],
  'food-grocery': [
    ['Whole Bean Coffee 1 kg', 'coffeebag'],
    ['Ground Coffee 2-Pack', 'coffeebag'],
    ['Pure Honey 3-Pack', 'jar'],
    ['Peanut Butter 2-Pack', 'jar'],
    ['Extra Virgin Olive Oil 3 L', 'bottle'],
    ['Breakfast Cereal 4-Pack', 'box'],
    ['Tea Variety Box', 'box'],
    ['Coconut Milk 12-Pack', 'can'],
  ],
  'garden-tools': [
    ['20V Cordless Drill Kit', 'drill'],
    ['Brushless Impact Driver', 'drill'],
    ['Self-Watering Planter', 'plant'],
    ['Ceramic Planter Set', 'plant'],
    ['Metal Watering Can', 'wateringcan'],
    ['Deep Toolbox', 'toolbox'],
    ['Rolling Tool Box', 'toolbox'],
    ['Bypass Pruning Shears', 'shears'],
  ],
};

export const BRANDS: Record<CategorySlug, readonly string[]> = {
  automotive: [
    'Michelin',
    'Bridgestone',
    'Goodyear',
    'NOCO',
    'Garmin',
    'Nextbase',
    'Castrol',
    'Mobil 1',
    'Black+Decker',
    'Thinkware',
  ],
  'beauty-health': [
    'Dyson',
    'Philips',
    'Oral-B',
    'CeraVe',
    'Olay',
    'Clinique',
    'Revlon',
    'Neutrogena',
    "Kiehl's",
    'Braun',
  ],
  clothing: [
    'Patagonia',
    'The North Face',
    "Arc'teryx",
    'Columbia',
    'Nike',
    'Adidas',
    'New Balance',
    'Lululemon',
    'Roots',
    'Herschel',
  ],
  'computer-office': [
    'Apple',
    'Lenovo',
    'Dell',
    'HP',
    'ASUS',
    'Logitech',
    'Keychron',
    'LG',
    'Samsung',
    'BenQ',
  ],
  electronics: [
    'Sony',
    'Bose',
    'Apple',
    'Sennheiser',
    'JBL',
    'Samsung',
    'Google',
    'Canon',
    'Garmin',
    'Ninja',
  ],
  'food-grocery': [
    'Kicking Horse Coffee',
    'Lavazza',
    'Starbucks',
    'Billy Bee',
    'Kraft',
    'Filippo Berio',
    'Twinings',
    "Nature's Path",
    'Clif Bar',
    'Thai Kitchen',
  ],
  'garden-tools': [
    'DeWalt',
    'Milwaukee',
    'Makita',
    'Ryobi',
    'Bosch',
    'Fiskars',
    'Bloem',
    'Stanley',
    'Craftsman',
    'Haws',
  ],
};

/** Retail price range in dollars per category. */
const PRICE_RANGE: Record<CategorySlug, readonly [number, number]> = {
  automotive: [25, 450],
  'beauty-health': [15, 400],
  clothing: [25, 600],
  'computer-office': [30, 2200],
  electronics: [30, 1500],
  'food-grocery': [12, 60],
  'garden-tools': [20, 500],
};

export const MODELS = ['Pro', 'Max', 'Lite', 'Plus', 'Mini', 'Series 3', 'Gen 2', 'XL', 'Classic', 'Sport'];
const NOUNS_PER_CATEGORY = 8;
const BRANDS_PER_CATEGORY = 10;
const IMAGE_VARIANTS = 2;

// Values built into SQL text are our own constants or checked integers; quoting keeps them literal.
const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => sql.raw(`ARRAY[${items.map(lit).join(',')}]::text[]`);
const intArray = (items: readonly number[]) =>
  sql.raw(`ARRAY[${items.map((n) => String(Math.trunc(n))).join(',')}]::int[]`);
const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.raw(String(n));
};

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

async function scalar(db: Db, query: SQL): Promise<number> {
  const rows = rowsOf<{ n: number | string }>(await db.execute(query));
  return Number(rows[0]?.n ?? 0);
}

export async function seedLarge(db: Db, opts: LargeSeedOptions = {}): Promise<LargeSeedSummary> {
  const productCount = opts.products ?? 100_000;
  const bidTarget = opts.bids ?? 1_000_000;
  const userCount = opts.users ?? 5_000;
  const chunkSize = opts.chunkSize ?? 10_000;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const now = opts.now ?? new Date();
  const tag = opts.tag ?? Date.now().toString(36);
  const log = opts.log ?? (() => {});
  if (!/^[a-z0-9]{1,16}$/.test(tag))
    throw new Error('seedLarge: tag must be 1-16 lowercase letters or digits');
  if (productCount < 1 || userCount < 2 || bidTarget < 0) throw new Error('seedLarge: bad sizes');

  const timings: Record<string, number> = {};
  const started = performance.now();
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await run();
    timings[name] = Math.round(performance.now() - t0);
    log(`  ${name.padEnd(28)} ${(timings[name] / 1000).toFixed(2)}s`);
    return result;
  };

  const T = sql.raw(lit(tag));
  const NOW = sql.raw(`${lit(now.toISOString())}::timestamptz`);
  const P = int(productCount);
  const U = int(userCount);
  // Per-row pseudo-random numbers in [0, 2^31): h(salt) for row g.
  const h = (salt: string, row: SQL = sql.raw('g')) =>
    sql`(hashtext(${T} || ${sql.raw(lit(`:${salt}:`))} || ${row}) & 2147483647)`;
  // Shaped as version-4 UUIDs (version and variant digits set): the API's answers check their ids.
  const v4 = (hex: SQL) => sql`overlay(overlay(${hex} placing '4' from 13) placing '8' from 17)::uuid`;
  const productId = v4(sql`md5(${T} || ':p:' || g)`);
  const auctionId = v4(sql`md5(${T} || ':a:' || g)`);
  const benchUserId = (i: SQL) => v4(sql`md5('rb-bench-user:' || ${i})`);
  const benchUser = (n: SQL) => benchUserId(sql`(1 + (${n}) % ${U})`);
  // Phase per row: 80 % live, 10 % scheduled, 10 % ended.
  const phase = sql`(case when ${h('phase')} % 100 < 80 then 'live' when ${h('phase')} % 100 < 90 then 'scheduled' else 'ended' end)`;

  // ---- Location and categories (reuse what is there)
  const locationId = await step('location + categories', async () => {
    const existing = rowsOf<{ id: string }>(
      await db.execute(sql`select id from locations where is_active order by created_at limit 1`),
    )[0]?.id;
    let id = existing;
    if (id === undefined) {
      const l = DEMO_LOCATION;
      id = rowsOf<{ id: string }>(
        await db.execute(sql`insert into locations (name, slug, address_line1, city, province, postal_code, pickup_instructions)
          values (${l.name}, ${l.slug}, ${l.addressLine1}, ${l.city}, ${l.province}, ${l.postalCode}, ${l.pickupInstructions})
          returning id`),
      )[0]?.id;
    }
    for (const c of CATEGORIES) {
      await db.execute(
        sql`insert into categories (name, slug) values (${c.name}, ${c.slug}) on conflict do nothing`,
      );
    }
    if (id === undefined) throw new Error('seedLarge: could not create a location');
    return id;
  });
  const categoryRows = rowsOf<{ id: string; slug: string }>(
    await db.execute(sql`select id, slug from categories`),
  );
  const categoryIds = CATEGORIES.map((c) => {
    const row = categoryRows.find((r) => r.slug === c.slug);
    if (row === undefined) throw new Error(`seedLarge: category ${c.slug} missing`);
    return row.id;
  });
  const LOC = sql.raw(`${lit(locationId)}::uuid`);

  // ---- Bidders
  await step('users + accounts', async () => {
    const hash = await hashPassword(opts.password ?? BENCH_PASSWORD);
    await db.execute(sql`insert into users (id, email, email_verified, name, first_name, last_name, full_name, handle,
        location_id, notification_settings, role, terms_accepted_at, created_at, updated_at)
      select ${benchUserId(sql.raw('i'))}, 'bench' || i || '@bench.rebound.test', true, 'bench_' || i, 'Bench',
        'User ' || i, 'Bench User ' || i, 'bench_' || i, ${LOC}, '{}'::jsonb, 'shopper', ${NOW}, ${NOW}, ${NOW}
      from generate_series(1, ${U}) i
      on conflict do nothing`);
    await db.execute(sql`insert into accounts (user_id, account_id, provider_id, password)
      select u.id, u.id::text, 'credential', ${hash}
      from generate_series(1, ${U}) i
      join users u on u.id = ${benchUserId(sql.raw('i'))}
      where not exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential')`);
  });

  // ---- Products
  const slugs = CATEGORIES.map((c) => c.slug);
  const nouns = slugs.flatMap((c) => NOUNS[c].map(([noun]) => noun));
  const brands = slugs.flatMap((c) => BRANDS[c]);
  const priceLo = slugs.map((c) => PRICE_RANGE[c][0]);
  const priceSpan = slugs.map((c) => PRICE_RANGE[c][1] - PRICE_RANGE[c][0]);
  const cat = sql`(g % 7)`;
  const nounIndex = sql`(${cat} * ${int(NOUNS_PER_CATEGORY)} + ${h('noun')} % ${int(NOUNS_PER_CATEGORY)})`;
  const brandExpr = sql`(${textArray(brands)})[1 + ${cat} * ${int(BRANDS_PER_CATEGORY)} + ${h('brand')} % ${int(BRANDS_PER_CATEGORY)}]`;
  const nounExpr = sql`(${textArray(nouns)})[1 + ${nounIndex}]`;
  const modelExpr = sql`(${textArray(MODELS)})[1 + ${h('model')} % ${int(MODELS.length)}]`;
  // Skewed toward cheaper items: lo + span * u^2, whole dollars, in cents.
  const retailExpr = sql`(100 * ((${intArray(priceLo)})[1 + ${cat}] + floor((${intArray(priceSpan)})[1 + ${cat}] * power(${h('price')}::float8 / 2147483648, 2))::int))`;
  const conditionExpr = sql`(array['like_new','open_box','gently_used'])[1 + ${h('cond')} % 3]`;

  await step('products', async () => {
    await db.execute(sql`insert into products (id, title, slug, description, brand, condition, category_id,
        retail_price_cents, resale_price_cents, is_featured, status, created_at, updated_at)
      select ${productId}, title, slug, 'Customer return, inspected and graded ' ||
          (case condition when 'like_new' then 'A' when 'open_box' then 'A-' else 'B' end) ||
          ' by our Burnaby team. Pickup only, ' || ${`${RETURN_WINDOW_DAYS}-day free return.`},
        brand, condition, (${sql.raw(`ARRAY[${categoryIds.map(lit).join(',')}]::uuid[]`)})[1 + ${cat}],
        retail, greatest(199, (retail * (45 + ${h('resale')} % 25) / 10000) * 100 - 1),
        ${h('feat')} % 100 < 3 and ${phase} <> 'ended', 'auctioned',
        ${NOW} - make_interval(secs => 600 + ${h('created')} % 864000), ${NOW}
      from (
        select g, ${brandExpr} as brand, ${brandExpr} || ' ' || ${nounExpr} || ' ' || ${modelExpr} as title,
          'bench-' || ${T} || '-' || g || '-' || trim(both '-' from lower(regexp_replace(${brandExpr} || ' ' || ${nounExpr}, '[^a-zA-Z0-9]+', '-', 'g'))) as slug,
          ${conditionExpr} as condition, ${retailExpr} as retail
        from generate_series(1, ${P}) g
      ) x`);
  });

  // ---- Auctions, with their final bid count, price, leader and winner computed up front: the bid
  // history of an auction is a function of its count (see the bid step), so nothing is updated later.
  // Bid counts: skewed integer weights, 15 % of auctions without bids, about 1 % "hot". Each count is
  // floor(B * cumulative / total) minus the previous one, so the counts add up to B exactly.
  const leaderOf = (id: SQL, count: SQL) =>
    benchUser(sql`(hashtext(${id}::text || ':' || ${count}) & 2147483647)`);
  await step('auctions', async () => {
    const u = (salt: string, span: number) => sql`(${h(salt)} % ${int(span)})`;
    const weight = sql`(case when ${phase} = 'scheduled' or ${h('w')} % 100 < 15 then 0
      else (50000 + floor(1000000 * power(${h('wv')}::float8 / 2147483648, 3)))::bigint
        * (case when ${h('hot')} % 100 = 0 then 12 else 1 end) end)`;
    const B = sql`${int(bidTarget)}::bigint`;
    await db.execute(sql`insert into auctions (id, product_id, location_id, status, start_time, end_time,
        original_end_time, starting_bid_cents, increment_mode, bid_increment_cents, soft_close_seconds,
        current_price_cents, leader_user_id, reserve_met, bid_count, seq, winner_user_id, closed_at,
        created_at, updated_at)
      select z.id, z.pid, ${LOC}, z.phase, z.start_time, z.end_time, z.end_time, z.start_bid, 'fixed', z.inc, 60,
        z.start_bid + greatest(z.cnt - 1, 0) * z.inc, z.leader, true, z.cnt,
        z.cnt + case when z.phase = 'ended' then 1 else 0 end,
        case when z.phase = 'ended' then z.leader end, case when z.phase = 'ended' then z.end_time end,
        least(z.start_time, ${NOW}), least(z.end_time, ${NOW})
      from (
        select y.*, case when y.cnt > 0 then ${leaderOf(sql`y.id`, sql`y.cnt`)} end as leader
        from (
          select x.*, p.id as pid,
            greatest(100, round(p.retail_price_cents * (10 + x.pct) / 10000.0)::int * 100) as start_bid,
            case when p.retail_price_cents >= 50000 then 500 else 100 end as inc,
            case when x.total = 0 then 0 else (${B} * x.cum / x.total - ${B} * (x.cum - x.weight) / x.total)::int end as cnt
          from (
            select w.*, (sum(w.weight) over (order by w.g))::bigint as cum, (sum(w.weight) over ())::bigint as total
            from (
              select g, ${auctionId} as id, ${productId} as product_id, ${phase} as phase, ${u('pct', 21)} as pct,
                ${weight} as weight,
                case ${phase}
                  when 'live' then ${NOW} - make_interval(secs => 600 + ${u('start', 5 * 86400)})
                  when 'scheduled' then ${NOW} + make_interval(secs => 3600 + ${u('start', 3 * 86400)})
                  else ${NOW} - make_interval(secs => 600 + ${u('end', 5 * 86400)} + 259200 + ${u('start', 4 * 86400)})
                end as start_time,
                case ${phase}
                  when 'live' then ${NOW} + make_interval(secs => 120 + ${u('end', 7 * 86400)})
                  when 'scheduled' then ${NOW} + make_interval(secs => 3600 + ${u('start', 3 * 86400)} + 259200 + ${u('end', 4 * 86400)})
                  else ${NOW} - make_interval(secs => 600 + ${u('end', 5 * 86400)})
                end as end_time
              from generate_series(1, ${P}) g
            ) w
          ) x
          join products p on p.id = x.product_id
        ) y
      ) z`);
  });

  // ---- Bids and maximum bids, chunk by chunk of auctions. Row r of an auction's history is at
  // starting bid + (r - 1) increments by a hashed bidder; the top row (r = count) is the leader's.
  // Ids in insertion order (valid v4-shaped UUIDs: run prefix + counter) keep the primary-key btree
  // appending at its right edge: about a quarter faster than random UUIDs for a million rows.
  const orderedId = (salt: string, counter: SQL) =>
    sql`(lpad(to_hex(hashtext(${T} || ${sql.raw(lit(`:${salt}`))}) & 2147483647), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${counter}), 12, '0'))::uuid`;
  const chunks: [number, number][] = [];
  for (let lo = 1; lo <= productCount; lo += chunkSize)
    chunks.push([lo, Math.min(productCount, lo + chunkSize - 1)]);
  await step(`bids + max_bids (${chunks.length} chunks)`, async () => {
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < chunks.length) {
        const [lo, hi] = chunks[next++]!;
        const r = sql.raw('r');
        await db.execute(sql`with gen as materialized (
            select g, a.id as auction_id, r, a.bid_increment_cents as inc, r = a.bid_count as is_top,
              ${leaderOf(sql`a.id`, r)} as user_id,
              a.starting_bid_cents + (r - 1) * a.bid_increment_cents as amount,
              (a.bid_count - r) % 2 = 0 as is_leader_row,
              a.start_time + (least(a.end_time, ${NOW}) - a.start_time) * (r::float8 / (a.bid_count + 1)) as at
            from generate_series(${int(lo)}, ${int(hi)}) g
            join auctions a on a.id = ${auctionId}
            cross join lateral generate_series(1, a.bid_count) r
            where a.bid_count > 0
          ), ins as (
            insert into bids (id, auction_id, user_id, amount_cents, is_leader_row, seq, created_at)
            select ${orderedId('bids', sql`g::bigint * 65536 + r`)}, auction_id, user_id, amount, is_leader_row, r, at
            from gen
          )
          insert into max_bids (id, auction_id, user_id, max_amount_cents, set_at, seq, created_at, updated_at)
          select ${orderedId('max', sql`g::bigint * 65536 + min(r)`)}, auction_id, user_id,
            max(amount) + case when bool_or(is_top) then (1 + (hashtext(auction_id::text) & 3)) * max(inc) else 0 end,
            max(at), max(r), min(at), max(at)
          from gen group by g, auction_id, user_id`);
        done++;
        if (chunks.length > 1 && (done % Math.ceil(chunks.length / 5) === 0 || done === chunks.length)) {
          log(`    ${done}/${chunks.length} chunks`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  });

  // ---- Orders for ended auctions with a winner; product status
  await step('orders + product status', async () => {
    await db.execute(sql`insert into orders (auction_id, user_id, location_id, status, final_amount_cents,
        payment_due_at, paid_at, created_at, updated_at)
      select a.id, a.winner_user_id, a.location_id, x.status, a.current_price_cents,
        a.end_time + make_interval(hours => ${PAYMENT_WINDOW_HOURS}),
        case when x.status = 'paid' then a.end_time + interval '5 hours' end, a.end_time, a.end_time
      from generate_series(1, ${P}) g
      join auctions a on a.id = ${auctionId}
      cross join lateral (select case when a.end_time < ${NOW} - interval '60 hours' or ${h('paid')} % 100 < 40
        then 'paid' else 'pending' end as status) x
      where a.status = 'ended' and a.winner_user_id is not null`);
    await db.execute(sql`update products p set status = case when a.winner_user_id is null then 'unsold' else 'sold' end,
        updated_at = a.end_time
      from generate_series(1, ${P}) g
      join auctions a on a.id = ${auctionId}
      where p.id = a.product_id and a.status = 'ended'`);
  });

  // ---- Items of many units (decision 092): the first products become units of a few items, a
  // GTIN each: item 0 has ITEM_ZERO_UNITS units (at least 100 lots live or upcoming, for the product
  // page bench), items 1-14 have 20 each. Their title and brand are the item's; the triggers copy
  // the item key to the auctions.
  await step('items', async () => {
    const units = sql`(case when g <= ${int(ITEM_ZERO_UNITS)} then 0 else 1 + (g - ${int(ITEM_ZERO_UNITS + 1)}) / 20 end)`;
    await db.execute(sql`update products p set gtin = (${textArray(ITEM_GTINS)})[1 + x.k],
        item_key = 'gtin:' || (${textArray(ITEM_GTINS)})[1 + x.k],
        title = 'Benchmark Air Fryer ' || (x.k + 1) || ' Pro', brand = 'Rebound Labs'
      from (select g, ${units} as k, ${productId} as id
        from generate_series(1, least(${P}, ${int(ITEM_ZERO_UNITS + 14 * 20)})) g) x
      where p.id = x.id`);
  });

  // ---- Images: a few shared SVGs (two per kind), one per product
  let images = 0;
  if (opts.mediaDir !== undefined) {
    const mediaDir = opts.mediaDir;
    images = await step('images', async () => {
      const rng = createRng(`bench-images:${tag}`);
      const urls: string[] = [];
      await mkdir(join(mediaDir, 'products'), { recursive: true });
      for (const c of slugs) {
        for (const [, kind] of NOUNS[c]) {
          for (let v = 0; v < IMAGE_VARIANTS; v++) {
            const path = `products/bench-${c}-${kind}-${v + 1}.svg`;
            await writeFile(join(mediaDir, path), renderIllustration(pickStyle(rng, c, kind), 0));
            urls.push(`/media/${path}`);
          }
        }
      }
      await db.execute(sql`insert into product_images (product_id, position, url, width, height, alt)
        select p.id, 0, (${textArray(urls)})[1 + ${nounIndex} * ${int(IMAGE_VARIANTS)} + ${h('img')} % ${int(IMAGE_VARIANTS)}],
          800, 800, p.title
        from generate_series(1, ${P}) g
        join products p on p.id = ${productId}`);
      return productCount;
    });
  }

  await step('analyze', async () => {
    await db.execute(sql`analyze products, auctions, bids, max_bids, orders, product_images, users`);
  });

  const counts = await step('count', async () => {
    const byPhase = rowsOf<{ status: string; n: number | string }>(
      await db.execute(sql`select a.status, count(*)::int as n from generate_series(1, ${P}) g
        join auctions a on a.id = ${auctionId} group by a.status`),
    );
    const bidsN = await scalar(
      db,
      sql`select coalesce(sum(a.bid_count), 0)::bigint as n from generate_series(1, ${P}) g join auctions a on a.id = ${auctionId}`,
    );
    const maxN = await scalar(
      db,
      sql`select count(*)::int as n from generate_series(1, ${P}) g join max_bids m on m.auction_id = ${auctionId}`,
    );
    const ordersN = await scalar(
      db,
      sql`select count(*)::int as n from generate_series(1, ${P}) g join orders o on o.auction_id = ${auctionId}`,
    );
    const n = (status: string) => Number(byPhase.find((r) => r.status === status)?.n ?? 0);
    return {
      auctions: { live: n('live'), scheduled: n('scheduled'), ended: n('ended') },
      bids: bidsN,
      maxBids: maxN,
      orders: ordersN,
    };
  });

  return {
    tag,
    products: productCount,
    ...counts,
    users: userCount,
    images,
    timingsMs: timings,
    totalMs: Math.round(performance.now() - started),
  };
}
