import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { cents, defineTemplate, type PayloadSeen, TemplatePayloadError, text } from './define';
import { outbid } from './outbid';
import type { RenderContext, TemplateOutput } from './types';

// A template's rendering reads its payload by the template's own schema (define.ts PayloadSeen): the
// type-level checks below fail `npx tsc -p apps/server` when a key the schema does not declare is
// read, and a payload that does not fit is refused before the rendering runs.

const ctx: RenderContext = { publicUrl: 'https://rebound.test', secret: 'test-secret-test-secret-0123' };

const output = (words: string): TemplateOutput => ({
  email: { subject: words, preheader: words, heading: words, blocks: [], reason: 'a test' },
  sms: words,
  push: { title: words, body: words, url: '/' },
});

describe('a template renders a payload typed by its schema', () => {
  it("gives the rendering the schema's keys and types, and nothing else", () => {
    type Outbid = PayloadSeen<typeof outbid.fields>;
    expectTypeOf<Outbid['currentPriceCents']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Outbid['productTitle']>().toEqualTypeOf<string | null | undefined>();
    // The fields every payload may carry (define.ts BASE_FIELDS).
    expectTypeOf<Outbid['message']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Outbid>().not.toHaveProperty('currentPrice');

    const lamp = defineTemplate({
      name: 'lamp_test',
      fields: { title: text, priceCents: cents },
      render: (p) => {
        expectTypeOf(p.title).toEqualTypeOf<string | null | undefined>();
        expectTypeOf(p.priceCents).toEqualTypeOf<number | null | undefined>();
        // @ts-expect-error: a misspelled key does not compile.
        const misspelled = p.titel;
        return output(`${p.title ?? 'a lamp'} ${String(misspelled)}`);
      },
    });
    expect(lamp.render({ title: 'Brass lamp', priceCents: 1_200 }, ctx).sms).toBe('Brass lamp undefined');
  });

  it('refuses a payload that does not fit its schema before the rendering runs', () => {
    const render = vi.fn((p: { title?: string | null | undefined }) => output(p.title ?? 'a lamp'));
    const lamp = defineTemplate({ name: 'lamp_test', fields: { title: text, priceCents: cents }, render });

    expect(() => lamp.render({ title: 'Brass lamp', priceCents: '12.00' }, ctx)).toThrow(
      TemplatePayloadError,
    );
    expect(() => lamp.render({ title: 42 }, ctx)).toThrow(/invalid 'lamp_test' payload at title/);
    expect(render).not.toHaveBeenCalled();

    expect(lamp.render({ title: 'Brass lamp', priceCents: 1_200, olderKey: true }, ctx).sms).toBe(
      'Brass lamp',
    );
    expect(render).toHaveBeenCalledTimes(1);
    expect(render.mock.calls[0]![0]).toMatchObject({ title: 'Brass lamp', priceCents: 1_200 });
  });

  it('a registered template refuses a payload of the wrong type', () => {
    expect(() => outbid.render({ currentPriceCents: '12.00' }, ctx)).toThrow(TemplatePayloadError);
    expect(outbid.problem({ currentPriceCents: '12.00' })).toMatch(/currentPriceCents/);
    expect(outbid.render({ productTitle: 'Brass lamp', currentPriceCents: 1_200 }, ctx).sms).toContain(
      'Brass lamp',
    );
  });
});
