import type { DbOrTx } from './client';

/**
 * A prepared statement built once per database handle: `build` names the statement (drizzle's
 * `.prepare(name)`), and the returned function hands back the same statement for the same handle
 * every time, so the SQL is rendered once and the server parses and plans it once per connection
 * (docs/decisions/073-fewer-statements-per-request.md). Handles are held weakly: a closed test
 * database takes its statements with it.
 */
export function preparedOnce<S>(build: (db: DbOrTx) => S): (db: DbOrTx) => S {
  const statements = new WeakMap<DbOrTx, S>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
