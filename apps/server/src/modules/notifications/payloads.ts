// Outbox payloads are checked against their template's schema (templates/define.ts) when a row is
// queued (a wrong payload is a bug in the code that queues it: it throws there, in tests) and when
// a sender claims it (a row written by an older version or by hand becomes a dead letter with the
// reason, never a crash; docs/decisions/033-several-servers.md).
import { z } from 'zod';
import { PermanentDeliveryError } from '../../adapters/delivery-error';
import { BASE_FIELDS } from './templates/define';
import { templateOf } from './templates/registry';

/** A template this version does not know is sent with the generic layout (render.ts): any object. */
const UNKNOWN_TEMPLATE = z.looseObject(BASE_FIELDS);

/** Why an outbox row's template and payload cannot be sent, or null when they can. */
export function outboxPayloadProblem(template: string, payload: unknown): string | null {
  const known = templateOf(template);
  if (known) return known.problem(payload);
  const parsed = UNKNOWN_TEMPLATE.safeParse(payload ?? {});
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
