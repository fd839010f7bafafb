/**
 * The per-key scheduling every bus adapter shares (`src/bus/keyed-lanes.ts`): one item of a key at a time
 * and in order, keys concurrently up to the bound, retries with backoff then give-up, acknowledgement
 * before the next item of a key, drops, parking, stop, abort and drain. Handlers are controlled by hand
 * and timers are jest's fake timers: retries are checked against the backoff, never against the clock.
 */
import { KeyedLanes, retryDecision, retryDelayMs } from '../src/bus/keyed-lanes';
import type { KeyedLanesOptions, LaneEntry } from '../src/bus/keyed-lanes';

/** One handling the test settles by hand. */
interface Call {
  item: string;
  succeed: () => void;
  fail: (error?: Error) => void;
}

/** Lanes of string items keyed by their prefix before ':' (`a:1` → key `a`), with every call recorded. */
function lanesWith(options: Partial<KeyedLanesOptions<string>> = {}): {
  lanes: KeyedLanes<string>;
  calls: Call[];
  /** The items started so far, in order. */
  started: () => string[];
  /** The call of the `n`-th start (0-based); throws when there is none. */
  call: (n: number) => Call;
  add: (...items: string[]) => Array<LaneEntry<string>>;
} {
  const calls: Call[] = [];
  const lanes = new KeyedLanes<string>({
    retryInitialMs: 100,
    retryMaxMs: 1_000,
    handle: (item) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ item, succeed: resolve, fail: (error = new Error(`${item} failed`)) => reject(error) });
      }),
    ...options,
  });
  return {
    lanes,
    calls,
    started: () => calls.map((c) => c.item),
    call: (n) => {
      const found = calls[n];
      if (!found) throw new Error(`no call #${n}; started: ${calls.map((c) => c.item).join(', ')}`);
      return found;
    },
    add: (...items) => items.map((item) => lanes.add(item.split(':')[0] ?? item, item)),
  };
}

