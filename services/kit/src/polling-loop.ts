/**
 * The loop behind every background worker of a service (the outbox relay, the workflow run worker, durable
 * timers): one pass at a time; a pass runs again at once while it reports more work or was kicked during the
 * pass; otherwise it waits `pollMs`; after a failed pass it backs off exponentially (100 ms · 2^failures, up to
 * `maxBackoffMs`). `kick()` asks for a pass now (after a commit that created work), or after `lingerMs` when set:
 * kicks arriving within that window share one pass, so at a steady rate a pass handles several rows instead of
 * one (a pass costs its round trips whatever it carries; docs/benchmarks.md). When the work has due times (a
 * delay, a retry), `nextWorkInMs` tells the loop after an idle pass when the next one comes due, and the loop waits
 * only that long (at most `pollMs`): a due row is picked up at its time, not up to `pollMs` after. `stop()` waits for
 * the pass in progress. ARCHITECTURE §1 "Durable time": the work itself lives in the database, so a restart loses
 * nothing; the loop only decides when to look.
 */

/** Minimal logger the loop writes failures to. */
export interface LoopLogger {
  warn(obj: object, msg?: string): void;
}

/** Options of {@link PollingLoop}. */
export interface PollingLoopOptions {
  /** Used in log messages: `outbox relay`, `run worker` … */
  name: string;
  /** Wait between passes when idle (ms). */
  pollMs: number;
  /**
   * How long a kick waits before its pass (ms; default 0): more work committed meanwhile joins the same pass.
   * A pass that filled its batch still runs again at once.
   */
  lingerMs?: number;
  /** Longest wait after failures (ms; default 30 s). */
  maxBackoffMs?: number;
  log: LoopLogger;
  /** One pass; resolves `true` when there may be more work right away. Throwing counts as a failure. */
  pass(): Promise<boolean>;
  /**
   * Asked after a pass that found no more work: in how many ms the next known piece of work comes due (0 or less:
   * now), or `null` when none is known. The loop waits the smaller of that and `pollMs`. Throwing counts as
   * `null` (the loop polls as usual).
   */
  nextWorkInMs?(): Promise<number | null>;
}

/** See the module doc. */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  /** When the scheduled pass is due (ms since epoch), while `timer` is set. */
  private due = 0;
  private stopped = true;
  private running = false;
  private again = false;
  private failures = 0;
  private idle: Promise<void> = Promise.resolve();
  /** The wait after the last idle pass (ms): `pollMs`, or less (see `nextWorkInMs`). */
  private idleWaitMs: number;

  constructor(private readonly options: PollingLoopOptions) {
    this.idleWaitMs = options.pollMs;
  }

  /** Starts the loop with a pass right away. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a pass now; during a pass, asks for another one right after it. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(this.options.lingerMs ?? 0);
  }

  /** Stops the loop and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.idle;
  }

  /** Consecutive failed passes (0 when the last pass succeeded); for `/readyz` and metrics. */
  get consecutiveFailures(): number {
    return this.failures;
  }

  /** Schedules the next pass in `delayMs`, unless one is already due sooner. */
  private schedule(delayMs: number): void {
    if (this.stopped) return;
    const due = Date.now() + delayMs;
    if (this.timer) {
      if (this.due <= due) return;
      clearTimeout(this.timer);
    }
    this.due = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delayMs);
  }

  private async run(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let resolveIdle: () => void = () => undefined;
    this.idle = new Promise((resolve) => (resolveIdle = resolve));
    try {
      const linger = this.options.lingerMs ?? 0;
      let more: boolean;
      do {
        this.again = false;
        more = await this.options.pass();
        // Kicked during the pass: at once without a linger; otherwise after it (below).
      } while (!this.stopped && (more || (this.again && linger === 0)));
      this.failures = 0;
      this.idleWaitMs = await this.idleWait();
    } catch (error) {
      this.failures += 1;
      this.options.log.warn({ err: error, failures: this.failures }, `${this.options.name}: pass failed, will retry`);
    } finally {
      this.running = false;
      resolveIdle();
      const backoff = Math.min(this.options.maxBackoffMs ?? 30_000, 100 * 2 ** this.failures);
      // A pending poll timer must not delay a kick or a backoff, and must not be cut short by a later poll.
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.schedule(this.again && this.failures === 0 ? (this.options.lingerMs ?? 0) : this.failures === 0 ? this.idleWaitMs : backoff);
    }
  }

  /** How long to wait after an idle pass: `pollMs`, or less when `nextWorkInMs` knows of work due sooner. */
  private async idleWait(): Promise<number> {
    const { pollMs, nextWorkInMs } = this.options;
    if (!nextWorkInMs || this.stopped) return pollMs;
    try {
      const next = await nextWorkInMs();
      return next === null ? pollMs : Math.min(pollMs, Math.max(0, Math.ceil(next)));
    } catch {
      return pollMs;
    }
  }
}
