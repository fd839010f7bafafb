/**
 * Runs the code node's JavaScript (`@formloom/contracts/workflows/nodes/code`) in QuickJS compiled to WebAssembly
 * (quickjs-emscripten), on worker threads (docs/architecture.md "The code node's sandbox").
 *
 * **Why threads.** QuickJS's interrupt handler stops an endless loop at the time limit, but until then the code
 * holds the thread it runs on: measured here, `while (true) {}` holds it for the whole limit (interrupted after
 * ~1,006 ms of a 1,000 ms limit), and some single native operations overrun it (`new Array(1e8).fill(0)` ran
 * 1,212 ms before failing out of memory). On the engine's main thread that would stall every HTTP request, lease
 * heartbeat and run of the replica, and a host-stack overflow or a WebAssembly abort inside QuickJS would kill the
 * process (both were seen with deep recursion on the main thread's smaller stack). So the code runs on
 * `threads` worker threads (CODE_SANDBOX_THREADS, default 1), one job at a time each, jobs queued in order:
 * the main thread only posts JSON in and reads JSON out.
 *
 * **Limits** (`@formloom/contracts/limits`): CPU time `CODE_NODE_TIME_LIMIT_MS` (interrupt handler), QuickJS memory
 * `CODE_NODE_MEMORY_LIMIT_BYTES`, stack `CODE_NODE_STACK_LIMIT_BYTES`, result `CODE_NODE_RESULT_MAX_BYTES` of JSON.
 * A **watchdog** terminates a thread that has not answered `CODE_NODE_WATCHDOG_GRACE_MS` after the time limit (a
 * native operation QuickJS does not interrupt), and a thread that fails in any other way (an uncaught exception,
 * V8's own heap limit of {@link THREAD_RESOURCE_LIMITS}, a WebAssembly abort) is replaced: the next job gets a
 * fresh one. The WebAssembly memory of a thread is bounded by the QuickJS limit plus the module's own (a few MB),
 * and stays at its high-water mark while the thread lives; the engine process therefore holds at most
 * `threads` × (memory limit + ~10 MB) for the sandbox, whatever the code does.
 *
 * **What the code can reach**: only the ECMAScript built-ins of a QuickJS context (no `std`/`os` modules, no
 * module loader, no host functions are exposed), all frozen, and its frozen `input`. Nothing survives between
 * runs: a run without a scope gets a new runtime; runs of the same scope and code (the engine's: one code node of one
 * workflow) may reuse a warm one, whose realm is frozen so no run can leave anything in it
 * ({@link CodeSandboxOptions.warmContexts}, `worker-source.ts`).
 */
import { Worker } from 'node:worker_threads';
import {
  CODE_NODE_MEMORY_LIMIT_BYTES,
  CODE_NODE_RESULT_MAX_BYTES,
  CODE_NODE_STACK_LIMIT_BYTES,
  CODE_NODE_TIME_LIMIT_MS,
  CODE_NODE_WATCHDOG_GRACE_MS,
} from '@formloom/contracts/limits';
import { CODE_SANDBOX_WORKER_SOURCE, type SandboxFailureKind, type SandboxJob, type SandboxReply } from './worker-source';

/**
 * V8 limits of a sandbox thread (MB): its own JavaScript heap holds only a job's input and result JSON; QuickJS's
 * memory is WebAssembly memory, bounded by the QuickJS limit instead. A 4 MB stack leaves QuickJS's 256 KiB stack
 * limit room to be the one that trips.
 */
export const THREAD_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 } as const;

/** Warm contexts kept per thread unless {@link CodeSandboxOptions.warmContexts} says otherwise. */
export const DEFAULT_WARM_CONTEXTS = 32;

/** How long a new thread may take to load QuickJS and start its first job before it is given up (ms). */
export const THREAD_START_TIMEOUT_MS = 30_000;

/** Why a run failed (see {@link SandboxFailureKind}); `closed`: the sandbox was stopped before the job ran. */
export type SandboxFailure = SandboxFailureKind | 'closed';

/**
 * The outcome of a run: the result (a JSON value; `null` when the code returned `undefined`), or why it failed —
 * with the error's `name` and `message` when the code threw.
 */
