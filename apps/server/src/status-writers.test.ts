import { describe, expect, it } from 'vitest';
import { type StatusWrite, statusWrites, statusWritesIn } from '../test/status-writers';

// products.status and auctions.status each have one writer (docs/decisions/085-statuses-with-one-owner.md):
// admin-catalogue's product-status.ts and auctions' status.ts. Any other module moves a product or
// an auction through that writer, from the owner's door.
const OWNERS: Record<StatusWrite['table'], string> = {
  products: 'modules/admin-catalogue/product-status.ts',
  auctions: 'modules/auctions/status.ts',
};

// The known exceptions, each with its reason; a new one needs a reason here and in decision 085.
const EXCEPTIONS: { file: string; table: StatusWrite['table']; why: string }[] = [
  {
    file: 'modules/bidding/repository.ts',
    table: 'auctions',
    why: "a bid after the start opens a scheduled auction inside the group commit's one statement (core AUCTION_MOVES.openedByBid)",
  },
  {
    file: 'seed/large.ts',
    table: 'products',
    why: "the large demo store's bulk history: products of ended lots marked sold or unsold in one statement",
  },
];

describe('status writes', () => {
  const writes = statusWrites(import.meta.dirname);

  it('products.status and auctions.status are written only by their owner (or a listed exception)', () => {
    const stray = writes.filter(
      (w) => w.file !== OWNERS[w.table] && !EXCEPTIONS.some((e) => e.file === w.file && e.table === w.table),
    );
    expect(stray).toEqual([]);
  });

  it('each owner writes its status, and each listed exception still exists (the list stays honest)', () => {
    for (const [table, file] of Object.entries(OWNERS)) {
      expect(
        writes.some((w) => w.table === table && w.file === file),
        file,
      ).toBe(true);
    }
    for (const e of EXCEPTIONS) {
      expect(
        writes.some((w) => w.table === e.table && w.file === e.file),
        e.file,
      ).toBe(true);
    }
  });
});

describe('the status-write finder', () => {
  it('finds Drizzle and raw SQL writes of either status, with or without an alias', () => {
    const text = [
      "await tx.update(products).set({ status: 'sold', updatedAt: now }).where(eq(products.id, id));",
      'await db',
      '  .update(auctions)',
      "  .set({ status: 'cancelled', updatedAt: now })",
      '  .where(inArray(auctions.id, ids));',
      "await db.execute(sql`update products p set status = 'unsold' from auctions a where p.id = a.product_id`);",
      "await db.execute(sql`UPDATE auctions SET seq = seq + 1, status = 'live' WHERE id = $1`);",
    ].join('\n');
    expect(statusWritesIn('x.ts', text)).toEqual([
      { file: 'x.ts', line: 1, table: 'products' },
      { file: 'x.ts', line: 3, table: 'auctions' },
      { file: 'x.ts', line: 6, table: 'products' },
      { file: 'x.ts', line: 7, table: 'auctions' },
    ]);
  });

  it('leaves alone updates of other columns, a status only in the where clause, and other tables', () => {
    const text = [
      'await tx.update(products).set({ deskNotes, updatedAt: now }).where(eq(products.status, "sold"));',
      'await tx.update(auctions).set({ seq: 1 }).where(eq(auctions.status, "live")).returning({ status: auctions.status });',
      "await db.execute(sql`update auctions set seq = seq + 1 where status = 'live'`);",
      "await db.execute(sql`update orders set status = 'paid' where id = $1`);",
      "await tx.update(orders).set({ status: 'paid' });",
    ].join('\n');
    expect(statusWritesIn('y.ts', text)).toEqual([]);
  });
});
