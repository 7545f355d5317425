// SQL of the signals module: the sightings that link accounts (schema accountSightings), written as
// they are seen and purged after SIGHTING_RETENTION_DAYS. It reads and writes account_sightings only.
import type { SightingKind } from '@rebound/core/signals';
import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountSightings } from '../../db/schema';

export interface SightingRow {
  userId: string;
  kind: SightingKind;
  valueHash: string;
  /** The shop's calendar day of the sighting (one row per account, identifier and day). */
  day: string;
  seenAt: Date;
}

/** Records sightings: a second one the same day only moves that day's time forward. */
export async function recordSightings(db: DbOrTx, rows: readonly SightingRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(accountSightings)
    .values([...rows])
    .onConflictDoUpdate({
      target: [
        accountSightings.userId,
        accountSightings.kind,
        accountSightings.valueHash,
        accountSightings.day,
      ],
      set: { seenAt: sql`greatest(${accountSightings.seenAt}, excluded.seen_at)` },
    });
}

/** Deletes the sightings older than `before`; answers how many. */
export async function purgeSightings(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(accountSightings)
    .where(lt(accountSightings.seenAt, before))
    .returning({ userId: accountSightings.userId });
  return gone.length;
}

/** Every sighting of the accounts given (for the signals and for tests). */
export async function sightingsOf(db: DbOrTx, userIds: readonly string[]): Promise<SightingRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db.select().from(accountSightings).where(sql`${accountSightings.userId} in ${userIds}`);
  return rows as SightingRow[];
}
