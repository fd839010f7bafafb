/**
 * The in-process bus (embedded mode) against the event bus contract, plus its own choices: no replay of
 * events published before a group existed, and a group that outlives its subscriptions.
 */
import { InProcessBus, settlesWithin } from '../src/bus/in-process';
import { describeBusContract, makeEvent, sleep, waitFor } from './bus-contract';

describeBusContract('in-process', async () => {
  const bus = new InProcessBus({ retryInitialMs: 20, retryMaxMs: 200 });
  return { bus, cleanup: () => bus.close() };
});

describe('InProcessBus', () => {
  let bus: InProcessBus;
  beforeEach(() => {
    bus = new InProcessBus({ retryInitialMs: 20, retryMaxMs: 200 });
  });
  afterEach(() => bus.close());

  it('does not replay events published before a group first subscribed', async () => {
    await bus.publish([makeEvent('form.submitted', 'flow-1', { early: true })]);
    const seen: unknown[] = [];
    await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async (e) => void seen.push(e.data) });
    await bus.publish([makeEvent('form.submitted', 'flow-1', { early: false })]);
    await waitFor(() => seen.length === 1);
    await sleep(100);
    expect(seen).toEqual([{ early: false }]);
  });

  it('keeps events for a group while it has no open subscription and delivers them to the next one', async () => {
    const first = await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async () => undefined });
    await first.close();
    const event = makeEvent('form.submitted', 'flow-1', {});
    await bus.publish([event]);
    const seen: string[] = [];
    await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async (e) => void seen.push(e.id) });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([event.id]);
  });

  it('runs at most `concurrency` handlers of a group at once', async () => {
    const narrow = new InProcessBus({ concurrency: 2 });
    let running = 0;
    let peak = 0;
    let done = 0;
    await narrow.subscribe({
      group: 'engine',
      types: ['form.submitted'],
      handler: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(5);
        running -= 1;
        done += 1;
      },
    });
    await narrow.publish(Array.from({ length: 8 }, (_, i) => makeEvent('form.submitted', `flow-${i}`, {})));
    await waitFor(() => done === 8);
    await narrow.close();
    expect(peak).toBe(2);
  });

  it('rejects publish and subscribe once closed, and reports not ready', async () => {
    await bus.close();
    await expect(bus.publish([makeEvent('form.submitted', 'flow-1', {})])).rejects.toThrow('closed');
    await expect(
      bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async () => undefined }),
    ).rejects.toThrow('closed');
    await expect(bus.isReady()).resolves.toBe(false);
  });

  it('rejects invalid options', () => {
    expect(() => new InProcessBus({ concurrency: 0 })).toThrow(RangeError);
    expect(() => new InProcessBus({ retryInitialMs: -1 })).toThrow(RangeError);
  });
});

describe('settlesWithin (the adapters’ readiness probes)', () => {
  it('says whether a probe answered in time', async () => {
    expect(await settlesWithin(Promise.resolve('PONG'), 100)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('connection refused')), 100)).toBe(false);
    expect(await settlesWithin(sleep(500), 20)).toBe(false);
  });
});
