import { z } from 'zod';
import { PermanentDeliveryError } from '../adapters/delivery-error';
import { TEMPLATES } from '../modules/notifications';

// Payload schemas of the queued work (docs/decisions/033-several-servers.md).
// Outbox rows: one schema per template, checked when a row is queued (a wrong payload is a bug in
// the code that queues it: it throws there, in tests) and when a sender claims it (a row written
// by an older version or by hand becomes a dead letter with the reason, never a crash). Every
// template reads its payload defensively (templates/format.ts), so the schemas insist on what
// would make a message wrong rather than merely plainer: a JSON object, known keys of the right
// type. Manifest imports: the stored rows are checked when the job claims the import (a wrong
// shape fails the import with the reason). Refund reservations are typed columns (see the record).

/** Any JSON object: what every template accepts (unknown keys pass, for older and newer rows). */
const AnyObject = z.looseObject({
  /** The notice's sentence, the fallback of most templates. */
  message: z.string().nullish(),
  targetUrl: z.string().nullish(),
});

const cents = z.number().int().nonnegative().nullish();
const when = z.union([z.string().min(1), z.date()]).nullish();
const id = z.string().min(1).nullish();

/** Known keys of the money and order messages: a wrong type there would send a wrong amount. */
const SPECIFIC: Record<string, z.ZodType> = {
  auction_won: AnyObject.extend({
    orderId: id,
    productTitle: z.string().nullish(),
    finalAmountCents: cents,
    totalCents: cents,
    payBy: when,
  }),
  payment_receipt: AnyObject.extend({ orderId: id, totalCents: cents, amountCents: cents }),
  refund_issued: AnyObject.extend({ orderId: id, amountCents: cents }),
  payment_reminder: AnyObject.extend({ orderId: id, totalCents: cents, payBy: when }),
  order_cancelled: AnyObject.extend({ orderId: id }),
  outbid: AnyObject.extend({ auctionId: id, currentPriceCents: cents }),
  bid_confirmation: AnyObject.extend({ auctionId: id, amountCents: cents }),
};

let payloads: Readonly<Record<string, z.ZodType>> | undefined;

/** The payload schema of every outbox template, by template name. Built on first use: the
 *  notifications module loads this file while its own entry (which gives TEMPLATES) is still loading. */
export function outboxPayloads(): Readonly<Record<string, z.ZodType>> {
  payloads ??= Object.freeze(
    Object.fromEntries(Object.keys(TEMPLATES).map((name) => [name, SPECIFIC[name] ?? AnyObject])),
  );
  return payloads;
}

/** Why an outbox row's template and payload cannot be sent, or null when they can. */
export function outboxPayloadProblem(template: string, payload: unknown): string | null {
  // A template this version does not know is sent with the generic layout (render.ts), as before.
  const schema = outboxPayloads()[template] ?? AnyObject;
  const parsed = schema.safeParse(payload ?? {});
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return `invalid '${template}' payload${where}: ${issue.message}`;
}

/** At enqueue: throws on the first row whose payload does not fit its template (a bug to fix). */
export function assertOutboxPayloads(rows: readonly { template: string; payload?: unknown }[]): void {
  for (const row of rows) {
    const problem = outboxPayloadProblem(row.template, row.payload);
    if (problem) throw new Error(`Refusing to queue a message: ${problem}`);
  }
}

/** At claim: a payload that does not fit its template is a dead letter at once, with the reason. */
export function checkClaimedPayload(row: { template: string; payload: unknown }): void {
  const problem = outboxPayloadProblem(row.template, row.payload);
  if (problem) throw new PermanentDeliveryError(problem);
}

// ── Manifest imports (manifest_imports.rows, read by the imports.run job) ──────────────────────

/** One stored row of a checked manifest (admin-import/manifest.ts StoredRow), as the job reads it. */
const StoredManifestRow = z.looseObject({
  row: z.number().int().nonnegative(),
  sku: z.string(),
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
