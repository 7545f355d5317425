// The one input guard (lib/input-guard.ts, app.ts): half of a UTF-16 pair anywhere in a request is a
// clear 400 that stores nothing, on every route; a whole pair (an emoji) is a character and passes.
import type { PersonDetail } from '@rebound/contract/admin-people';
import { API } from '@rebound/contract/routes';
import type { SavedSearch } from '@rebound/contract/saved-searches';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../test/auth';
import { useTestApp } from '../../test/harness';
import { savedSearches, users } from '../db/schema';
import { badText, findBadInput } from './input-guard';

const t = useTestApp();
let ava: SignedInUser;
let staff: SignedInUser;

beforeAll(async () => {
  ava = await signedInUser(t);
  staff = await signedInUser(t, { role: 'staff' });
});

/** A JSON body as the tester sent it: the escape written out, not a character. */
const json = (text: string) => ({ 'content-type': 'application/json' as const, body: text });

describe('the text check', () => {
  it('tells a lone half from a whole pair, in values and keys', () => {
    expect(badText('bad \ud83d end')).toBe('surrogate');
    expect(badText('bad \ude00 end')).toBe('surrogate');
    expect(badText('\ude00\ud83d')).toBe('surrogate');
    expect(badText('a\u0000b')).toBe('nul');
    expect(badText('lamp \ud83d\ude00 ok')).toBeNull();
    expect(findBadInput({ a: [{ b: 'x' }, { c: '\ud83d' }] })).toEqual({ kind: 'surrogate', path: 'a.1.c' });
    expect(findBadInput({ 'k\udc00': 1 })).toEqual({ kind: 'surrogate', path: 'k?' });
  });
});

describe('a lone surrogate', () => {
  it('is refused by the saved-search POST with a 400 that names the field, and nothing is stored', async () => {
    const body = json('{"name":"Lamps","query":{"q":"bad \\ud83d end"}}');
    const res = await t.app.inject({
      method: 'POST',
      url: API.meSavedSearches,
      headers: { cookie: ava.cookie, 'content-type': body['content-type'] },
      payload: body.body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'unpaired_surrogate',
      message: expect.stringContaining('query.q'),
      details: [{ path: 'query.q' }],
    });
    const rows = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, ava.user.id));
    expect(rows).toHaveLength(0);
  });

  it('is refused in staff notes (and in a key), and the notes stay as they were', async () => {
    for (const text of ['{"notes":"Prefers \\udc00 Saturdays"}', '{"notes":"ok","x\\ud83d":1}']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: API.adminPersonNotes(ava.user.id),
        headers: { cookie: staff.cookie, 'content-type': 'application/json' },
        payload: text,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('unpaired_surrogate');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, ava.user.id));
    expect(row?.staffNotes ?? '').toBe('');
  });

  it('cannot come in a URL: a percent-encoded half is not decoded, never a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop?q=tv%20%ED%A0%BD' });
    expect(res.statusCode).toBe(200);
    const param = await t.app.inject({
      method: 'DELETE',
      url: `${API.meSavedSearches}/%ED%A0%BD`,
      headers: { cookie: ava.cookie },
    });
    expect(param.statusCode).toBe(400);
  });

  it('a whole pair (an emoji) is kept in both', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: API.meSavedSearches,
      headers: { cookie: ava.cookie, 'content-type': 'application/json' },
      payload: '{"name":"Lamps \\ud83d\\ude00","query":{"q":"lamp \\ud83d\\ude00"}}',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json<SavedSearch>().name).toBe('Lamps \u{1F600}');
    const notes = await t.app.inject({
      method: 'PUT',
      url: API.adminPersonNotes(ava.user.id),
      headers: { cookie: staff.cookie },
      payload: { notes: 'Likes \u{1F600}' },
    });
    expect(notes.statusCode).toBe(200);
    expect(notes.json<PersonDetail>().person.staffNotes).toBe('Likes \u{1F600}');
  });
});
