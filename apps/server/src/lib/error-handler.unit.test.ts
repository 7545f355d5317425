import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseCode } from '../db/errors';
import { errorHandler } from './error-handler';

// A deadlock or serialisation failure aborts one of two concurrent transactions: nothing was
// written, so the answer is a 409 asking to try again, never a 500.

const app = Fastify({ logger: false });
app.setErrorHandler(errorHandler);
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('x'), { code }) });
app.get('/deadlock', async () => {
  throw wrapped('40P01');
});
app.get('/serialization', async () => {
  throw Object.assign(new Error('could not serialize access'), { code: '40001' });
});
app.get('/unique', async () => {
  throw wrapped('23505');
});
afterAll(() => app.close());

describe('database conflicts', () => {
  it('finds the SQLSTATE directly or in the cause chain', () => {
    expect(databaseCode(wrapped('40P01'))).toBe('40P01');
    expect(databaseCode(Object.assign(new Error(), { code: '40001' }))).toBe('40001');
    expect(databaseCode(new Error('plain'))).toBeUndefined();
    expect(databaseCode(Object.assign(new Error(), { code: 'ECONNRESET' }))).toBeUndefined();
  });

  it('answers a deadlock and a serialisation failure with 409 concurrent_change', async () => {
    for (const url of ['/deadlock', '/serialization']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('concurrent_change');
    }
  });

  it('leaves other database errors as a 500 without details', async () => {
    const res = await app.inject({ method: 'GET', url: '/unique' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
  });
});