/** Lets pending promise callbacks run (no timer moves). */
async function flush(): Promise<void> {
  await jest.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('KeyedLanes ordering', () => {
  it('runs the items of one key one at a time, in the order added, and other keys at the same time', async () => {
    const { add, started, call } = lanesWith();
    add('a:1', 'a:2', 'b:1', 'a:3', 'b:2');
    expect(started()).toEqual(['a:1', 'b:1']);

    call(1).succeed(); // b:1
    await flush();
    expect(started()).toEqual(['a:1', 'b:1', 'b:2']);

    call(0).succeed(); // a:1
    await flush();
    expect(started()).toEqual(['a:1', 'b:1', 'b:2', 'a:2']);
    call(3).succeed(); // a:2
    await flush();
    expect(started()).toEqual(['a:1', 'b:1', 'b:2', 'a:2', 'a:3']);
  });

  it('runs at most `concurrency` items at once, starting waiting keys in the order they became ready', async () => {
    const { add, started, call, lanes } = lanesWith({ concurrency: 2 });
    add('a:1', 'b:1', 'c:1', 'd:1');
    expect(started()).toEqual(['a:1', 'b:1']);
    expect(lanes.running).toBe(2);

    call(1).succeed(); // b:1 frees a slot: c (ready before d) goes first
    await flush();
    expect(started()).toEqual(['a:1', 'b:1', 'c:1']);
    call(0).succeed();
    await flush();
    expect(started()).toEqual(['a:1', 'b:1', 'c:1', 'd:1']);
    expect(lanes.running).toBe(2);
  });

  it('with deferStart, only queues on add and starts on a later tick', async () => {
    const { add, started } = lanesWith({ deferStart: true });
    add('a:1', 'b:1');
    expect(started()).toEqual([]);
    await flush();
    expect(started()).toEqual(['a:1', 'b:1']);
  });

  it('parks a key nothing can handle, holding up its later items, until resumed', async () => {
    let accepting = false;
    const handled: string[] = [];
    const lanes = new KeyedLanes<string>({
      retryInitialMs: 100,
      retryMaxMs: 1_000,
      handle: (item) => {
        if (!accepting && item.startsWith('x')) return null;
        handled.push(item);
        return Promise.resolve();
      },
    });
    lanes.add('x', 'x:1');
    lanes.add('x', 'x:2');
    lanes.add('y', 'y:1');
    await flush();
    expect(handled).toEqual(['y:1']);
    expect(lanes.size).toBe(2);

    accepting = true;
    lanes.resume();
    await flush();
    expect(handled).toEqual(['y:1', 'x:1', 'x:2']);
    expect(lanes.size).toBe(0);
  });
});

describe('KeyedLanes retries', () => {
  it('retries a failed item after a doubling backoff, holding up its key only', async () => {
    const retries: Array<{ item: string; failures: number; delayMs: number }> = [];
    const { add, started, call } = lanesWith({
      onRetry: (entry, _error, delayMs) => retries.push({ item: entry.item, failures: entry.failures, delayMs }),
    });
    add('a:1', 'a:2', 'b:1');
    call(0).fail();
    await flush();
    expect(retries).toEqual([{ item: 'a:1', failures: 1, delayMs: 100 }]);
    call(1).succeed(); // b:1 is not held up
    await flush();

    await jest.advanceTimersByTimeAsync(99);
    expect(started()).toEqual(['a:1', 'b:1']);
    await jest.advanceTimersByTimeAsync(1);
    expect(started()).toEqual(['a:1', 'b:1', 'a:1']);

    call(2).fail();
    await flush();
    expect(retries.at(-1)).toEqual({ item: 'a:1', failures: 2, delayMs: 200 });
    await jest.advanceTimersByTimeAsync(200);
    expect(started()).toEqual(['a:1', 'b:1', 'a:1', 'a:1']);
    call(3).succeed();
    await flush();
    expect(started()).toEqual(['a:1', 'b:1', 'a:1', 'a:1', 'a:2']);
  });

  it('gives up after maxAttempts, then the next item of the key runs', async () => {
    const givenUp: Array<{ item: string; failures: number; error: string }> = [];
    let finishGiveUp: () => void = () => undefined;
    const { add, started, call, lanes } = lanesWith({
      maxAttempts: 2,
      onGiveUp: (entry, error) => {
        givenUp.push({ item: entry.item, failures: entry.failures, error: (error as Error).message });
        return new Promise<void>((resolve) => {
          finishGiveUp = resolve;
        });
      },
    });
    add('a:1', 'a:2');
    call(0).fail(new Error('first'));
    await jest.advanceTimersByTimeAsync(100);
    call(1).fail(new Error('second'));
    await flush();
    expect(givenUp).toEqual([{ item: 'a:1', failures: 2, error: 'second' }]);
    // The dead letter is still being written: the key waits for it.
    expect(started()).toEqual(['a:1', 'a:1']);
    expect(lanes.running).toBe(1);

    finishGiveUp();
    await flush();
    expect(started()).toEqual(['a:1', 'a:1', 'a:2']);
  });

  it('computes the backoff by doubling from the initial delay up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, 100, 1_000))).toEqual([100, 200, 400, 800, 1_000]);
    const policy = { retryInitialMs: 100, retryMaxMs: 1_000, maxAttempts: 3 };
    expect(retryDecision(2, policy)).toEqual({ action: 'retry', delayMs: 200 });
    expect(retryDecision(3, policy)).toEqual({ action: 'give-up' });
    expect(retryDecision(1_000, { ...policy, maxAttempts: Infinity })).toEqual({ action: 'retry', delayMs: 1_000 });
  });
});

