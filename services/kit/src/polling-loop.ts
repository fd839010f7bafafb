/**
 * The loop behind every background worker of a service (the outbox relay, the workflow run worker, durable
 * timers): one pass at a time; a pass runs again at once while it reports more work or was kicked during the
 * pass; otherwise it waits `pollMs`; after a failed pass it backs off exponentially (100 ms · 2^failures, up to
 * `maxBackoffMs`). `kick()` asks for a pass now (after a commit that created work); `stop()` waits for the pass
 * in progress. ARCHITECTURE §1 "Durable time": the work itself lives in the database, so a restart loses
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
  /** Longest wait after failures (ms; default 30 s). */
  maxBackoffMs?: number;
  log: LoopLogger;
  /** One pass; resolves `true` when there may be more work right away. Throwing counts as a failure. */
  pass(): Promise<boolean>;
}

/** See the module doc. */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private running = false;
  private again = false;
  private failures = 0;
  private idle: Promise<void> = Promise.resolve();

  constructor(private readonly options: PollingLoopOptions) {}

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
    this.schedule(0);
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

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private async run(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let resolveIdle: () => void = () => undefined;
    this.idle = new Promise((resolve) => (resolveIdle = resolve));
    try {
      let more: boolean;
      do {
        this.again = false;
        more = await this.options.pass();
      } while (!this.stopped && (this.again || more));
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      this.options.log.warn({ err: error, failures: this.failures }, `${this.options.name}: pass failed, will retry`);
    } finally {
      this.running = false;
      resolveIdle();
      const backoff = Math.min(this.options.maxBackoffMs ?? 30_000, 100 * 2 ** this.failures);
      this.schedule(this.again ? 0 : this.failures === 0 ? this.options.pollMs : backoff);
    }
  }
}
