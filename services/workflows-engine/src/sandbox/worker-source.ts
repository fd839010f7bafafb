/**
 * The code sandbox's worker thread (`code-sandbox.ts` starts it with `new Worker(CODE_SANDBOX_WORKER_SOURCE,
 * {eval: true})`). It is plain CommonJS JavaScript kept as a string so that it runs the same from the TypeScript
 * sources (tsx, jest) and from the service's esbuild bundle (`dist/main.js`), which has no separate file to point a
 * worker at. Its only dependency is `quickjs-emscripten`, required from the path the parent resolved
 * (`workerData.quickjsPath`).
 *
 * Protocol (structured clone over the worker's port):
 * - the thread loads QuickJS, runs one warm-up job (the first run of a fresh WebAssembly module is several times
 *   slower), then posts `{type: 'ready'}`;
 * - parent → worker: {@link SandboxJob} `{id, code, inputJson, limits}`;
 * - worker → parent: `{type: 'started', id}` as it calls the code (the parent's watchdog counts from there), then
 *   {@link SandboxReply} `{type: 'done', id, ok: true, json}` or `{type: 'done', id, ok: false, kind, name,
 *   message}`, with `warm: true` when the job ran in a warm context.
 * Any exception of the host side (a WebAssembly abort, an exhausted host stack) ends the thread after replying
 * `crashed` (or `stack`) with `fatal: true`: the parent replaces it, so a broken QuickJS instance never runs another
 * job. So does a job that leaves promise jobs queued (code interrupted in a promise loop, or returning while promises
 * it started are pending): QuickJS cannot free such a runtime, so its reply (whatever it is) carries `fatal: true` and
 * the thread ends.
 *
 * A job without a `scope` gets a NEW QuickJS runtime and context. A job with a `scope` (the engine's: one code node
 * of one workflow, `{workflowId}/{nodeId}`) reuses the runtime, context and compiled function that an earlier job of
 * the SAME scope and the SAME code left after a clean finish (a result, or an exception the code threw, with no
 * promise job left), as a warm function instance of a serverless platform is reused for the same function only:
 * building a context costs ~2 ms of the ~2.5 ms a small job takes, almost all of it the prelude freezing the realm
 * (docs/benchmarks.md §13). Nothing a run can reach is writable — the realm, including the prototypes only reachable
 * through instances (iterators, generators, async functions, iterator helpers), is frozen before the code is
 * compiled, and the input is a new frozen object per run — so a warm context carries nothing from one run to the
 * next. Contexts of different scopes are never shared. At most `workerData.warmMax` warm contexts are kept per
 * thread (least recently used dropped first); a job stopped by a limit or leaving promise jobs discards its runtime
 * as before. Every job (new or warm context) runs with:
 * - `setMemoryLimit(limits.memoryBytes)` and `setMaxStackSize(limits.stackBytes)`;
 * - `setInterruptHandler(shouldInterruptAfterDeadline(now + limits.timeMs))` set as the code is called (the
 *   prelude and the parsing before it have their own allowance), which stops the code (`InternalError:
 *   interrupted`) once the deadline passed; `started` is posted at that moment;
 * - the prelude ({@link PRELUDE}): every intrinsic reachable from `globalThis` or from a built-in instance is frozen (so the code cannot
 *   pollute prototypes, `Object.prototype.x = 1` throws in strict mode), and the code is compiled with the
 *   `AsyncFunction` constructor as the body of `async function (input)` in strict mode — a body, so that it cannot
 *   close the function and run outside it; the input is parsed from JSON inside the VM and deeply frozen;
 * - the result, once its promise settled (pending jobs run under the same deadline), is turned into JSON inside the
 *   VM and handed out as a string: no VM object ever reaches the host.
 */

/** One run the parent asks of the worker. */
export interface SandboxJob {
  id: number;
  /** The code node's `codeString`. */
  code: string;
  /** The `input` object as JSON. */
  inputJson: string;
  /**
   * Jobs of the same scope and code may reuse one warm context (see the module doc); the engine's is
   * `{workflowId}/{nodeId}`. Absent: a new context for this job only.
   */
  scope?: string;
  limits: {
    /** CPU time the code may use before it is interrupted (ms). */
    timeMs: number;
    /** QuickJS runtime memory limit (bytes). */
    memoryBytes: number;
    /** QuickJS stack limit (bytes). */
    stackBytes: number;
    /** The longest result JSON accepted (bytes, UTF-8). */
    resultMaxBytes: number;
  };
}

/** Why a job failed, as the worker classifies it. */
export type SandboxFailureKind = 'timeout' | 'memory' | 'stack' | 'threw' | 'never_settled' | 'too_large' | 'crashed';

