import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from './client';
import { claimOnce } from './notice-once';
import { noticeOnce } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
const now = new Date('2026-11-27T18:00:00.000Z');

describe('claimOnce (notice_once)', () => {
  it('takes each key once: a second claim gets nothing, repeated keys count once', async () => {
    const db = database.db;
    expect(await claimOnce(db, [], now)).toEqual(new Set());
    expect(await claimOnce(db, ['a:1', 'a:2', 'a:1'], now)).toEqual(new Set(['a:1', 'a:2']));
    expect(await claimOnce(db, ['a:1', 'a:2'], now)).toEqual(new Set());
    expect(await claimOnce(db, ['a:2', 'a:3'], now)).toEqual(new Set(['a:3']));
    const rows = await db
      .select()
      .from(noticeOnce)
      .where(inArray(noticeOnce.key, ['a:1', 'a:2', 'a:3']));
    expect(rows.map((r) => r.key).sort()).toEqual(['a:1', 'a:2', 'a:3']);
    expect(rows.every((r) => r.createdAt.getTime() === now.getTime())).toBe(true);
  });

  it('a transaction that rolls back gives its keys back', async () => {
    const db = database.db;
    await expect(
      db.transaction(async (tx) => {
        expect(await claimOnce(tx, ['b:1'], now)).toEqual(new Set(['b:1']));
        throw new Error('the notice could not be written');
      }),
    ).rejects.toThrow('the notice could not be written');
    expect(await claimOnce(db, ['b:1'], now)).toEqual(new Set(['b:1']));
  });

  it('claims racing for the same keys: each key goes to exactly one of them', async () => {
    const db = database.db;
    const keys = Array.from({ length: 50 }, (_, i) => `c:${i}`);
    const runs = await Promise.all([0, 1, 2].map(() => db.transaction((tx) => claimOnce(tx, keys, now))));
    const all = runs.flatMap((r) => [...r]);
    expect(all.sort()).toEqual([...keys].sort());
  });

  it('takes more keys than one statement may bind parameters for', async () => {
    const keys = Array.from({ length: 70_000 }, (_, i) => `d:${i}`);
    expect((await claimOnce(database.db, keys, now)).size).toBe(70_000);
  });
});
