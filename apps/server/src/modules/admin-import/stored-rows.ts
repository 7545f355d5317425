import { MAX_ROW_QUANTITY } from '@rebound/core/manifest';
import { z } from 'zod';

// The payload schema of a queued manifest import (docs/decisions/033-several-servers.md): the
// stored rows (manifest_imports.rows) are checked when the imports.run job claims the import (a
// wrong shape fails the import with the reason). It lives with the import it describes, so the
// module needs nothing from jobs/ (docs/decisions/088-no-baselines-no-back-arrows.md). Outbox rows
// are checked against the schema their template declares (modules/notifications/payloads.ts).

/** One stored row of a checked manifest (manifest.ts StoredRow), as the job reads it. */
const StoredManifestRow = z.looseObject({
  row: z.number().int().nonnegative(),
  sku: z.string(),
  /** Units the row makes (absent in rows stored before the quantity column: 1). */
  quantity: z.number().int().min(1).max(MAX_ROW_QUANTITY).optional(),
  values: z.record(z.string(), z.unknown()).optional(),
  images: z.array(z.string()),
  product: z.record(z.string(), z.unknown()).nullable(),
});
export const ManifestImportRows = z.array(StoredManifestRow);

/** The stored rows of a claimed import, or why they cannot be imported. */
export function checkImportRows<T>(rows: unknown): { ok: true; rows: T[] } | { ok: false; error: string } {
  const parsed = ManifestImportRows.safeParse(rows);
  if (parsed.success) return { ok: true, rows: rows as T[] };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return { ok: false, error: `invalid stored rows${where}: ${issue.message}` };
}
