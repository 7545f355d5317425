/**
 * What this server's interval jobs (jobs/runner.ts) have done, for /metrics: when each last finished
 * a run without error, how often it is meant to run and how many runs failed. Wall-clock time (not
 * the shop's clock): lag is about the process, not the business day.
 */
export interface JobState {
  everyMs: number;
  /** performance.now() when the job was registered: lag counts from there until a first success. */
  since: number;
  lastSuccess: number | null;
  failures: number;
}

export class JobStatus {
  private readonly jobs = new Map<string, JobState>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  register(name: string, everyMs: number) {
    this.jobs.set(name, { everyMs, since: this.now(), lastSuccess: null, failures: 0 });
  }

  succeeded(name: string) {
    const s = this.jobs.get(name);
    if (s) s.lastSuccess = this.now();
  }

  failed(name: string) {
    const s = this.jobs.get(name);
    if (s) s.failures++;
  }

  /**
   * Per job: lag = seconds past its interval since it last finished a run without error (0 while on
   * schedule; grows while a run hangs or keeps failing), and failed runs since this process started.
   */
  snapshot(): {
    job: string;
    lagSeconds: number;
    failures: number;
    everySeconds: number;
    lastSuccessSecondsAgo: number | null;
  }[] {
    const now = this.now();
    return [...this.jobs].map(([job, s]) => ({
      job,
      lagSeconds: Math.max(0, (now - (s.lastSuccess ?? s.since) - s.everyMs) / 1000),
      failures: s.failures,
      everySeconds: s.everyMs / 1000,
      lastSuccessSecondsAgo: s.lastSuccess === null ? null : Math.max(0, (now - s.lastSuccess) / 1000),
    }));
  }
}
