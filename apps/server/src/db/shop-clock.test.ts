// The shop's clock in SQL agrees with core's rule, on PGlite and on PostgreSQL, whatever time-zone
// data the database carries (docs/decisions/044).
import { formatShopDateTime, shopDateKey, shopInstant, shopWallClock } from '@rebound/core/shop-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from './client';
import { shopDateKeySql, shopInstantSql, shopLocalTimestamp } from './shop-clock';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const HOUR = 3_600_000;

/** The rows of a raw query (PGlite and node-postgres both answer { rows }). */
async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(q)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

describe('the shop clock in SQL', () => {
  it('reads 2026-11-28T07:30Z as 00:30 on the 28th (UTC-7: no fall back), and 2027-01-15T20:00Z as 13:00', async () => {
    const [row] = await query<{ key: string; local: string }>(
      sql`select ${shopDateKeySql(sql`'2026-11-28T07:30:00Z'::timestamptz`)} as key,
        to_char(${shopLocalTimestamp(sql`'2027-01-15T20:00:00Z'::timestamptz`)}, 'HH24:MI') as local`,
    );
    expect(row).toEqual({ key: '2026-11-28', local: '13:00' });
    expect(formatShopDateTime(new Date('2027-01-15T20:00:00Z'))).toBe('Fri, Jan 15, 1:00 p.m. PT');
  });

  it('matches core at every 5th hour from 2020 through 2028, both ways', async () => {
    const instants: string[] = [];
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2029, 0, 1); t += 5 * HOUR) {
      instants.push(new Date(t).toISOString());
    }
    const rows = await query<{ local: string; key: string; back: string }>(
      sql`select to_char(${shopLocalTimestamp(sql`i`)}, 'YYYY-MM-DD HH24:MI') as local,
        ${shopDateKeySql(sql`i`)} as key,
        to_char(${shopInstantSql(sql`(${shopLocalTimestamp(sql`i`)})`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as back
      from unnest(${`{${instants.join(',')}}`}::timestamptz[]) with ordinality as u(i, n) order by n`,
    );
    expect(rows).toHaveLength(instants.length);
    const wrong = rows.flatMap((r, i) => {
      const at = new Date(instants[i]!);
      const c = shopWallClock(at);
      const local = `${c.dateKey} ${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
      const back = shopInstant(c.year, c.month, c.day, c.hour, c.minute).toISOString().slice(0, 16);
      return r.local === local && r.key === shopDateKey(at) && r.back === back
        ? []
        : [{ at: instants[i], r }];
    });
    expect(wrong).toEqual([]);
  });

  it('finds 18:00 the evening before a January slot at 01:00Z', async () => {
    const rows = await query<{ at: string }>(
      sql`select to_char(${shopInstantSql(sql`'2027-01-14 18:00'::timestamp`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at`,
    );
    expect(rows[0]!.at).toBe('2027-01-15T01:00');
  });
});
