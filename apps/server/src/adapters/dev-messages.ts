import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { devMessages } from '../db/schema';
import { KeyedBatcher } from '../lib/batcher';

type DevMessage = typeof devMessages.$inferInsert;

/** Rows written by one insert at most. */
const DEV_MESSAGES_BATCH_MAX = 256;

const writers = new WeakMap<object, KeyedBatcher<DevMessage, void>>();

/**
 * Writes a message the local email/SMS stand-ins "sent" into dev_messages. Messages sent while an
 * insert is on its way go together into the next one (group commit, decision 043): the sender's
 * workers then cost one statement per handful of messages, not one each. If an insert fails, every
 * message in it fails and the sender retries each.
 */
export function writeDevMessage(db: DbOrTx, row: DevMessage): Promise<void> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new KeyedBatcher<DevMessage, void>(async (_key, rows) => {
      // clock_timestamp() per row: the mailbox's newest-first order stays the order they were sent in.
      await db.insert(devMessages).values(rows.map((r) => ({ ...r, createdAt: sql`clock_timestamp()` })));
      return rows.map(() => ({ ok: true as const, value: undefined }));
    }, DEV_MESSAGES_BATCH_MAX);
    writers.set(db, writer);
  }
  return writer.submit('dev_messages', row);
}
