/**
 * Polling helpers for tests and scripts: wait until something becomes true (a mail arrives, a run
 * finishes, a server answers) without fixed sleeps.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Options of {@link waitFor}. */
export interface WaitForOptions {
  /** Give up after this many ms (default 15 000). */
  timeoutMs?: number;
  /** Pause between attempts in ms (default 100). */
  intervalMs?: number;
  /** What is awaited, for the timeout error's message (default `condition`). */
  description?: string;
}

/** Thrown by {@link waitFor} when the condition did not hold in time. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
  constructor(
    description: string,
    timeoutMs: number,
    /** The last value `check` returned, or the last error it threw. */
    readonly last: unknown,
  ) {
    super(`Timed out after ${timeoutMs} ms waiting for ${description}; last result: ${describe(last)}`);
  }
}

/**
 * Calls `check` until it resolves a value other than `undefined`, `null` or `false`, and resolves that value.
 * An error thrown by `check` counts as "not yet" (it is reported if time runs out).
 * @throws WaitTimeoutError after `timeoutMs`.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  options: WaitForOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const intervalMs = options.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline) throw new WaitTimeoutError(options.description ?? 'condition', timeoutMs, last);
    await sleep(intervalMs);
  }
}

/**
 * Waits until `url` answers with a 2xx status (e.g. a service's `/healthz`).
 * @throws WaitTimeoutError after `options.timeoutMs`.
 */
export async function waitForHttp(url: string, options: WaitForOptions = {}): Promise<void> {
  await waitFor(
    async () => {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return response.ok;
    },
    { description: `${url} to answer 2xx`, ...options },
  );
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.slice(0, 500);
  } catch {
    return String(value);
  }
}