/** The worker's answer to a job. */
export type SandboxReply =
  | { type: 'started'; id: number }
  | { type: 'done'; id: number; ok: true; json: string; fatal?: boolean; warm?: boolean }
  | { type: 'done'; id: number; ok: false; kind: SandboxFailureKind; name: string; message: string; fatal?: boolean; warm?: boolean };

/**
 * Evaluated first in every context: freezes the realm and returns the three entry points the host calls —
 * `compile(code)`, `input(json)` and `stringify(value)` — captured before user code could touch anything.
 */
const PRELUDE = String.raw`(function () {
  "use strict";
  const seen = new Set();
  const freeze = (value) => {
    if ((typeof value !== "object" || value === null) && typeof value !== "function") return;
    if (seen.has(value)) return;
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (!descriptor) continue;
      if ("value" in descriptor) freeze(descriptor.value);
      else { freeze(descriptor.get); freeze(descriptor.set); }
    }
    freeze(Reflect.getPrototypeOf(value));
    Object.freeze(value);
  };
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const AsyncFunction = Reflect.getPrototypeOf(async function () {}).constructor;
  freeze(globalThis);
  // The intrinsics reachable only through an instance (their prototypes): array, map, set, string and regexp-string
  // iterators, generator and async generator functions, async and arrow functions, iterator helpers.
  const instances = [
    [][Symbol.iterator](), new Map()[Symbol.iterator](), new Set()[Symbol.iterator](), ""[Symbol.iterator](),
    /a/g[Symbol.matchAll]("a"), function* () {}, async function* () {}, async function () {}, () => {},
  ];
  if (typeof Iterator === "function" && typeof Iterator.from === "function") {
    instances.push(Iterator.from({ next: () => ({ done: true, value: undefined }) }));
    instances.push([][Symbol.iterator]().map((value) => value));
  }
  for (const instance of instances) freeze(instance);
  return {
    compile: (code) => new AsyncFunction("input", "\"use strict\";" + code),
    input: (json) => { const value = parse(json); freeze(value); return value; },
    stringify: (value) => { const text = stringify(value); return text === undefined ? "null" : text; },
  };
})()`;

