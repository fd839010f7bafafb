/**
 * The `code` node (spec 001 §3 `codeString`, `outputType`; §4/§5 "complete only if the code contains a return"):
 * JavaScript the user writes, run by the engine in a sandbox (`services/workflows-engine/src/sandbox/`,
 * docs/architecture.md "The code node's sandbox"); the web's card and panel are `web/src/features/workflows/nodes/code.tsx`.
 *
 * **The code** is the body of an `async` function of one argument, `input` — a frozen plain object of the run's
 * data ({@link CODE_INPUT_KEYS}: answers, submission, flow, urlParams, calculations, quiz, nodes) — run in strict
 * mode. It must `return` a JSON value of the chosen {@link CodeOutputType}; later nodes read it as
 * `nodes.<id>.result`. It may `await` (a promise it returns is settled within the time limit) but has nothing to
 * wait for: no network, files, timers, `require`, `import` or `process`.
 *
 * **The return check** parses the code with acorn (ECMAScript latest, a strict script in which `return` and
 * `await` are allowed at the top, as in a function body): a syntax error is reported with its line; `import` and
 * `export` declarations are refused; and the code is complete only when a `return` statement stands in the body
 * itself — one inside a nested function or arrow (`items.map((x) => { return x })`) returns from that function,
 * not from the code, and does not count. Comments and strings never count (they are not statements).
 *
 * **Output types** (spec 001 §3 `outputType`; the set is ours): `string`, `number` (finite), `boolean`, `object`
 * (a plain object: not null, not a list) and `array`. A result of another type fails the step.
 */
import { parse, type Node } from 'acorn';
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import { CODE_NODE_MAX_LENGTH } from '../../limits';
import { defineNode, field } from '../define';

/** spec 001 §3 `outputType` (see the module doc for the set). */
export const CodeOutputType = z.enum(['string', 'number', 'boolean', 'object', 'array']);
/** A code node's output type. */
export type CodeOutputType = z.infer<typeof CodeOutputType>;

/** spec 001 §3: the code node template. */
export const CodeNodeTemplate = z.object({
  codeString: z.string().max(CODE_NODE_MAX_LENGTH),
  outputType: CodeOutputType,
});
/** A code node template. */
export type CodeNodeTemplate = z.infer<typeof CodeNodeTemplate>;

/** The keys of the `input` object the code receives (`logic.ts` `LogicContext`'s roots), in the panel's order. */
export const CODE_INPUT_KEYS = ['answers', 'submission', 'flow', 'urlParams', 'calculations', 'quiz', 'nodes'] as const;

/** The default code of a new node: reads the answers and returns an object. */
export const DEFAULT_CODE = [
  '// `input` holds the run: input.answers, input.submission, input.urlParams, input.calculations, input.nodes',
  'const answered = Object.values(input.answers).filter((answer) => answer !== null && answer !== "");',
  'return { answered: answered.length };',
].join('\n');

/** Node types that start a function of their own: a `return` inside one is not the code's. */
const FUNCTION_NODES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** True when `node`'s subtree holds a `return` statement outside any nested function. */
function hasOwnReturn(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Array.isArray(node)) return node.some(hasOwnReturn);
  const type = (node as { type?: unknown }).type;
  if (type === 'ReturnStatement') return true;
  if (typeof type === 'string' && FUNCTION_NODES.has(type)) return false;
  return Object.entries(node).some(([key, child]) => key !== 'loc' && typeof child === 'object' && hasOwnReturn(child));
}

/** The result of {@link checkCode}. */
export type CodeCheck = { ok: true } | { ok: false; message: string };

/**
 * Checks code as the module doc says: `{ok: true}` when it parses and has its own `return`; otherwise the message
 * — 'Syntax error on line N: …', the import refusal, or 'The code needs a return statement'. Never throws.
 */
