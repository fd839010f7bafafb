/**
 * Group commit, as the callers of a batched write see it: what is submitted together is written together,
 * each caller gets its own result, one bad item fails only its own caller, and the caller's trace context
 * reaches its part of the batch.
 */
import { context, createContextKey } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { GroupCommit, type Batched } from '../src/group-commit';

/** A fake "database": records each batch written and fails any batch holding a poisoned item. */
function recorder(poison: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const writer = new GroupCommit<number, string>({
    name: 'test',
    maxBatch: 4,
    concurrency: 1,
    write: async (batch: readonly Batched<number>[]) => {
      const items = batch.map((entry) => entry.item);
      if (gate) await gate;
      if (items.some(poison)) throw new Error(`poisoned batch ${items.join(',')}`);
      batches.push(items);
      return items.map((item) => `wrote ${item}`);
    },
  });
  return {
    writer,
    batches,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release() {
      gate = undefined;
      release?.();
    },
  };
}

it('writes items submitted together in one batch, and resolves each caller with its own result', async () => {
  const { writer, batches } = recorder();
  const results = await Promise.all([1, 2, 3].map((item) => writer.submit(item)));
  expect(results).toEqual(['wrote 1', 'wrote 2', 'wrote 3']);
  expect(batches).toEqual([[1, 2, 3]]);
});

it('caps a batch at maxBatch and queues what arrives during a write for the next batch', async () => {
  const { writer, batches, hold, release } = recorder();
  hold();
  const first = [1, 2, 3, 4, 5].map((item) => writer.submit(item));
  await new Promise((resolve) => setImmediate(resolve));
  // The first batch (1-4) is being written; 5 waits, and so do 6 and 7 that arrive now.
  const later = [6, 7].map((item) => writer.submit(item));
  expect(writer.queued).toBe(3);
  release();
  await Promise.all([...first, ...later]);
  expect(batches).toEqual([
    [1, 2, 3, 4],
    [5, 6, 7],
  ]);
  await writer.drained();
});

it('fails only the caller whose item made the batch fail; the others are written alone', async () => {
  const { writer, batches } = recorder((item) => item === 2);
  const outcomes = await Promise.allSettled([1, 2, 3].map((item) => writer.submit(item)));
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('poisoned batch 2'));
  expect(batches).toEqual([[1], [3]]);
});

it("runs each item's part in the trace context of its caller", async () => {
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  try {
    const caller = createContextKey('caller');
    const seen: unknown[] = [];
    const writer = new GroupCommit<string, void>({
      name: 'test',
      write: async (batch) => {
        for (const entry of batch) entry.within(() => seen.push(context.active().getValue(caller)));
        return batch.map(() => undefined);
      },
    });
    await Promise.all(
      ['a', 'b'].map((name) => context.with(context.active().setValue(caller, name), () => writer.submit(name))),
    );
    expect(seen).toEqual(['a', 'b']);
  } finally {
    context.disable();
  }
});

it('refuses a batch size or concurrency that is not a positive integer', () => {
  const write = async () => [];
  expect(() => new GroupCommit({ name: 'x', maxBatch: 0, write })).toThrow(RangeError);
  expect(() => new GroupCommit({ name: 'x', concurrency: 1.5, write })).toThrow(RangeError);
});

it('fails the whole batch at once when the error is one every item would meet again', async () => {
  let writes = 0;
  const writer = new GroupCommit<number, string>({
    name: 'test',
    isolate: (error) => !(error instanceof Error && error.message === 'database unreachable'),
    write: async () => {
      writes += 1;
      throw new Error('database unreachable');
    },
  });
  const outcomes = await Promise.allSettled([1, 2, 3].map((item) => writer.submit(item)));
  expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
  expect(writes).toBe(1);
});
