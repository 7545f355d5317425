import { loadConfig } from '../config';
import { openDatabase, runMigrations } from './client';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await runMigrations(database);
console.log(`Migrations applied (${database.kind}).`);
await database.close();
