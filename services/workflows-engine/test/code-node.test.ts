/**
 * The workflow `code` node end to end (spec 001 §3–§5; docs/architecture.md "The code node's sandbox"): a real
 * flows service and the engine on PGlite, the code run by the engine's QuickJS sandbox on its worker thread.
 * - the code gets the run's data as a frozen `input` and its result is the step's output, read by later nodes;
 * - an endless loop, a huge allocation, deep recursion, `require`, `import`, `process`, a `globalThis` escape, a
 *   prototype-pollution attempt, writing to `input` and a result of the wrong type each fail the step with a
 *   reason a user understands; afterwards the next run works, the engine's own realm is untouched, and the
 *   process's memory stays bounded;
 * - publishing refuses code without a return and `import` declarations;
 * - the panel's Test runs the code once with a sample `input`.
 */
import * as copy from '@formloom/contracts/copy';
import type { WorkflowRunsResponse } from '@formloom/contracts/api/workflows-engine/runs';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { testCodeNode, type CodeTestResponse } from '@formloom/contracts/api/workflows-engine/node-tests';
import { publishWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import { CODE_NODE_MEMORY_LIMIT_BYTES, CODE_NODE_TIME_LIMIT_MS } from '@formloom/contracts/limits';
import { endpointRequest } from '@formloom/kit/testing';
import { liveWorkflow, publishedForm, runsOf, setup, submit, type Harness } from './helpers';

// The machine these tests run on may be busy; no assertion depends on time.
jest.setTimeout(240_000);

/** Polls `read` until `done` holds; the deadline only stops a broken test from hanging. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until a workflow has `count` finished runs and returns the runs page (newest first). */
function finishedRuns(h: Harness, workflowId: string, count: number): Promise<WorkflowRunsResponse> {
  return eventually(
    () => runsOf(h, workflowId, { limit: 100 }),
    (page) => page.runs.filter((run) => run.status === 'succeeded' || run.status === 'failed').length >= count,
    `${count} finished runs of ${workflowId}`,
  );
}

/** A workflow on `form` whose trigger leads to `first`. */
function workflow(form: string, nodes: WorkflowTemplate['nodes'], first: string): WorkflowTemplate {
  return { trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: first }, nodes };
}

/** A code node. */
function code(codeString: string, outputType = 'object', nextNodeId: string | null = null): WorkflowTemplate['nodes'][string] {
  return { type: 'code', nextNodeId, template: { codeString, outputType } };
}

const ANSWERS = { w1: 'Ada Lovelace', w2: 'ada@example.com', w3: 'o2' };
const NO_HOST = copy.codeNode.noHostAccess;

