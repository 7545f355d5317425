import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client';
import { preparedOnce } from './prepared';

describe('preparedOnce', () => {
  it('builds one statement per handle and hands the same one back', () => {
    const built: object[] = [];
    const statementFor = preparedOnce((db) => {
      const statement = { db };
      built.push(statement);
      return statement;
    });
    const a = {} as DbOrTx;
    const b = {} as DbOrTx;
    const first = statementFor(a);
    expect(statementFor(a)).toBe(first);
    const other = statementFor(b);
    expect(other).not.toBe(first);
    expect(other.db).toBe(b);
    expect(built).toHaveLength(2);
  });
});
