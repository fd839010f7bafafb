/**
 * The `code` node's executor (spec 001 §3 `codeString`, `outputType`; rules in
 * `@formloom/contracts/workflows/nodes/code`; docs/architecture.md "The code node's sandbox"): runs the code in the
 * engine's QuickJS sandbox (`sandbox/code-sandbox.ts`) with the run's data as `input`, checks the result against
 * the output type, and keeps it as the step's output `{result}` (later nodes read `nodes.<id>.result`).
 *
 * The node is local: it has no effect outside the engine (the code reaches nothing), so its step and its result
 * are committed in one statement with the run's other writes, and running it again after a crash only computes the
 * same thing again. A failure — a time, memory or stack limit, an exception, a result of the wrong type or too
 * large — fails the step with its reason ({@link sandboxFailureMessage}). A sandbox stopped while the service
 * shuts down is no failure of the code: the step is left to run again when the run is reclaimed.
 */
import * as copy from '@formloom/contracts/copy';
import type { LogicContext } from '@formloom/contracts/logic';
import { codeNode, codeResultProblem } from '@formloom/contracts/workflows/nodes/code';
import type { CodeSandbox, SandboxOutcome } from '../sandbox/code-sandbox';
import { defineExecutor } from './executor';

/** Names a ReferenceError may carry when code looks for what only a server has (then the message says why). */
const HOST_NAMES = /'(require|process|module|exports|fetch|XMLHttpRequest|setTimeout|setInterval|Buffer|console)' is not defined|could not load module/;

/**
 * The `input` object of a run (the module doc of `@formloom/contracts/workflows/nodes/code`): the logic context's
 * answers, submission, flow, urlParams, calculations, quiz and nodes — each `{}` (or `null` for submission, flow
 * and quiz) when the run has none — as plain JSON data.
 */
export function codeInput(logic: LogicContext): Record<string, unknown> {
  return {
    answers: logic.answers ?? {},
    submission: logic.submission ?? null,
    flow: logic.flow ?? null,
    urlParams: { ...(logic.urlParams ?? {}) },
    calculations: { ...(logic.calculations ?? {}) },
    quiz: logic.quiz ?? null,
    nodes: logic.nodes ?? {},
  };
}

/**
 * The step's error for a failed sandbox run, in the user's words: the time, memory or stack limit (with the
 * limit), the code's exception as `Name: message` (a ReferenceError to `require`, `process`, `fetch` … with
 * `copy.codeNode.noHostAccess` after it), a promise that never settled, a result too large, or the sandbox's
 * crash. `limits` are the sandbox's.
 */
export function sandboxFailureMessage(outcome: Extract<SandboxOutcome, { ok: false }>, limits: CodeSandbox['runLimits']): string {
  switch (outcome.reason) {
    case 'timeout':
      return copy.codeNode.timeLimit(limits.timeMs);
    case 'memory':
      return copy.codeNode.memoryLimit(limits.memoryBytes);
    case 'stack':
      return copy.codeNode.stackLimit;
    case 'never_settled':
      return copy.codeNode.neverSettled;
    case 'too_large':
      return copy.codeNode.resultTooLarge(limits.resultMaxBytes);
    case 'threw': {
      const thrown = copy.codeNode.threw(outcome.name, outcome.message);
      return HOST_NAMES.test(outcome.message) ? `${thrown}. ${copy.codeNode.noHostAccess}` : thrown;
    }
    default:
      return copy.codeNode.sandboxCrashed;
  }
}

/** What a run of `code` came to: the result, or the step's error (see {@link sandboxFailureMessage}). */
export type CodeRunResult = { ok: true; result: unknown } | { ok: false; error: string };

/**
 * Runs `code` in `sandbox` with `input` and checks the result against `outputType`; runs of one `scope` (a code
 * node of a workflow, `{workflowId}/{nodeId}`) may share a warm context (`CodeSandbox.run`).
 * @throws Error when the sandbox is stopped (the service is shutting down): not the code's failure.
 */
export async function runCode(
  sandbox: CodeSandbox,
  code: string,
  outputType: Parameters<typeof codeResultProblem>[1],
  input: unknown,
  scope?: string,
): Promise<CodeRunResult> {
  const outcome = await sandbox.run(code, input, scope);
  if (!outcome.ok) {
    if (outcome.reason === 'closed') throw new Error('code sandbox stopped');
    return { ok: false, error: sandboxFailureMessage(outcome, sandbox.runLimits) };
  }
  const problem = codeResultProblem(outcome.value, outputType);
  return problem ? { ok: false, error: problem } : { ok: true, result: outcome.value };
}

/** The code node's executor (see the module doc). */
export const codeExecutor = defineExecutor(codeNode, {
  local: () => true,
  async execute({ run, nodeId, template, logic, services }) {
    const scope = `${run.workflowId}/${nodeId}`;
    const ran = await runCode(services.codeSandbox, template.codeString, template.outputType, codeInput(logic), scope);
    return ran.ok ? { kind: 'next', output: { result: ran.result } } : { kind: 'fail', error: ran.error };
  },
});