export type SandboxOutcome = { ok: true; value: unknown } | { ok: false; reason: SandboxFailure; name: string; message: string };

/** Options of {@link CodeSandbox}; every limit defaults to its `@formloom/contracts/limits` constant. */
export interface CodeSandboxOptions {
  /** Worker threads (jobs run at once); default 1. */
  threads?: number;
  /**
   * Warm contexts each thread keeps for runs of the same scope and code (see `worker-source.ts`); default
   * {@link DEFAULT_WARM_CONTEXTS}, 0 turns reuse off. Each holds a frozen realm (~0.15 MB of the thread's
   * WebAssembly memory).
   */
  warmContexts?: number;
  timeLimitMs?: number;
  memoryLimitBytes?: number;
  stackLimitBytes?: number;
  resultMaxBytes?: number;
  watchdogGraceMs?: number;
  log?: { warn(context: object, message?: string): void };
}

/** A job waiting for, or running on, a thread. */
interface PendingJob {
  job: SandboxJob;
  resolve(outcome: SandboxOutcome): void;
}

/** One thread and the job it runs. */
interface Slot {
  worker: Worker;
  current: PendingJob | null;
  timer: NodeJS.Timeout | null;
  /** Set once the thread is being replaced: its late messages and exit are ignored. */
  retired: boolean;
}

/** What the sandbox has done, for tests and metrics. */
export interface SandboxStats {
  /** Threads alive now. */
  threads: number;
  /** Threads started since the sandbox was made. */
  started: number;
  /** Threads terminated or lost because of a job (watchdog, crash). */
  replaced: number;
  /** Jobs waiting for a thread. */
  queued: number;
  /** Jobs that ran in a warm context (one an earlier job of the same scope and code left). */
  warmRuns: number;
}

/** See the module doc. `start`/`stop` make it a kit worker (stopping terminates the threads). */
export class CodeSandbox {
  private readonly threads: number;
  private readonly warmContexts: number;
  private readonly limits: SandboxJob['limits'];
  private readonly watchdogGraceMs: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: PendingJob[] = [];
  private nextId = 1;
  private started = 0;
  private replaced = 0;
  private warmRuns = 0;
  private closed = false;
  /** Resolved once, lazily: the path the threads require QuickJS from. */
  private quickjsPath: string | undefined;

  constructor(private readonly options: CodeSandboxOptions = {}) {
    this.threads = Math.max(1, options.threads ?? 1);
    this.warmContexts = Math.max(0, options.warmContexts ?? DEFAULT_WARM_CONTEXTS);
    this.limits = {
      timeMs: options.timeLimitMs ?? CODE_NODE_TIME_LIMIT_MS,
      memoryBytes: options.memoryLimitBytes ?? CODE_NODE_MEMORY_LIMIT_BYTES,
      stackBytes: options.stackLimitBytes ?? CODE_NODE_STACK_LIMIT_BYTES,
      resultMaxBytes: options.resultMaxBytes ?? CODE_NODE_RESULT_MAX_BYTES,
    };
    this.watchdogGraceMs = options.watchdogGraceMs ?? CODE_NODE_WATCHDOG_GRACE_MS;
  }

  /** The limits every run gets (see the module doc). */
  get runLimits(): Readonly<SandboxJob['limits']> {
    return this.limits;
  }

  /**
   * Runs `code` as the body of `async function (input)` with `input` (a JSON value; it is passed as JSON and frozen
   * in the sandbox). Runs of the same `scope` (the engine's: `{workflowId}/{nodeId}`) and code may reuse a warm
   * context; without one the run gets a new context. Resolves the result or why it failed; never rejects. Jobs run
   * in the order they came, at most `threads` at once.
   */
  run(code: string, input: unknown, scope?: string): Promise<SandboxOutcome> {
    if (this.closed) return Promise.resolve(closedOutcome());
    return new Promise<SandboxOutcome>((resolve) => {
      const job: SandboxJob = { id: this.nextId++, code, inputJson: JSON.stringify(input ?? null), limits: this.limits };
      if (scope !== undefined) job.scope = scope;
      this.queue.push({ job, resolve });
      this.dispatch();
    });
  }

  /** Nothing to start: threads are made on demand. (A kit worker.) */
  start(): void {}

