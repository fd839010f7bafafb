/**
 * The code sandbox itself (`src/sandbox/code-sandbox.ts`), as an operator relies on it: a native operation QuickJS
 * cannot interrupt is ended by the watchdog (its thread terminated and replaced), a job that leaves promise jobs
 * queued retires its thread, threads run jobs side by side, and stopping the sandbox ends every job. Limits are made
 * small here so that the cases are quick; no assertion depends on time.
 */
import { CodeSandbox } from '../src/sandbox/code-sandbox';

jest.setTimeout(240_000);

describe('the code sandbox', () => {
  const sandboxes: CodeSandbox[] = [];
  const make = (options: ConstructorParameters<typeof CodeSandbox>[0]) => {
    const sandbox = new CodeSandbox(options);
    sandboxes.push(sandbox);
    return sandbox;
  };

  afterAll(async () => {
    await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
  });

  it('terminates a thread stuck in a native operation past the time limit, and runs the next job on a new one', async () => {
    const sandbox = make({ timeLimitMs: 100, watchdogGraceMs: 100, memoryLimitBytes: 512 * 1024 * 1024 });
    expect(await sandbox.run('return 1', {})).toEqual({ ok: true, value: 1 });
    // Sorting four million one-letter strings is one native call, seconds long: QuickJS's interrupt handler is not
    // asked meanwhile, so the watchdog ends the thread.
    const stuck = await sandbox.run('const letters = "ab".repeat(2e6).split("");\nreturn letters.sort().length', {});
    expect(stuck).toMatchObject({ ok: false, reason: 'timeout' });
    expect(sandbox.stats()).toMatchObject({ started: 1, replaced: 1, threads: 0 });
    expect(await sandbox.run('return input.n * 2', { n: 21 })).toEqual({ ok: true, value: 42 });
    expect(sandbox.stats()).toMatchObject({ started: 2, threads: 1 });
  });

  it('keeps a result within its size, and replaces a thread whose job left promise jobs queued', async () => {
    const sandbox = make({ resultMaxBytes: 16 });
    expect(await sandbox.run('return "x".repeat(32)', {})).toMatchObject({ ok: false, reason: 'too_large' });
    const left = await sandbox.run('const spin = () => Promise.resolve().then(spin);\nspin();\nreturn "done"', {});
    expect(left).toEqual({ ok: true, value: 'done' });
    expect(sandbox.stats().replaced).toBe(1);
    expect(await sandbox.run('return [typeof require, typeof process, typeof fetch].join() === "undefined,undefined,undefined"', {})).toEqual({ ok: true, value: true });
  });

  it('runs jobs on its threads side by side, each with its own input', async () => {
    const sandbox = make({ threads: 2 });
    const outcomes = await Promise.all([1, 2, 3, 4].map((n) => sandbox.run('return input.n + 100', { n })));
    expect(outcomes).toEqual([101, 102, 103, 104].map((value) => ({ ok: true, value })));
    expect(sandbox.stats().started).toBeLessThanOrEqual(2);
  });

  it('ends queued jobs when stopped, and refuses jobs afterwards', async () => {
    const sandbox = make({});
    const running = sandbox.run('while (true) {}', {});
    const queued = sandbox.run('return 1', {});
    await sandbox.stop();
    expect(await running).toMatchObject({ ok: false, reason: 'closed' });
    expect(await queued).toMatchObject({ ok: false, reason: 'closed' });
    expect(await sandbox.run('return 1', {})).toMatchObject({ ok: false, reason: 'closed' });
    expect(sandbox.stats().threads).toBe(0);
  });
});
