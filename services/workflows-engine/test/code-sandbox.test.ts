/**
 * The code sandbox itself (`src/sandbox/code-sandbox.ts`), as an operator relies on it: a native operation QuickJS
 * cannot interrupt is ended by the watchdog (its thread terminated and replaced), a job that leaves promise jobs
 * queued retires its thread, threads run jobs side by side, runs of one code node reuse a warm context without
 * carrying anything from one run to the next, and stopping the sandbox ends every job. Limits are made
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

  it('reuses a warm context for runs of one scope and code: each run gets its own input, and nothing a run tries to leave reaches the next', async () => {
    const sandbox = make({});
    // Writes to the realm, including the prototypes only reachable through instances, then reads them back.
    const code = [
      'const attempts = [];',
      'const write = (target) => { try { target.leak = input.n; attempts.push("written"); } catch (error) { attempts.push(error.name); } };',
      'const targets = [globalThis, Object.getPrototypeOf([][Symbol.iterator]()), Object.getPrototypeOf(function* () {}),',
      '  Object.getPrototypeOf(new Map().keys()), Object.getPrototypeOf(async function () {}), Object.getPrototypeOf([].values().map((x) => x))];',
      'const before = targets.map((target) => target.leak ?? null);',
      'targets.forEach(write);',
      'return { n: input.n, before, attempts };',
    ].join('\n');
    const first = await sandbox.run(code, { n: 1 }, 'workflow-a/code-1');
    const second = await sandbox.run(code, { n: 2 }, 'workflow-a/code-1');
    const refused = { before: [null, null, null, null, null, null], attempts: Array(6).fill('TypeError') };
    expect(first).toEqual({ ok: true, value: { n: 1, ...refused } });
    expect(second).toEqual({ ok: true, value: { n: 2, ...refused } });
    expect(sandbox.stats().warmRuns).toBe(1);

    // Another scope, or the same scope with other code (the node was edited), gets a new context.
    expect(await sandbox.run(code, { n: 3 }, 'workflow-b/code-1')).toEqual({ ok: true, value: { n: 3, ...refused } });
    expect(await sandbox.run('return input.n', { n: 4 }, 'workflow-a/code-1')).toEqual({ ok: true, value: 4 });
    expect(await sandbox.run('return input.n', { n: 5 })).toEqual({ ok: true, value: 5 });
    expect(sandbox.stats().warmRuns).toBe(1);

    // Code that threw leaves its context warm; one stopped by a limit takes its thread with it.
    const thrower = 'if (input.fail) throw new RangeError("no"); return "fine"';
    expect(await sandbox.run(thrower, { fail: true }, 'workflow-a/code-2')).toMatchObject({ ok: false, reason: 'threw', name: 'RangeError' });
    expect(await sandbox.run(thrower, { fail: false }, 'workflow-a/code-2')).toEqual({ ok: true, value: 'fine' });
    expect(sandbox.stats().warmRuns).toBe(2);
    const allocate = 'if (input.big) return new Array(1e8).fill(0).length; return "small"';
    expect(await sandbox.run(allocate, { big: false }, 'workflow-a/code-3')).toEqual({ ok: true, value: 'small' });
    expect(await sandbox.run(allocate, { big: true }, 'workflow-a/code-3')).toMatchObject({ ok: false, reason: 'memory' });
    expect(sandbox.stats()).toMatchObject({ replaced: 1, warmRuns: 3 });
    expect(await sandbox.run(allocate, { big: false }, 'workflow-a/code-3')).toEqual({ ok: true, value: 'small' });
    expect(sandbox.stats().warmRuns).toBe(3);
  });

  it('keeps at most its number of warm contexts per thread, and none when that is 0', async () => {
    const sandbox = make({ warmContexts: 2 });
    for (const scope of ['w/1', 'w/2', 'w/3', 'w/1']) await sandbox.run('return 1', {}, scope);
    expect(sandbox.stats().warmRuns).toBe(0);
    await sandbox.run('return 1', {}, 'w/3');
    expect(sandbox.stats().warmRuns).toBe(1);
    const cold = make({ warmContexts: 0 });
    await cold.run('return 1', {}, 'w/1');
    await cold.run('return 1', {}, 'w/1');
    expect(cold.stats().warmRuns).toBe(0);
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