  /** Terminates the threads; queued and running jobs resolve `closed`. Later runs resolve `closed` at once. */
  async stop(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.resolve(closedOutcome());
    await Promise.all(
      [...this.slots].map(async (slot) => {
        this.retire(slot);
        slot.current?.resolve(closedOutcome());
        slot.current = null;
        await slot.worker.terminate();
      }),
    );
  }

  /** See {@link SandboxStats}. */
  stats(): SandboxStats {
    return { threads: this.slots.size, started: this.started, replaced: this.replaced, queued: this.queue.length, warmRuns: this.warmRuns };
  }

  /** Hands queued jobs to idle threads, starting threads up to `threads`. */
  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = [...this.slots].find((candidate) => candidate.current === null && !candidate.retired);
      if (!slot) {
        if (this.slots.size >= this.threads) return;
        slot = this.spawn();
      }
      const pending = this.queue.shift()!;
      slot.current = pending;
      // Until the thread says it started the job (it may still be loading QuickJS), a longer allowance.
      this.arm(slot, THREAD_START_TIMEOUT_MS);
      slot.worker.postMessage(pending.job);
    }
  }

  /** Starts a thread (unref'd: an idle sandbox never keeps the process alive). */
  private spawn(): Slot {
    this.quickjsPath ??= require.resolve('quickjs-emscripten');
    const worker = new Worker(CODE_SANDBOX_WORKER_SOURCE, {
      eval: true,
      workerData: { quickjsPath: this.quickjsPath, limits: this.limits, warmMax: this.warmContexts },
      resourceLimits: THREAD_RESOURCE_LIMITS,
    });
    worker.unref();
    const slot: Slot = { worker, current: null, timer: null, retired: false };
    this.slots.add(slot);
    this.started += 1;
    worker.on('message', (message: SandboxReply | { type: 'ready' }) => this.onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.lose(slot, memory ? 'memory' : 'crashed', error.message);
    });
    worker.on('exit', (code) => this.lose(slot, 'crashed', `the sandbox thread exited (${code})`));
    return slot;
  }

  /** Restarts the slot's watchdog: `ms` from now the thread is terminated and its job fails `timeout`. */
  private arm(slot: Slot, ms: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      this.options.log?.warn({ limitMs: this.limits.timeMs }, 'code sandbox: a thread overran its time limit and is terminated');
      this.lose(slot, 'timeout', 'interrupted');
      void slot.worker.terminate();
    }, ms);
    slot.timer.unref();
  }

  private onMessage(slot: Slot, message: SandboxReply | { type: 'ready' }): void {
    if (slot.retired || message.type === 'ready') return;
    const current = slot.current;
    if (!current || message.id !== current.job.id) return;
    if (message.type === 'started') {
      this.arm(slot, this.limits.timeMs + this.watchdogGraceMs);
      return;
    }
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
    if (message.fatal) {
      // The thread exits after a host-side failure: it takes no further job.
      this.retire(slot);
      this.replaced += 1;
    }
    if (message.warm) this.warmRuns += 1;
    if (message.ok) current.resolve(parseResult(message.json));
    else current.resolve({ ok: false, reason: message.kind, name: message.name, message: message.message });
    this.dispatch();
  }

  /** The slot's thread is gone (or going): its job fails with `reason`; the next job gets a new thread. */
  private lose(slot: Slot, reason: SandboxFailure, message: string): void {
    if (slot.retired) return;
    this.retire(slot);
    const current = slot.current;
    slot.current = null;
    if (current) {
      this.replaced += 1;
      current.resolve({ ok: false, reason, name: 'Error', message });
    }
    this.dispatch();
  }

  /** Takes the slot out of service (its later messages and exit are ignored). */
  private retire(slot: Slot): void {
    slot.retired = true;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    this.slots.delete(slot);
  }
}

/** The outcome of a job the sandbox did not run because it was stopped. */
function closedOutcome(): SandboxOutcome {
  return { ok: false, reason: 'closed', name: 'Error', message: 'the code sandbox is stopped' };
}

/** The result JSON the thread returned, parsed (it made the JSON itself, so it parses). */
function parseResult(json: string): SandboxOutcome {
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch {
    return { ok: false, reason: 'crashed', name: 'Error', message: 'unreadable result' };
  }
}
