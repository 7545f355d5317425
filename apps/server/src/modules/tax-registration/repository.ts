import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { siteSettings } from '../../db/schema';

// The setting's row in site_settings: { gstNumber, pstNumber }, each in its printed form or null.

export const TAX_REGISTRATION_KEY = 'tax_registration';

export async function readSetting(db: DbOrTx, lock = false): Promise<unknown> {
  const query = db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, TAX_REGISTRATION_KEY));
  const [row] = lock ? await query.for('update') : await query;
  return row?.value;
}

export async function writeSetting(tx: DbOrTx, value: unknown, now: Date) {
  await tx
    .insert(siteSettings)
    .values({ key: TAX_REGISTRATION_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
}
