// schema.ts and the migrations describe one database (docs/operations.md, "Migrations on deploy"):
// the queries are typed by schema.ts, the database is built by apps/server/drizzle/*.sql, some of
// them written by hand. Both are built here, side by side, and their catalogs compared; and the last
// snapshot drizzle-kit keeps must be schema.ts, so `npm run db:generate` writes only the next change.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { type Database, MIGRATIONS_FOLDER } from './client';
import * as schema from './schema';

/** Columns, constraints and indexes of the public schema, one line each, sorted. */
async function catalog(database: Database) {
  const lines = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
      Object.values(r).join(' | '),
    );
  return {
    columns: await lines(sql`
      select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable,
             coalesce(c.column_default, ''), coalesce(c.character_maximum_length::text, '')
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by 1, 2`),
    constraints: await lines(sql`
      select rel.relname, con.conname, pg_get_constraintdef(con.oid)
      from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid
      join pg_namespace n on n.oid = rel.relnamespace
      where n.nspname = 'public'
      order by 1, 2`),
    indexes: await lines(sql`
      select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`),
  };
}

describe('schema.ts and the migrations', () => {
  it('build the same tables, columns, constraints and indexes', async () => {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    // Every statement that builds schema.ts's database from nothing, as drizzle-kit writes them.
    const fromSchema = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ ...schema }));
    expect(fromSchema.length).toBeGreaterThan(50);

    const migrated = await createTestDatabase();
    const described = await createTestDatabase({ migrate: false });
    try {
      // The one thing schema.ts cannot say: the extension migration 0001 creates for its indexes.
      await described.db.execute(sql`create extension if not exists pg_trgm`);
      for (const statement of fromSchema) await described.db.execute(sql.raw(statement));
      const [a, b] = [await catalog(migrated), await catalog(described)];
      // Read from both (drizzle's own bookkeeping table is in its own schema, not public).
      expect(a.columns.some((c) => c.startsWith('users | email |'))).toBe(true);
      for (const part of ['columns', 'constraints', 'indexes'] as const) {
        const inB = new Set(b[part]);
        const inA = new Set(a[part]);
        expect(
          {
            onlyInMigrations: a[part].filter((l) => !inB.has(l)),
            onlyInSchemaTs: b[part].filter((l) => !inA.has(l)),
          },
          part,
        ).toEqual({ onlyInMigrations: [], onlyInSchemaTs: [] });
      }
    } finally {
      await migrated.close();
      await described.close();
    }
  });

  it('schema.ts is the last snapshot drizzle-kit keeps', async () => {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    const meta = path.join(MIGRATIONS_FOLDER, 'meta');
    const last = readdirSync(meta)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    const snapshot = JSON.parse(readFileSync(path.join(meta, last), 'utf8'));
    const journal = JSON.parse(readFileSync(path.join(meta, '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    // The snapshot is the database after the newest migration.
    expect(last.slice(0, 4)).toBe(journal.entries.at(-1)!.tag.slice(0, 4));
    expect(await generateMigration(snapshot, generateDrizzleJson({ ...schema }))).toEqual([]);
  });
});
