import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone out: queueing the confirmation, reset and sign-in-code
 * messages in the outbox, so that neither the answer nor its timing depends on whether the email or
 * number has an account. A failure is logged; the shopper can ask again. settle() waits for what
 * was queued so far and then for one pass of the sender (`flush`), so the development mailbox and
 * tests see the message itself (and shutdown loses nothing queued).
 */
export class Deliveries {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly flush: () => Promise<void> = async () => {},
  ) {}

  later(what: string, work: () => Promise<void>): void {
    const task = Promise.resolve()
      .then(work)
      .catch((err: unknown) => {
        this.log.error({ err }, `could not queue the ${what}`);
      })
      .finally(() => {
        this.pending.delete(task);
      });
    this.pending.add(task);
  }

  /** Waits until everything queued so far is in the outbox and the sender has had a pass at it. */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    await this.flush();
  }
}
