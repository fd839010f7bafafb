/**
 * The contract every event bus adapter keeps (ARCHITECTURE §1-2, `src/bus/types.ts`), as behaviours an
 * operator would notice. Adapter tests call {@link describeBusContract} with a factory. Tests assert
 * outcomes only, never durations: they poll with {@link waitFor}, and after an outcome keep watching for
 * `settleMs` to catch extra deliveries.
 */
import { v7 as uuidv7 } from 'uuid';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { EventBus, EventHandler } from '../src/bus/types';

/** A bus made for one test, and how to dispose of it. */
export interface BusUnderTest {
  /** The bus under test. */
  bus: EventBus;
  /** Closes every bus this factory call opened and deletes what it left in the broker. */
  cleanup: () => Promise<void>;
  /**
   * Opens another bus on the same broker namespace (another process of the system). Needed by the
   * dead-consumer test; `cleanup` closes it.
   */
  peer?: () => Promise<EventBus>;
}

/** Adapter-specific parts of the contract. */
export interface BusContractOptions {
  /** The broker keeps events published before a group's first subscribe and delivers them (Redis). */
  deliversEventsPublishedBeforeSubscribe?: boolean;
  /**
   * Kills `bus` as a crash would (running handlers are never acknowledged). With `peer`, enables the
   * test that a dead consumer's pending event is taken over.
   */
  crash?: (bus: EventBus) => Promise<void>;
  /** How long to keep watching for extra deliveries after an outcome, in ms. Default 300. */
  settleMs?: number;
}

