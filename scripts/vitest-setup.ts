import { afterEach, beforeEach, vi } from 'vitest';

// A console.error during a test is a defect: fail the test that produced it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const first = errors[0]?.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    throw new Error(`console.error was called during the test: ${first}`);
  }
});

// node-postgres warns (once per process) when a query is sent on a client that is still running
// another: in a transaction that means two statements raced on one connection (Promise.all inside a
// transaction). Fail the test during which it was emitted.
const raced: string[] = [];
process.on('warning', (w) => {
  if (w.name === 'DeprecationWarning' && w.message.includes('client.query()'))
    raced.push(w.stack ?? w.message);
});
afterEach(async () => {
  // process warnings are emitted on the next tick
  await new Promise((r) => setImmediate(r));
  if (raced.length > 0) {
    const first = raced.splice(0).join('\n');
    throw new Error(
      `node-postgres: a query was sent while the client was busy (Promise.all in a transaction?): ${first}`,
    );
  }
});