export function checkCode(code: string): CodeCheck {
  if (code.length > CODE_NODE_MAX_LENGTH) return { ok: false, message: copy.codeNode.tooLong(CODE_NODE_MAX_LENGTH) };
  let program: Node;
  try {
    // "use strict" on the first line keeps the line numbers: the sandbox runs the code in strict mode too.
    program = parse(`"use strict";${code}`, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      locations: true,
    });
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    if (raw.includes("'import' and 'export'")) return { ok: false, message: copy.codeNode.importNotAllowed };
    const line = (error as { loc?: { line?: number } }).loc?.line ?? 1;
    return { ok: false, message: copy.codeNode.syntaxError(line, raw.replace(/\s*\(\d+:\d+\)$/, '')) };
  }
  return hasOwnReturn((program as unknown as { body: unknown }).body) ? { ok: true } : { ok: false, message: copy.codeNode.returnRequired };
}

/**
 * The spec 001 §4/§5 code rules, in order, paths relative to the template: `codeString` ({@link checkCode}), then
 * `outputType` (one of {@link CodeOutputType}). `[]` when complete. Never throws.
 */
export function codeNodeErrors(template: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const code = field(template, 'codeString');
  const checked = checkCode(typeof code === 'string' ? code : '');
  if (!checked.ok) errors.push({ path: 'codeString', message: checked.message });
  if (!CodeOutputType.safeParse(field(template, 'outputType')).success) errors.push({ path: 'outputType', message: copy.codeNode.outputTypeRequired });
  return errors;
}

/** What a JSON value is, in the words of `copy.codeNode.typeNames` ('null' for null). */
export function codeValueTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return copy.codeNode.typeNames.array;
  switch (typeof value) {
    case 'string':
      return copy.codeNode.typeNames.string;
    case 'number':
      return copy.codeNode.typeNames.number;
    case 'boolean':
      return copy.codeNode.typeNames.boolean;
    default:
      return copy.codeNode.typeNames.object;
  }
}

/**
 * Checks a result (a JSON value) against the output type: `null` when it is one (a `number` must be finite, an
 * `object` a plain object — not null, not a list), else the step's error ('The code returned a text, not a
 * number'). Never throws.
 */
export function codeResultProblem(value: unknown, outputType: CodeOutputType): string | null {
  const fits =
    outputType === 'array'
      ? Array.isArray(value)
      : outputType === 'object'
        ? typeof value === 'object' && value !== null && !Array.isArray(value)
        : outputType === 'number'
          ? typeof value === 'number' && Number.isFinite(value)
          : typeof value === outputType;
  return fits ? null : copy.codeNode.wrongType(copy.codeNode.typeNames[outputType], codeValueTypeName(value));
}

/**
 * How code reads a logic path (`answers.w1` → `input.answers.w1`; keys that are not identifiers in brackets:
 * `input.urlParams["utm-source"]`), for the panel's list of inputs.
 */
export function codeInputExpression(path: string): string {
  return path
    .split('.')
    .reduce((expression, key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${expression}.${key}` : `${expression}[${JSON.stringify(key)}]`), 'input');
}

/**
 * The code node (spec 001 §3–§5): incomplete while the code does not parse or has no `return`, or no output type is
 * chosen ({@link codeNodeErrors}); complete, it reads 'Returns an object'. The default template is
 * {@link DEFAULT_CODE} returning an object. Its step's output is `{result}`: later nodes read `nodes.<id>.result`.
 */
export const codeNode = defineNode({
  type: 'code',
  schema: CodeNodeTemplate,
  defaultTemplate: (): CodeNodeTemplate => ({ codeString: DEFAULT_CODE, outputType: 'object' }),
  rules: codeNodeErrors,
  describe: (template) => {
    const parsed = CodeOutputType.safeParse(field(template, 'outputType'));
    return parsed.success ? copy.codeNode.describe(copy.codeNode.typeNames[parsed.data]) : '';
  },
  outputs: () => [{ field: 'result', label: copy.codeNode.resultLabel }],
});
