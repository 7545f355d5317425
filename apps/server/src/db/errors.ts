// What a database error says, read in one place. node-postgres puts the SQLSTATE (and the constraint)
// on the error; PGlite does too; drizzle wraps either in `cause`, sometimes twice. Every caller asks
// here rather than digging through `.code` / `.cause.code` itself.

/** How far down the `cause` chain a SQLSTATE is looked for. */
const MAX_DEPTH = 5;

/** SQLSTATEs the server reacts to. */
export const SQLSTATE = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlock: '40P01',
} as const;

/** The first error in the `cause` chain that carries a SQLSTATE, with its constraint when named. */
export function databaseError(err: unknown): { code: string; constraint: string | undefined } | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < MAX_DEPTH; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, whether thrown directly or wrapped; undefined for any other error. */
export function databaseCode(err: unknown): string | undefined {
  return databaseError(err)?.code;
}

/** A unique violation (23505), on `constraint` when one is given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const found = databaseError(err);
  return (
    found?.code === SQLSTATE.uniqueViolation && (constraint === undefined || found.constraint === constraint)
  );
}

/** A transaction PostgreSQL aborted because of a concurrent one (deadlock 40P01, serialisation 40001):
 *  nothing was written, so running it again is safe. */
export function isConcurrentAbort(err: unknown): boolean {
  const code = databaseCode(err);
  return code === SQLSTATE.deadlock || code === SQLSTATE.serializationFailure;
}