describe('the code node through the engine', () => {
  let h: Harness;
  let form: string;

  beforeAll(async () => {
    h = await setup({ RUN_LEASE_MS: '60000', NODE_TEST_RATE_LIMIT: '50' });
    form = await publishedForm(h);
  }, 300_000);

  afterAll(async () => {
    await h.close();
  });

  it('runs the code with the run’s data, and a later node reads its result', async () => {
    const id = await liveWorkflow(
      h,
      workflow(form, {
        first: code(
          [
            'const name = input.answers.w1;',
            'return { name: name.toUpperCase(), plan: input.answers.w3, form: input.flow.name, frozen: Object.isFrozen(input.answers), keys: Object.keys(input).sort() };',
          ].join('\n'),
          'object',
          'second',
        ),
        second: code('const total = await Promise.resolve(input.nodes.first.result.name.length);\nreturn total', 'number'),
      }, 'first'),
    );
    await submit(h, form, ANSWERS);
    const [run] = (await finishedRuns(h, id, 1)).runs;
    expect(run?.status).toBe('succeeded');
    expect(run?.steps.map((step) => step.output)).toEqual([
      {
        result: {
          name: 'ADA LOVELACE',
          plan: 'o2',
          form: 'Contact',
          frozen: true,
          keys: ['answers', 'calculations', 'flow', 'nodes', 'quiz', 'submission', 'urlParams'],
        },
      },
      { result: 12 },
    ]);
  });

  it('fails each escape and limit with a clear reason, and stays healthy for the next run', async () => {
    const id = await liveWorkflow(h, workflow(form, { c: code('return {}') }, 'c'));
    const publish = async (codeString: string, outputType: string) => {
      const response = await h.engine.app.inject(
        endpointRequest(publishWorkflow, { headers: h.headers.writer, body: { id, template: workflow(form, { c: code(codeString, outputType) }, 'c') } }),
      );
      expect(response.statusCode).toBe(200);
    };
    // Warm the sandbox's thread, then take the process's memory as it runs code.
    await submit(h, form, ANSWERS);
    await finishedRuns(h, id, 1);
    const rssBefore = process.memoryUsage().rss;

    const time = copy.codeNode.timeLimit(CODE_NODE_TIME_LIMIT_MS);
    const memory = copy.codeNode.memoryLimit(CODE_NODE_MEMORY_LIMIT_BYTES);
    /** What the code does, the code, and the reasons its step may fail with (a growing heap slows QuickJS down so
     * much near its limit that the time limit may stop it first: either is a clear reason). */
    const cases: Array<[string, string, string[]]> = [
      ['an endless loop', 'while (true) {}\nreturn {}', [time]],
      ['a huge string', 'return { text: "x".repeat(1e9) }', [memory]],
      ['a huge list', 'return { list: new Array(2 ** 27).fill(0) }', [memory, time]],
      ['a growing list', 'const parts = [];\nfor (;;) parts.push("x".repeat(1 << 20) + parts.length);\nreturn {}', [memory, time]],
      ['deep recursion', 'function deeper(n) { return deeper(n + 1) + 1 }\nreturn deeper(0)', [copy.codeNode.stackLimit]],
      ['require', 'return require("fs").readFileSync("/etc/passwd", "utf8")', [`ReferenceError: 'require' is not defined. ${NO_HOST}`]],
      ['a dynamic import', 'const fs = await import("fs");\nreturn fs', [`ReferenceError: could not load module 'fs'. ${NO_HOST}`]],
      ['process', 'return process.env', [`ReferenceError: 'process' is not defined. ${NO_HOST}`]],
      ['a globalThis escape', 'return globalThis.constructor.constructor("return process")().env', [`ReferenceError: 'process' is not defined. ${NO_HOST}`]],
      ['fetch', 'return await fetch("https://example.com")', [`ReferenceError: 'fetch' is not defined. ${NO_HOST}`]],
      ['prototype pollution', 'Object.prototype.polluted = "yes";\nreturn {}', ['TypeError: object is not extensible']],
      ['prototype pollution of a built-in', 'Array.prototype.push = () => 0;\nreturn {}', ["TypeError: 'push' is read-only"]],
      ['writing to its input', 'input.answers.w1 = "someone else";\nreturn {}', ["TypeError: 'w1' is read-only"]],
      ['a thrown error', 'if (!input.answers.nothing) throw new RangeError("no plan chosen");\nreturn {}', ['RangeError: no plan chosen']],
      ['a result of the wrong type', 'return "a text"', ['The code returned a text, not an object']],
    ];
    let runs = 1;
    for (const [what, codeString, reasons] of cases) {
      await publish(codeString, 'object');
      await submit(h, form, ANSWERS);
      runs += 1;
      const [run] = (await finishedRuns(h, id, runs)).runs;
      expect({ what, status: run?.status, step: run?.steps[0]?.status }).toEqual({ what, status: 'failed', step: 'failed' });
      expect(reasons).toContain(run?.error);
      expect(run?.steps[0]?.error).toBe(run?.error);
    }

    // The engine's realm is untouched and the sandbox's realm was not kept: the next run works as the first did.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await publish('return { polluted: ({}).polluted === undefined, push: typeof [].push }', 'object');
    await submit(h, form, ANSWERS);
    const [healthy] = (await finishedRuns(h, id, runs + 1)).runs;
    expect(healthy).toMatchObject({ status: 'succeeded', steps: [{ output: { result: { polluted: true, push: 'function' } } }] });
    // One thread (CODE_SANDBOX_THREADS), and the gigabyte the code asked for never reached the process.
    expect(h.engine.deps.codeSandbox.stats().threads).toBeLessThanOrEqual(1);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * 1024 * 1024);
  });

  it('refuses to publish code without a return, or with an import declaration', async () => {
    const id = await liveWorkflow(h, workflow(form, { c: code('return 1', 'number') }, 'c'));
    const publish = (codeString: string) =>
      h.engine.app.inject(endpointRequest(publishWorkflow, { headers: h.headers.writer, body: { id, template: workflow(form, { c: code(codeString) }, 'c') } }));
    const noReturn = await publish('const items = [1].map((x) => { return x });');
    expect(noReturn.statusCode).toBe(400);
    expect(noReturn.json().error).toMatchObject({
      message: copy.codeNode.returnRequired,
      details: [{ path: 'template.nodes.c.template.codeString', message: copy.codeNode.returnRequired }],
    });
    const imports = await publish('import fs from "fs";\nreturn {}');
    expect(imports.statusCode).toBe(400);
    expect(imports.json().error.message).toBe(copy.codeNode.importNotAllowed);
  });

  describe('the panel’s Test (POST /admin/workflows/nodes/code/test)', () => {
    const test = (user: 'writer' | 'reader' | 'outsider', template: unknown) =>
      h.engine.app.inject(endpointRequest(testCodeNode, { headers: h.headers[user], body: { flowPublicIdentifier: form, template } }));

    it('runs the code once with a sample input made from the form', async () => {
      const response = await test('writer', { codeString: 'return Object.keys(input.answers).sort()', outputType: 'array' });
      expect(response.statusCode).toBe(200);
      const body = response.json<CodeTestResponse>();
      // Each question has its type's sample answer; the Plan choice's sample ('Pro') is one of its options.
      expect(body).toMatchObject({ ok: true, result: ['w1', 'w2', 'w3'] });
      expect(body.input).toMatchObject({ answers: { w1: 'Ada Lovelace', w2: 'ada@example.com', w3: 'o2' } });
      expect(body.input).toMatchObject({ submission: { submissionId: 'sample-submission' }, flow: { name: 'Contact' }, nodes: {} });
    });

    it('answers why the code failed', async () => {
      const response = await test('writer', { codeString: 'while (true) {}\nreturn 1', outputType: 'number' });
      expect(response.json<CodeTestResponse>()).toMatchObject({ ok: false, error: copy.codeNode.timeLimit(CODE_NODE_TIME_LIMIT_MS) });
    });

    it('refuses incomplete code with the rule’s text, and callers who may not change the form', async () => {
      const incomplete = await test('writer', { codeString: 'const a = 1', outputType: 'number' });
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json().error.details).toEqual([{ path: 'template.codeString', message: copy.codeNode.returnRequired }]);
      expect((await test('reader', { codeString: 'return 1', outputType: 'number' })).statusCode).toBe(403);
      expect((await test('outsider', { codeString: 'return 1', outputType: 'number' })).statusCode).toBe(404);
    });
  });
});
