/**
 * Group commit: many callers' small writes committed by one database transaction (docs/benchmarks.md, "batching";
 * docs/benchmarks.md §5). A commit waits for the WAL to reach the disk, and each statement is a round trip
 * between two processes: on 2 cores, one transaction per submission or per consumed event is what bounds
 * throughput, not the work inside it. A {@link GroupCommit} collects the items its callers submit while a
 * batch is being written and writes them together in the next one.
 *
 * How it batches:
 * - `submit(item)` queues the item and resolves with its result once the transaction that wrote it has
 *   committed (or rejects with the error that transaction met);
 * - a batch starts on the next turn of the event loop (`setImmediate`), so items submitted by the same I/O
 *   callback (the entries of one bus read, requests parsed from one socket read) go together; at most
 *   `concurrency` batches are written at once, and items that arrive meanwhile wait for the next batch, so
 *   under load batches grow by themselves and at low rates an item waits for no one;
 * - a batch holds at most `maxBatch` items (in submission order);
 * - **isolation**: when a batch of several items fails, each item is written again alone, so one bad item
 *   (a constraint, a handler that throws) fails only its own caller. A batch is all or nothing in the
 *   database, so a retried item never finds half of its batch written. `isolate` can exempt errors every item
 *   would meet again (the database is down): the whole batch fails at once.
 *
 * The trace context active when an item was submitted (the request's span, say) is kept with the item:
 * `write` runs each item's part `within` it, so the events it emits continue the caller's trace.
 */
import { context as contextApi, type Context } from '@opentelemetry/api';

/** An item of a batch as {@link GroupCommitOptions.write} sees it. */
export interface Batched<TItem> {
  /** What the caller submitted. */
  readonly item: TItem;
  /** The trace context that was active when the item was submitted. */
  readonly context: Context;
  /** Runs `fn` in {@link context}. */
  within<T>(fn: () => T): T;
}

/** Options of {@link GroupCommit}. */
export interface GroupCommitOptions<TItem, TResult> {
  /** Used in errors: `submissions`, `consumer workflows-engine` … */
  name: string;
  /** Most items per batch. Default 64. */
  maxBatch?: number;
  /** Most batches written at once. Default 2. */
  concurrency?: number;
  /**
   * Whether the items of a failed batch are written again one by one (default: always). Say no for errors that
   * every item would meet again — the database is unreachable — so that callers learn it at once instead of
   * after one more timeout per item.
   */
  isolate?(error: unknown): boolean;
  /**
   * Writes one batch in ONE transaction and resolves with one result per item, in the same order, once it
   * has committed. Throwing (or rejecting) fails the whole batch: nothing of it may be left written.
   */
  write(batch: readonly Batched<TItem>[]): Promise<readonly TResult[]>;
}

interface Pending<TItem, TResult> extends Batched<TItem> {
  resolve(result: TResult): void;
  reject(error: unknown): void;
}

/** See the module doc. */
export class GroupCommit<TItem, TResult> {
  private readonly queue: Pending<TItem, TResult>[] = [];
  private readonly maxBatch: number;
  private readonly concurrency: number;
  private inFlight = 0;
  private scheduled = false;
  private readonly idle = new Set<() => void>();

  /** @throws RangeError when `maxBatch` or `concurrency` is not a positive integer */
  constructor(private readonly options: GroupCommitOptions<TItem, TResult>) {
    this.maxBatch = positiveInteger('maxBatch', options.maxBatch ?? 64);
    this.concurrency = positiveInteger('concurrency', options.concurrency ?? 2);
  }

  /** Items queued and not yet taken by a batch (for tests and metrics). */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Queues `item` for the next batch; resolves with its result once its transaction committed.
   * @throws (rejects) whatever writing the item failed with; alone, when its batch failed as a whole
   */
  submit(item: TItem): Promise<TResult> {
    const captured: Context = contextApi.active();
    return new Promise<TResult>((resolve, reject) => {
      this.queue.push({ item, context: captured, within: (fn) => contextApi.with(captured, fn), resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once nothing is queued or being written. */
  drained(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.concurrency || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.concurrency && this.queue.length > 0) {
        void this.runBatch(this.queue.splice(0, this.maxBatch));
      }
    });
  }

  private async runBatch(batch: Pending<TItem, TResult>[]): Promise<void> {
    this.inFlight += 1;
    try {
      try {
        settle(batch, await this.writeChecked(batch));
      } catch (error) {
        if (batch.length === 1 || !(this.options.isolate?.(error) ?? true)) {
          for (const pending of batch) pending.reject(error);
        } else {
          // Isolate the failure: each item alone, one after the other (they were submitted concurrently).
          for (const pending of batch) {
            try {
              settle([pending], await this.writeChecked([pending]));
            } catch (alone) {
              pending.reject(alone);
            }
          }
        }
      }
    } finally {
      this.inFlight -= 1;
      if (this.queue.length > 0) this.schedule();
      else if (this.inFlight === 0) {
        const waiting = [...this.idle];
        this.idle.clear();
        for (const resolve of waiting) resolve();
      }
    }
  }

  private async writeChecked(batch: readonly Pending<TItem, TResult>[]): Promise<readonly TResult[]> {
    const results = await this.options.write(batch);
    if (results.length !== batch.length) {
      throw new Error(`${this.options.name}: group commit wrote ${batch.length} items but returned ${results.length} results`);
    }
    return results;
  }
}

function settle<TItem, TResult>(batch: readonly Pending<TItem, TResult>[], results: readonly TResult[]): void {
  batch.forEach((pending, index) => pending.resolve(results[index] as TResult));
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
