import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Takes each of `keys` once, for good, in the `notice_once` table: the keys this call took come
 * back; a key taken before (by this server or another, now or in an earlier run) does not. Run it
 * inside the transaction that writes the notice the key stands for, so a rollback gives the key
 * back. A key another transaction holds uncommitted makes this wait for it; if that one commits,
 * the key is not returned here: of two servers running the same job, exactly one sends each message. The one claim of the ending reminders, saved-search alerts and the daily digest
 * (docs/decisions/020). The keys go as one jsonb parameter: a run can need more keys than one
 * statement may bind.
 */
export async function claimOnce(tx: DbOrTx, keys: readonly string[], now: Date): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const result = (await tx.execute(sql`
    insert into notice_once (key, created_at)
    select distinct k, ${now.toISOString()}::timestamptz from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k
    on conflict (key) do nothing
    returning key`)) as unknown as { rows: { key: string }[] };
  return new Set(result.rows.map((r) => r.key));
}
