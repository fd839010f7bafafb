/**
 * Logic values: how a workflow template refers to a submission's answers and other run data. Spec 001 §3
 * speaks of "logic values" (recipients, record ids, offsets, filter values); this is the one form Formloom
 * uses for all of them.
 *
 * A logic value is either a literal (string, number, boolean, null) or a reference `{ "var": "<path>" }`
 * (the `var` operator of JsonLogic). Inside free text (email subjects, text blocks, messages) the same path is
 * written as `{{<path>}}`. Paths:
 *
 * | path                          | value                                                   |
 * | ----------------------------- | ------------------------------------------------------- |
 * | `answers.<widgetId>`          | the submission's answer to that question                |
 * | `submission.submissionId`     | the submission id                                       |
 * | `submission.submissionTime`   | the submission time (ISO 8601)                          |
 * | `flow.publicIdentifier`       | the form's public identifier                            |
 * | `flow.name`                   | the form's name                                         |
 * | `urlParams.<name>`            | a hidden field's value (`rules/url-params.ts`)          |
 * | `calculations.<calculationId>`| a calculation's number (`rules/calculations.ts`)        |
 * | `quiz.score`, `quiz.maxScore` | the quiz's points so far and the most there were to get (`rules/quiz.ts`) |
 * | `event.<field>`               | a scheduling trigger's event: `event.startTime`, `event.invitee.email`, `event.title` … (`events/scheduling.ts` `ScheduledEvent`) |
 * | `nodes.<nodeId>.<field>`      | a field of an earlier workflow step's output (a node type declares its fields: `workflows/define.ts` `outputs`; `workflows/variables.ts` lists what a node may read) |
 *
 * Example: recipients addressed to the answer of EmailInput `w2`: `{ "email": { "var": "answers.w2" } }`;
 * subject `"Thanks {{answers.w1}}"`.
 *
 * Zod-free at runtime (the public form uses it; docs/architecture.md "The public form's bundle"); the zod
 * schemas of these shapes are in `logic-schemas.ts`.
 */

/** A reference `{var: path}` to run data; see the module doc for paths (schema: `logic-schemas.ts`). */
export interface LogicRef {
  var: string;
}

/** A literal or a reference (schema: `logic-schemas.ts`). */
export type LogicValue = string | number | boolean | null | LogicRef;

/** The data logic values are resolved against. */
export interface LogicContext {
  answers: Record<string, unknown>;
  submission?: { submissionId: string; submissionTime: string };
  flow?: { publicIdentifier: string; name: string };
  /** Hidden fields by name (`rules/url-params.ts`). */
  urlParams?: Record<string, string>;
  /** Calculations' numbers by calculation id (`rules/calculations.ts`). */
  calculations?: Record<string, number>;
  /** A quiz's points (`rules/quiz.ts`); absent when the form is no quiz. */
  quiz?: { score: number; maxScore: number };
  /**
   * In a workflow run: the outputs of the steps that ran before, by node id (`nodes.<nodeId>.<field>`), as their
   * executors returned them. Absent outside workflows.
   */
  nodes?: Record<string, unknown>;
  /** In a run started by a scheduling event: the event (`events/scheduling.ts` `ScheduledEvent`). */
  event?: Record<string, unknown>;
}

/** The first segments of the paths {@link readPath} reads. */
const CONTEXT_ROOTS: ReadonlySet<string> = new Set(['answers', 'submission', 'flow', 'urlParams', 'calculations', 'quiz', 'nodes', 'event']);

/** Builds the reference to a question's answer: `answerRef('w2')` → `{var: 'answers.w2'}`. */
export function answerRef(widgetId: string): LogicRef {
  return { var: `answers.${widgetId}` };
}

/** True when `value` is a `{var}` reference. */
export function isLogicRef(value: unknown): value is LogicRef {
  return typeof value === 'object' && value !== null && typeof (value as { var?: unknown }).var === 'string';
}

/**
 * Reads a dotted path (`answers.w2`) from the context. Returns `undefined` for an unknown path; never throws.
 */
export function readPath(context: LogicContext, path: string): unknown {
  const [head, ...rest] = path.split('.');
  if (head === undefined || !CONTEXT_ROOTS.has(head)) return undefined;
  let current: unknown = context[head as keyof LogicContext];
  for (const key of rest) {
    if (typeof current !== 'object' || current === null || !Object.prototype.hasOwnProperty.call(current, key)) {
      return undefined;
    }
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Resolves a logic value: literals as they are, references through {@link readPath}. */
export function resolveLogicValue(value: LogicValue, context: LogicContext): unknown {
  return isLogicRef(value) ? readPath(context, value.var) : value;
}

/** Formats a resolved value for text: arrays joined with ', ', null/undefined as ''. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Replaces every `{{path}}` in `text` with the formatted value at that path ('' when unknown). */
export function interpolate(text: string, context: LogicContext): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_m, path: string) => formatValue(readPath(context, path)));
}
