// A sender that dies between sending and marking (sender.test.ts, PostgreSQL): it claims due rows,
// hands the first to the local mailbox adapter, prints `SENT <id>` and waits there until the test
// kills it with SIGKILL. Not part of the app. Env: DATABASE_URL, NOW (the test clock's ISO time).
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { adjustableClock } from '../src/lib/clock';
import { OutboxSender } from '../src/modules/notifications/sender';

const url = process.env.DATABASE_URL;
const now = process.env.NOW;
if (!url || !now) throw new Error('DATABASE_URL and NOW are required');
const database = await openDatabase({ url, poolSize: 2 });
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', WEB_DIST: 'apps/web/dist-none' });
const sender = new OutboxSender(
  { db: database.db, clock: adjustableClock(new Date(now)), config, log: pino({ level: 'silent' }) },
  {
    concurrency: 1,
    batchSize: 10,
    async afterSend(row) {
      process.stdout.write(`SENT ${row.id}\n`);
      // Killed here: sent, never marked.
      await new Promise(() => {});
    },
  },
);
process.stdout.write('READY\n');
await sender.runOnce();
