/**
 * The background loop every worker runs on: work is picked up when kicked, keeps going while there is more,
 * survives failing passes, and stops cleanly.
 */
import { PollingLoop } from '../src/polling-loop';

const quiet = { warn: () => undefined };

async function until(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

it('drains a backlog in consecutive passes, then waits for a kick', async () => {
  let backlog = 5;
  let passes = 0;
  const loop = new PollingLoop({
    name: 'test',
    pollMs: 60_000,
    log: quiet,
    pass: async () => {
      passes += 1;
      if (backlog > 0) backlog -= 1;
      return backlog > 0;
    },
  });
  loop.start();
  await until(() => backlog === 0);
  const afterDrain = passes;
  backlog = 2;
  loop.kick();
  await until(() => backlog === 0);
  expect(passes).toBeGreaterThan(afterDrain);
  await loop.stop();
});

it('keeps trying after failing passes and reports the failures until one succeeds', async () => {
  let calls = 0;
  const warnings: unknown[] = [];
  const loop = new PollingLoop({
    name: 'test',
    pollMs: 10,
    maxBackoffMs: 20,
    log: { warn: (obj) => warnings.push(obj) },
    pass: async () => {
      calls += 1;
      if (calls <= 2) throw new Error('database down');
      return false;
    },
  });
  loop.start();
  await until(() => calls >= 3);
  await until(() => loop.consecutiveFailures === 0);
  expect(warnings).toHaveLength(2);
  await loop.stop();
});

it('waits for the pass in progress when stopped, and runs no pass after', async () => {
  let release: () => void = () => undefined;
  let finished = false;
  let passes = 0;
  const loop = new PollingLoop({
    name: 'test',
    pollMs: 5,
    log: quiet,
    pass: async () => {
      passes += 1;
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
      return false;
    },
  });
  loop.start();
  await until(() => passes === 1);
  const stopping = loop.stop();
  release();
  await stopping;
  expect(finished).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(passes).toBe(1);
});

it('with a linger, lets the kicks that arrive within it share one pass', async () => {
  let passes = 0;
  const loop = new PollingLoop({
    name: 'test',
    pollMs: 60_000,
    lingerMs: 50,
    log: quiet,
    pass: async () => {
      passes += 1;
      return false;
    },
  });
  loop.start();
  await until(() => passes === 1);
  // Three kicks 10 ms apart: without the linger each would get a pass of its own.
  for (let kick = 0; kick < 3; kick += 1) {
    loop.kick();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await until(() => passes >= 2);
  await new Promise((resolve) => setTimeout(resolve, 120));
  await loop.stop();
  expect(passes).toBe(2);
});

it('after an idle pass, waits only until the next known work is due, never longer than pollMs', async () => {
  const passesAt: number[] = [];
  let dueAt = Date.now() + 150;
  const loop = new PollingLoop({
    name: 'test',
    pollMs: 60_000,
    log: quiet,
    pass: async () => {
      passesAt.push(Date.now());
      return false;
    },
    nextWorkInMs: async () => (passesAt.length < 2 ? dueAt - Date.now() : null),
  });
  const started = Date.now();
  loop.start();
  // The first pass at once; the second when the work comes due, not a minute later.
  await until(() => passesAt.length >= 2, 3000);
  expect(passesAt[1]! - started).toBeGreaterThanOrEqual(140);
  // Nothing known after that: the loop polls every pollMs (a minute), so no third pass soon.
  dueAt = 0;
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(passesAt).toHaveLength(2);
  await loop.stop();
});

it('polls as usual when asking for the next due work fails', async () => {
  let passes = 0;
  const loop = new PollingLoop({
    name: 'test',
    pollMs: 20,
    log: quiet,
    pass: async () => {
      passes += 1;
      return false;
    },
    nextWorkInMs: async () => {
      throw new Error('database down');
    },
  });
  loop.start();
  await until(() => passes >= 3);
  await loop.stop();
});
