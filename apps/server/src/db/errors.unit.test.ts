import { describe, expect, it } from 'vitest';
import { databaseCode, databaseError, isConcurrentAbort, isUniqueViolation } from './errors';

const pgError = (code: string, constraint?: string) => Object.assign(new Error('db'), { code, constraint });
const wrapped = (cause: unknown, times = 1): unknown =>
  times === 0 ? cause : wrapped(new Error('Failed query', { cause }), times - 1);

describe('database errors', () => {
  it('finds the SQLSTATE on the error or down its cause chain', () => {
    expect(databaseCode(pgError('40P01'))).toBe('40P01');
    expect(databaseCode(wrapped(pgError('40001')))).toBe('40001');
    expect(databaseCode(wrapped(pgError('23505'), 3))).toBe('23505');
    expect(databaseError(wrapped(pgError('23505', 'users_email_unique')))).toEqual({
      code: '23505',
      constraint: 'users_email_unique',
    });
  });

  it('is undefined for errors that are not the database’s', () => {
    expect(databaseCode(new Error('plain'))).toBeUndefined();
    expect(databaseCode(Object.assign(new Error(), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(databaseCode(null)).toBeUndefined();
    expect(databaseCode('23505')).toBeUndefined();
    // A cause chain is followed only so far (and never forever).
    expect(databaseCode(wrapped(pgError('23505'), 6))).toBeUndefined();
  });

  it('tells a unique violation, on a named constraint when asked', () => {
    expect(isUniqueViolation(wrapped(pgError('23505', 'a_unique')))).toBe(true);
    expect(isUniqueViolation(wrapped(pgError('23505', 'a_unique')), 'a_unique')).toBe(true);
    expect(isUniqueViolation(wrapped(pgError('23505', 'a_unique')), 'b_unique')).toBe(false);
    expect(isUniqueViolation(pgError('23503'))).toBe(false);
  });

  it('tells a transaction aborted by a concurrent one', () => {
    expect(isConcurrentAbort(wrapped(pgError('40P01')))).toBe(true);
    expect(isConcurrentAbort(pgError('40001'))).toBe(true);
    expect(isConcurrentAbort(pgError('23505'))).toBe(false);
    expect(isConcurrentAbort(new Error('plain'))).toBe(false);
  });
});
