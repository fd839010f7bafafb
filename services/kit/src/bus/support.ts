/**
 * Small helpers every event bus adapter uses (docs/architecture.md §4 "Bus"): the logger shape, option
 * checks, the readiness-probe timeout, a sleep that can be cut short, connect-on-first-use, and the
 * `Subscription` handle of a consumer. No scheduling here: that is `keyed-lanes.ts`.
 */
import type { Subscription } from './types';

/**
 * A pino-compatible logger (`{ info, warn, error }`, each taking a context object and a message). The bus
 * adapters log through it; pass the service's pino logger. Source: ARCHITECTURE §4 "Observability".
 */
export interface BusLogger {
  /** Logs a normal operational fact. */
  info(context: object, message?: string): void;
  /** Logs something that will be retried or recovered from. */
  warn(context: object, message?: string): void;
  /** Logs something that needs an operator. */
  error(context: object, message?: string): void;
}

/** A logger that drops everything; the default of the bus adapters. */
export const silentBusLogger: BusLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * True when `promise` resolves within `ms` milliseconds; false when it rejects or takes longer (it is left to
 * settle on its own). For readiness probes of the bus adapters (`EventBus.isReady`, ARCHITECTURE §4
 * "`/readyz` fails while a dependency is down").
 */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks that an option is a positive finite number (an integer when `integer`) and returns it, or
 * `fallback` when `value` is undefined.
 * @throws RangeError naming the option when it is not.
 */
export function positiveOption(name: string, value: number | undefined, fallback: number, integer = false): number {
  const result = value ?? fallback;
  if (!Number.isFinite(result) || result <= 0 || (integer && !Number.isInteger(result))) {
    throw new RangeError(`${name} must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`);
  }
  return result;
}

/**
 * Waits that can be cut short: a read loop pausing after a failure, a consumer waiting for a free slot, a
 * dead-letter write backing off. `wake()` ends every wait in progress at once (a slot freed, the connection
 * came back, the subscription stops).
 */
export class Sleeper {
  private readonly waking = new Set<() => void>();

  /** Resolves after `ms` milliseconds, or earlier on {@link wake}. Never rejects. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waking.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waking.add(done);
    });
  }

  /** Ends every {@link sleep} in progress now. */
  wake(): void {
    for (const done of [...this.waking]) done();
  }
}

/**
 * Runs `attempt` at most once at a time and shares its promise with every caller; once it succeeded, its
 * result is kept; after a failure, the next call runs it again. For clients that connect on first use.
 */
export function sharedAttempt<T>(attempt: () => Promise<T>): () => Promise<T> {
  let shared: Promise<T> | undefined;
  return () => {
    shared ??= attempt().catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    return shared;
  };
}

/** A consumer behind a {@link Subscription}: stopped gracefully (`false`) or as a crash would (`true`). */
export interface StoppableConsumer {
  stop(force: boolean): Promise<void>;
}

/**
 * The {@link Subscription} of `consumer`, one of a bus's `open` consumers: `close()` stops it gracefully
 * (in-flight handlers finish first) and then removes it from `open`.
 */
export function subscriptionOf<T extends StoppableConsumer>(consumer: T, open: Set<T>): Subscription {
  return {
    close: async () => {
      await consumer.stop(false);
      open.delete(consumer);
    },
  };
}
