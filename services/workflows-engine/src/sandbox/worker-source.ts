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
 *   message}`.
 * Any exception of the host side (a WebAssembly abort, an exhausted host stack) ends the thread after replying
 * `crashed` (or `stack`) with `fatal: true`: the parent replaces it, so a broken QuickJS instance never runs another
 * job. So does a job that leaves promise jobs queued (code interrupted in a promise loop, or returning while promises
 * it started are pending): QuickJS cannot free such a runtime, so its reply (whatever it is) carries `fatal: true` and
 * the thread ends.
 *
 * Each job gets a NEW QuickJS runtime and context (nothing survives from one run to the next), with:
 * - `setMemoryLimit(limits.memoryBytes)` and `setMaxStackSize(limits.stackBytes)`;
 * - `setInterruptHandler(shouldInterruptAfterDeadline(now + limits.timeMs))` set as the code is called (the
 *   prelude and the parsing before it have their own allowance), which stops the code (`InternalError:
 *   interrupted`) once the deadline passed; `started` is posted at that moment;
 * - the prelude ({@link PRELUDE}): every intrinsic reachable from `globalThis` is frozen (so the code cannot
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
  | { type: 'done'; id: number; ok: true; json: string; fatal?: boolean }
  | { type: 'done'; id: number; ok: false; kind: SandboxFailureKind; name: string; message: string; fatal?: boolean };

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

function run(QuickJS, job, onStart) {
  let reply;
  const runtime = QuickJS.newRuntime();
  try {
    reply = attempt(QuickJS, runtime, job, onStart);
    return reply;
  } finally {
    // A runtime stopped by a limit, or whose job queue still holds promise jobs, may not be freed cleanly (QuickJS
    // aborts on an assertion): it is left as it is, and the thread is replaced after this job.
    const limited = reply && !reply.ok && (reply.kind === "timeout" || reply.kind === "memory" || reply.kind === "stack");
    if (!reply || limited || runtime.hasPendingJob()) dirty = true;
    else {
      try {
        runtime.dispose();
      } catch (error) {
        dirty = true;
      }
    }
  }
}

function attempt(QuickJS, runtime, job, onStart) {
  const handles = [];
  const keep = (handle) => { handles.push(handle); return handle; };
  let context;
  const failed = (handle) => Object.assign({ ok: false }, classify(context.dump(keep(handle))));
  try {
    runtime.setMemoryLimit(job.limits.memoryBytes);
    runtime.setMaxStackSize(job.limits.stackBytes);
    // Our own setup (the prelude, parsing the code and the input) gets its own allowance; the code's time starts
    // when it is called.
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + SETUP_MS));
    context = runtime.newContext();
    const prelude = context.evalCode(PRELUDE, "prelude.js");
    if (prelude.error) return failed(prelude.error);
    const api = keep(prelude.value);
    const call = (name, argument) => context.callFunction(keep(context.getProp(api, name)), context.undefined, argument);
    const compiled = call("compile", keep(context.newString(job.code)));
    if (compiled.error) return failed(compiled.error);
    const fn = keep(compiled.value);
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
    if (context) context.dispose();
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