/** The worker thread's source (see the module doc). */
export const CODE_SANDBOX_WORKER_SOURCE = String.raw`"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const { getQuickJS, shouldInterruptAfterDeadline } = require(workerData.quickjsPath);
const PRELUDE = ${JSON.stringify(PRELUDE)};
const MESSAGE_MAX = 500;
const SETUP_MS = 10000;
let dirty = false;

function classify(dumped) {
  const name = dumped && typeof dumped === "object" && typeof dumped.name === "string" ? dumped.name : "Error";
  const raw = dumped && typeof dumped === "object" && dumped.message !== undefined ? dumped.message : dumped;
  const message = String(raw).slice(0, MESSAGE_MAX);
  if (name === "InternalError" && message === "interrupted") return { kind: "timeout", name, message };
  if (name === "InternalError" && message === "out of memory") return { kind: "memory", name, message };
  if (name === "InternalError" && message === "stack overflow") return { kind: "stack", name, message };
  if (name === "RangeError" && /call stack|stack size/i.test(message)) return { kind: "stack", name, message };
  return { kind: "threw", name, message };
}

/** Warm contexts by scope and code (see the module doc), least recently used first. */
const warm = new Map();
const WARM_MAX = Math.max(0, Number(workerData.warmMax) || 0);

function warmKey(job) {
  return typeof job.scope === "string" && WARM_MAX > 0 ? job.scope + "\n" + job.code : null;
}

/** Frees a context made by prepare (its handles, context and runtime); false when QuickJS refused. */
function release(entry) {
  try {
    for (const handle of [entry.fn, entry.api]) if (handle && handle.alive) handle.dispose();
    if (entry.context.alive) entry.context.dispose();
    entry.runtime.dispose();
    return true;
  } catch (error) {
    return false;
  }
}

function run(QuickJS, job, onStart) {
  const key = warmKey(job);
  let entry = key === null ? undefined : warm.get(key);
  const reused = entry !== undefined;
  if (entry) warm.delete(key);
  let reply;
  try {
    if (!entry) {
      const prepared = prepare(QuickJS, job);
      if (prepared.reply) {
        reply = prepared.reply;
        return reply;
      }
      entry = prepared.entry;
    }
    reply = attempt(entry, job, onStart);
    if (reused) reply.warm = true;
    return reply;
  } finally {
    // A runtime stopped by a limit, or whose job queue still holds promise jobs, may not be freed cleanly (QuickJS
    // aborts on an assertion): it is left as it is, and the thread is replaced after this job.
    const limited = reply && !reply.ok && (reply.kind === "timeout" || reply.kind === "memory" || reply.kind === "stack");
    if (!entry) {
      if (!reply) dirty = true;
    } else if (!reply || limited || entry.runtime.hasPendingJob()) dirty = true;
    else if (key !== null && (reply.ok || reply.kind === "threw" || reply.kind === "too_large")) {
      warm.set(key, entry);
      if (warm.size > WARM_MAX) {
        const [oldest] = warm.keys();
        const dropped = warm.get(oldest);
        warm.delete(oldest);
        if (!release(dropped)) dirty = true;
      }
    } else if (!release(entry)) dirty = true;
  }
}

/**
 * A new runtime and context for the job, the prelude run and the code compiled: {entry}, or {reply} when the
 * prelude or the code failed (the runtime freed, or the thread marked for replacement when it cannot be).
 */
function prepare(QuickJS, job) {
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(job.limits.memoryBytes);
  runtime.setMaxStackSize(job.limits.stackBytes);
  // Our own setup (the prelude, parsing the code) gets its own allowance; the code's time starts when it is called.
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + SETUP_MS));
  const entry = { runtime, context: runtime.newContext(), api: null, fn: null };
  const { context } = entry;
  const prelude = context.evalCode(PRELUDE, "prelude.js");
  let failure;
  if (prelude.error) failure = prelude.error;
  else {
    entry.api = prelude.value;
    const compile = context.getProp(entry.api, "compile");
    const source = context.newString(job.code);
    const compiled = context.callFunction(compile, context.undefined, source);
    compile.dispose();
    source.dispose();
    if (compiled.error) failure = compiled.error;
    else entry.fn = compiled.value;
  }
  if (!failure) return { entry };
  const reply = Object.assign({ ok: false }, classify(context.dump(failure)));
  failure.dispose();
  // As after a job: a runtime stopped by a limit is not freed, and its thread is replaced.
  const limited = reply.kind === "timeout" || reply.kind === "memory" || reply.kind === "stack";
  if (limited || runtime.hasPendingJob() || !release(entry)) dirty = true;
  return { reply };
}

/** Calls the entry's compiled code with the job's input; every handle it makes is freed before it returns. */
function attempt(entry, job, onStart) {
  const { runtime, context, api, fn } = entry;
  const handles = [];
  const keep = (handle) => { handles.push(handle); return handle; };
  const failed = (handle) => Object.assign({ ok: false }, classify(context.dump(keep(handle))));
  try {
    runtime.setMemoryLimit(job.limits.memoryBytes);
    runtime.setMaxStackSize(job.limits.stackBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + SETUP_MS));
    const call = (name, argument) => context.callFunction(keep(context.getProp(api, name)), context.undefined, argument);
    const input = call("input", keep(context.newString(job.inputJson)));
    if (input.error) return failed(input.error);
    onStart();
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + job.limits.timeMs));
    const called = context.callFunction(fn, context.undefined, keep(input.value));
    if (called.error) return failed(called.error);
    const promise = keep(called.value);
    let state = context.getPromiseState(promise);
    if (state.type === "pending") {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) return failed(jobs.error);
      state = context.getPromiseState(promise);
    }
    if (state.type === "pending") return { ok: false, kind: "never_settled", name: "Error", message: "never settled" };
    if (state.type === "rejected") return failed(state.error);
    const value = state.notAPromise ? promise : keep(state.value);
    const text = call("stringify", value);
    if (text.error) return failed(text.error);
    const json = context.getString(keep(text.value));
    if (Buffer.byteLength(json, "utf8") > job.limits.resultMaxBytes) {
      return { ok: false, kind: "too_large", name: "Error", message: "result too large" };
    }
    return { ok: true, json };
  } finally {
    for (const handle of handles.reverse()) if (handle.alive) handle.dispose();
  }
}

getQuickJS().then((QuickJS) => {
  // A first run compiles QuickJS's hot paths (WebAssembly tier-up): done before any job's time counts.
  run(QuickJS, { id: 0, code: "return 1", inputJson: "{}", limits: workerData.limits }, () => {});
  parentPort.on("message", (job) => {
    let reply;
    try {
      reply = run(QuickJS, job, () => parentPort.postMessage({ type: "started", id: job.id }));
    } catch (error) {
      const message = String(error && error.message ? error.message : error).slice(0, MESSAGE_MAX);
      const stack = error instanceof RangeError && /call stack/i.test(message);
      parentPort.postMessage({ type: "done", id: job.id, ok: false, kind: stack ? "stack" : "crashed", name: "Error", message, fatal: true });
      process.exit(1);
    }
    if (dirty) {
      parentPort.postMessage(Object.assign({ type: "done", id: job.id }, reply, { fatal: true }));
      process.exit(0);
    }
    parentPort.postMessage(Object.assign({ type: "done", id: job.id }, reply));
  });
  parentPort.postMessage({ type: "ready" });
});
`;
