import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { createMediaStorage } from '../../adapters/storage';
import { manifestImports } from '../../db/schema';
import { runImports } from './service';

// Payload schemas of queued work (decision 033): a claimed manifest import whose stored rows do not
// fit fails with the reason. Outbox payloads: modules/notifications/payloads.test.ts.

const t = useTestApp();

describe('manifest import rows', () => {
  it('fails a claimed import whose stored rows do not fit, with the reason, instead of crashing', async () => {
    const [imp] = await t.db
      .insert(manifestImports)
      .values({
        fileName: 'broken.csv',
        status: 'importing',
        totalRows: 1,
        validRows: 1,
        rows: [{ row: 1, sku: 42, images: [], product: { title: 'Lamp' } }],
      })
      .returning();
    await runImports(t.db, createMediaStorage(t.config), () => t.clock.now());
    const [after] = await t.db.select().from(manifestImports).where(eq(manifestImports.id, imp!.id));
    expect(after!.status).toBe('failed');
    expect(after!.error).toMatch(/invalid stored rows at 0\.sku/);
    expect(after!.lockedUntil).toBeNull();
  });
});