describe('KeyedLanes acknowledgements and releases', () => {
  it('acknowledges a handled item before the next item of its key starts', async () => {
    const steps: string[] = [];
    let finishAck: () => void = () => undefined;
    const { add, started, call } = lanesWith({
      onSuccess: (entry) => {
        steps.push(`ack ${entry.item}`);
        return new Promise<void>((resolve) => {
          finishAck = resolve;
        });
      },
    });
    add('a:1', 'a:2');
    call(0).succeed();
    await flush();
    expect(steps).toEqual(['ack a:1']);
    expect(started()).toEqual(['a:1']);
    finishAck();
    await flush();
    expect(started()).toEqual(['a:1', 'a:2']);
  });

  it('drops queued and retry-waiting items (cancelling the retry) but lets running ones finish', async () => {
    const released: string[] = [];
    const { add, started, call, lanes } = lanesWith({
      onRelease: (entries) => released.push(...entries.map((entry) => entry.item)),
    });
    add('a:1', 'a:2', 'b:1', 'c:1');
    call(1).fail(); // b:1 waits for its retry
    await flush();

    lanes.drop((entry) => entry.key !== 'c');
    expect(released).toEqual(['a:2', 'b:1']);
    expect(lanes.size).toBe(2); // a:1 and c:1, both running
    await jest.advanceTimersByTimeAsync(10_000);
    expect(started()).toEqual(['a:1', 'b:1', 'c:1']);

    call(0).succeed();
    await flush();
    expect(released).toEqual(['a:2', 'b:1', 'a:1']);
    expect(started()).toEqual(['a:1', 'b:1', 'c:1']);
  });

  it('starts the next item of a key when its head is released, and ignores the released one’s outcome', async () => {
    const acked: string[] = [];
    const { add, started, call, lanes } = lanesWith({ onSuccess: (entry) => void acked.push(entry.item) });
    const [first] = add('a:1', 'a:2');
    if (!first) throw new Error('no entry');
    lanes.release(first);
    expect(lanes.holds(first)).toBe(false);
    expect(started()).toEqual(['a:1', 'a:2']);
    call(0).succeed();
    await flush();
    expect(acked).toEqual(['a:1']);
    expect(lanes.size).toBe(1);
  });
});

describe('KeyedLanes stop, abort and drain', () => {
  it('after stop: starts nothing, acknowledges a running success, drops a running failure, and drains', async () => {
    const acked: string[] = [];
    const retried: string[] = [];
    const { add, started, call, lanes } = lanesWith({
      onSuccess: (entry) => void acked.push(entry.item),
      onRetry: (entry) => void retried.push(entry.item),
    });
    add('a:1', 'a:2', 'b:1');
    lanes.stop();
    expect(() => lanes.add('c', 'c:1')).toThrow('stopped');
    let drained = false;
    const draining = lanes.drain().then(() => {
      drained = true;
    });

    call(0).succeed();
    await flush();
    expect(acked).toEqual(['a:1']);
    expect(started()).toEqual(['a:1', 'b:1']);
    expect(drained).toBe(false);

    call(1).fail();
    await draining;
    expect(retried).toEqual([]);
    expect(lanes.running).toBe(0);
    lanes.drop();
    expect(lanes.size).toBe(0);
  });

  it('after abort: ignores how running items end (no acknowledgement, no release) and still drains', async () => {
    const acked: string[] = [];
    const { add, call, lanes } = lanesWith({ onSuccess: (entry) => void acked.push(entry.item) });
    const [entry] = add('a:1');
    if (!entry) throw new Error('no entry');
    lanes.abort();
    call(0).succeed();
    await lanes.drain();
    expect(acked).toEqual([]);
    expect(lanes.holds(entry)).toBe(true);
  });

  it('resolves drain at once when nothing runs', async () => {
    const { lanes } = lanesWith();
    await expect(lanes.drain()).resolves.toBeUndefined();
  });

  it('refuses a concurrency or maxAttempts that is not a positive integer', () => {
    const base = { retryInitialMs: 1, retryMaxMs: 1, handle: async () => undefined };
    expect(() => new KeyedLanes({ ...base, concurrency: 0 })).toThrow(RangeError);
    expect(() => new KeyedLanes({ ...base, maxAttempts: 1.5 })).toThrow(RangeError);
  });
});
