import type { FastifyBaseLogger } from 'fastify';

/**
 * Messages sent after the answer has gone out (confirmation and reset emails), so that neither
 * the answer nor its timing depends on whether the email has an account. A failure is logged;
 * the shopper can ask again. Tests (and shutdown) wait for them with settle().
 */
export class Deliveries {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  later(what: string, send: () => Promise<void>): void {
    const task = Promise.resolve()
      .then(send)
      .catch((err: unknown) => {
        this.log.error({ err }, `could not send the ${what}`);
      })
      .finally(() => {
        this.pending.delete(task);
      });
    this.pending.add(task);
  }

  /** Waits until everything queued so far has been sent (or has failed). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
