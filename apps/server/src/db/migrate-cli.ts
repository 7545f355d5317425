import { ConfigError, databaseLocation } from '../config';
import { openDatabase, runMigrations } from './client';

// Only the database's location: the servers' other settings (AUTH_SECRET, PUBLIC_URL…) are not needed here.
let where: ReturnType<typeof databaseLocation>;
try {
  where = databaseLocation();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const database = await openDatabase({ url: where.databaseUrl, pgliteDir: where.pgliteDir });
await runMigrations(database);
console.log(`Migrations applied (${database.kind}).`);
await database.close();
