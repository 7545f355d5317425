// How a template is declared: its name, the payload it reads (a zod schema), and its rendering, in
// one place (its own file); the registry (registry.ts) is built from these declarations, and the
// payload type the code queues is inferred from the same schema (enqueue.ts, outbox.ts).
import { z } from 'zod';
import type { Payload, RenderContext, TemplateOutput } from './types';

/**
 * What every payload may carry: the in-app sentence and its link (every template's fallback, and the
 * whole of the generic message) and the notice kind (render.ts: which emails carry the one-click
 * unsubscribe). Notices get these from enqueue.ts; other messages set them in the payload.
 */
export const BASE_FIELDS = {
  message: z.string().nullish(),
  targetUrl: z.string().nullish(),
  kind: z.string().nullish(),
};

// Field types the templates share. Every field is optional: a row written by an older version may
// lack a key, and the template then says less. What a schema refuses is a value that would make a
// message wrong (a wrong amount, a wrong date), not one that makes it plainer.
export const text = z.string().nullish();
export const id = z.string().min(1).nullish();
export const cents = z.number().int().nonnegative().nullish();
/** An instant: ISO text as stored (a Date is stored as its ISO text). */
export const when = z.union([z.string().min(1), z.date()]).nullish();
export const flag = z.boolean().nullish();
/** Dollars as a number or as text ('45.00'): the test email's sample amount. */
export const dollars = z.union([z.number(), z.string()]).nullish();

type Fields = z.ZodRawShape;
type Base = typeof BASE_FIELDS;
/**
 * The payload a template's rendering sees: checked by its schema, and typed by the same schema
 * without an index signature, so rendering reads keys the schema declares and a misspelled key does
 * not compile (unknown keys of older and newer rows pass at run time, unread).
 */
export type PayloadSeen<F extends Fields> = z.output<z.ZodObject<Base & F, z.core.$strip>>;

export interface TemplateDef<N extends string = string, F extends Fields = Fields> {
  /** The outbox `template` column. */
  readonly name: N;
  /** The template's own payload keys (types: enqueue.ts, outbox.ts). */
  readonly fields: F;
  /** The whole payload as stored: BASE_FIELDS, the template's keys, anything else passes. */
  readonly schema: z.ZodType<Payload>;
  /** The notice kind of its messages when the payload does not say (older rows). */
  readonly kind?: string;
  /** Why a payload cannot be sent with this template, or null when it can. */
  problem(payload: unknown): string | null;
  /** Checks the payload, then renders; a payload that does not fit throws TemplatePayloadError. */
  render(payload: unknown, ctx: RenderContext): TemplateOutput;
}

/** A payload that does not fit its template's schema: the message says which key and why. */
export class TemplatePayloadError extends Error {
  override name = 'TemplatePayloadError';
}

export function defineTemplate<const N extends string, F extends Fields>(def: {
  name: N;
  fields: F;
  kind?: string;
  render: (payload: PayloadSeen<F>, ctx: RenderContext) => TemplateOutput;
}): TemplateDef<N, F> {
  const schema = z.looseObject({ ...BASE_FIELDS, ...def.fields });
  const check = (payload: unknown) => {
    const parsed = schema.safeParse(payload ?? {});
    if (parsed.success) return { ok: true as const, payload: parsed.data as PayloadSeen<F> };
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return { ok: false as const, problem: `invalid '${def.name}' payload${where}: ${issue.message}` };
  };
  return {
    name: def.name,
    fields: def.fields,
    schema: schema as unknown as z.ZodType<Payload>,
    ...(def.kind ? { kind: def.kind } : {}),
    problem: (payload) => {
      const c = check(payload);
      return c.ok ? null : c.problem;
    },
    render: (payload, ctx) => {
      const c = check(payload);
      if (!c.ok) throw new TemplatePayloadError(c.problem);
      return def.render(c.payload, ctx);
    },
  };
}

/** The payload the code queues for a template: its own keys, typed (a wrong key or type does not compile). */
export type FieldsPayload<F extends Fields> = z.input<z.ZodObject<F>>;