/**
 * Polls `predicate` (which may be async) every 10 ms until it is true.
 * @param timeoutMs how long to wait, in ms (default 5 000)
 * @param what what is awaited, for the error message
 * @throws Error when `predicate` is still false after `timeoutMs`
 */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`waitFor: ${what} not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A valid envelope of `type` with partition `key` and payload `data` (tenant 1/1, version 1). */
export function makeEvent<TData>(type: string, key: string, data: TData): EventEnvelope<TData> {
  return {
    id: uuidv7(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    key,
    tenant: { organizationId: 1, workspaceId: 1 },
    data,
  };
}

/** A promise the test resolves by hand (a handler that hangs until released). */
interface Gate {
  promise: Promise<void>;
  release: () => void;
}

function gate(): Gate {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** How many times each value occurs. */
function counts(values: readonly string[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const value of values) result.set(value, (result.get(value) ?? 0) + 1);
  return result;
}

const SUBMITTED = 'form.submitted';
const CREATED = 'flow.created';

/**
 * Declares the bus contract tests for one adapter.
 * @param name the adapter's name in test titles
 * @param makeBus opens a fresh bus (and broker namespace) for one test
 * @param options adapter-specific parts, see {@link BusContractOptions}
 */
export function describeBusContract(
  name: string,
  makeBus: () => Promise<BusUnderTest>,
  options: BusContractOptions = {},
): void {
  const settleMs = options.settleMs ?? 300;

  describe(`event bus contract: ${name}`, () => {
    let subject: BusUnderTest;
    let gates: Gate[];

    beforeEach(async () => {
      gates = [];
      subject = await makeBus();
    });

    afterEach(async () => {
      for (const g of gates) g.release();
      await subject.cleanup();
    });

    /** A gate released at the latest by afterEach, so no handler outlives its test. */
    function hold(): Gate {
      const g = gate();
      gates.push(g);
      return g;
    }

    it('delivers every event once to every consumer group', async () => {
      const { bus } = subject;
      const seen: Record<string, string[]> = { alpha: [], beta: [] };
      for (const group of ['alpha', 'beta'] as const) {
        await bus.subscribe({
          group,
          types: [SUBMITTED],
          handler: async (event) => {
            seen[group]?.push(event.id);
          },
        });
      }
      const events = Array.from({ length: 10 }, (_, i) => makeEvent(SUBMITTED, `flow-${i % 3}`, { i }));
      await bus.publish(events);

      await waitFor(() => seen.alpha?.length === 10 && seen.beta?.length === 10, 5_000, 'both groups got 10');
      await sleep(settleMs);
      const ids = events.map((e) => e.id).sort();
      expect([...(seen.alpha ?? [])].sort()).toEqual(ids);
      expect([...(seen.beta ?? [])].sort()).toEqual(ids);
    });

    it('splits the events of a group between its subscriptions, each event to exactly one', async () => {
      const { bus } = subject;
      const byReplica: [string[], string[]] = [[], []];
      for (const replica of [0, 1] as const) {
        await bus.subscribe({
          group: 'workers',
          types: [SUBMITTED],
          handler: async (event) => {
            byReplica[replica].push(event.id);
          },
        });
      }
      const events = Array.from({ length: 8 }, (_, i) => makeEvent(SUBMITTED, `flow-${i}`, { i }));
      const handled = (): number => byReplica[0].length + byReplica[1].length;
      for (const [i, event] of events.entries()) {
        await bus.publish([event]);
        await waitFor(() => handled() >= i + 1, 5_000, `event ${i} handled`);
      }
      await sleep(settleMs);

      const all = [...byReplica[0], ...byReplica[1]];
      expect(all.sort()).toEqual(events.map((e) => e.id).sort());
      expect(byReplica[0].length).toBeGreaterThan(0);
      expect(byReplica[1].length).toBeGreaterThan(0);
    });

    it('redelivers an event whose handler threw until it succeeds, then never again', async () => {
      const { bus } = subject;
      const attempts: string[] = [];
      const failing = makeEvent(SUBMITTED, 'flow-1', { fail: 2 });
      const other = makeEvent(SUBMITTED, 'flow-2', { fail: 0 });
      await bus.subscribe({
        group: 'engine',
        types: [SUBMITTED],
        handler: async (event) => {
          attempts.push(event.id);
          const failuresSoFar = attempts.filter((id) => id === event.id).length - 1;
          if (event.id === failing.id && failuresSoFar < 2) throw new Error(`boom ${failuresSoFar + 1}`);
        },
      });
      await bus.publish([failing, other]);

      await waitFor(() => counts(attempts).get(failing.id) === 3, 5_000, 'three attempts');
      await sleep(settleMs);
      expect(counts(attempts).get(failing.id)).toBe(3);
      expect(counts(attempts).get(other.id)).toBe(1);
    });

    it('handles the events of one key one at a time in publish order, even across a retry', async () => {
      const { bus } = subject;
      const keys = ['flow-a', 'flow-b', 'flow-c'];
      const perKey = 8;
      const done = new Map<string, number[]>(keys.map((key) => [key, []]));
      const running = new Map<string, number>();
      let overlaps = 0;
      let failedOnce = false;
      await bus.subscribe({
        group: 'engine',
        types: [SUBMITTED],
        handler: async (event) => {
          const { seq } = event.data as { seq: number };
          const now = (running.get(event.key) ?? 0) + 1;
          running.set(event.key, now);
          if (now > 1) overlaps += 1;
          try {
            await sleep(seq % 3);
            if (event.key === 'flow-a' && seq === 3 && !failedOnce) {
              failedOnce = true;
              throw new Error('fails once');
            }
            done.get(event.key)?.push(seq);
          } finally {
            running.set(event.key, (running.get(event.key) ?? 1) - 1);
          }
        },
      });
      const events: EventEnvelope[] = [];
      for (let seq = 0; seq < perKey; seq += 1) {
        for (const key of keys) events.push(makeEvent(SUBMITTED, key, { seq }));
      }
      await bus.publish(events);

      const total = (): number => [...done.values()].reduce((sum, list) => sum + list.length, 0);
      await waitFor(() => total() === keys.length * perKey, 5_000, 'every event handled');
      const inOrder = Array.from({ length: perKey }, (_, seq) => seq);
      for (const key of keys) expect(done.get(key)).toEqual(inOrder);
      expect(failedOnce).toBe(true);
      expect(overlaps).toBe(0);
    });

    it('does not let a slow event hold up the events of other keys', async () => {
      const { bus } = subject;
      const slow = hold();
      const handled: string[] = [];
      await bus.subscribe({
        group: 'engine',
        types: [SUBMITTED],
        handler: async (event) => {
          if (event.key === 'flow-slow') await slow.promise;
          handled.push(event.key);
        },
      });
      await bus.publish([makeEvent(SUBMITTED, 'flow-slow', {}), makeEvent(SUBMITTED, 'flow-fast', {})]);

      await waitFor(() => handled.includes('flow-fast'), 5_000, 'fast key handled while slow one runs');
      expect(handled).toEqual(['flow-fast']);
      slow.release();
      await waitFor(() => handled.length === 2, 5_000, 'slow key handled');
    });

    it('does not deliver event types the group did not subscribe to', async () => {
      const { bus } = subject;
      const types: string[] = [];
      await bus.subscribe({
        group: 'engine',
        types: [SUBMITTED],
        handler: async (event) => {
          types.push(event.type);
        },
      });
      await bus.publish([makeEvent(CREATED, 'flow-1', {}), makeEvent(SUBMITTED, 'flow-1', {})]);

      await waitFor(() => types.length >= 1, 5_000, 'subscribed type delivered');
      await sleep(settleMs);
      expect(types).toEqual([SUBMITTED]);
    });

    it('close() waits for the handler in flight', async () => {
      const { bus } = subject;
      const inFlight = hold();
      const steps: string[] = [];
      await bus.subscribe({
        group: 'engine',
        types: [SUBMITTED],
        handler: async () => {
          steps.push('handler started');
          await inFlight.promise;
          steps.push('handler finished');
        },
      });
      await bus.publish([makeEvent(SUBMITTED, 'flow-1', {})]);
      await waitFor(() => steps.includes('handler started'), 5_000, 'handler started');

      const closing = bus.close().then(() => steps.push('close resolved'));
      await sleep(50);
      expect(steps).toEqual(['handler started']);
      inFlight.release();
      await closing;
      expect(steps).toEqual(['handler started', 'handler finished', 'close resolved']);
    });

    // Registered only for adapters that keep events for groups yet to subscribe (not the in-process bus).
    if (options.deliversEventsPublishedBeforeSubscribe) it(
      'delivers events published before the group first subscribed',
      async () => {
        const { bus } = subject;
        const early = makeEvent(SUBMITTED, 'flow-1', { early: true });
        await bus.publish([early]);
        const seen: string[] = [];
        await bus.subscribe({
          group: 'late-comer',
          types: [SUBMITTED],
          handler: async (event) => {
            seen.push(event.id);
          },
        });
        await waitFor(() => seen.length === 1, 5_000, 'early event delivered');
        await sleep(settleMs);
        expect(seen).toEqual([early.id]);
      },
    );

    // Registered only for adapters whose consumers can die with entries pending (brokers).
    if (options.crash) it(
      'hands the pending event of a consumer that died to another consumer of the group',
      async () => {
        const { bus, peer } = subject;
        const crash = options.crash;
        if (!peer || !crash) throw new Error('the dead-consumer test needs peer() and crash()');
        const hung = hold();
        const started: string[] = [];
        const dying: EventHandler = async (event) => {
          started.push(event.id);
          await hung.promise;
        };
        await bus.subscribe({ group: 'engine', types: [SUBMITTED], handler: dying });
        const event = makeEvent(SUBMITTED, 'flow-1', {});
        await bus.publish([event]);
        await waitFor(() => started.length === 1, 5_000, 'first consumer started the event');
        await crash(bus);

        const survivor = await peer();
        const handled: string[] = [];
        await survivor.subscribe({
          group: 'engine',
          types: [SUBMITTED],
          handler: async (e) => {
            handled.push(e.id);
          },
        });
        await waitFor(() => handled.length === 1, 10_000, 'second consumer took the event over');
        await sleep(settleMs);
        expect(handled).toEqual([event.id]);
      },
    );
  });
}
