/**
 * The workflow `code` node (spec 001 §3, §4, §5; `workflows/nodes/code.ts`, the engine's sandbox): its rules, the
 * reasons a run fails and its panel's test. The spec gives none of the texts ("Code node needs a return
 * statement" is a rule, not a quoted message): all are ours.
 */
export const codeNode = {
  /** ours: spec 001 §4/§5 "complete only if the code contains a return". */
  returnRequired: 'The code needs a return statement',
  /** ours: the code does not parse; `line` is 1-based. */
  syntaxError: (line: number, message: string) => `Syntax error on line ${line}: ${message}`,
  /** ours: an `import`/`export` declaration (the code is a function body, with no modules). */
  importNotAllowed: 'The code cannot import modules: it computes with `input` only',
  /** ours: the code is longer than CODE_NODE_MAX_LENGTH characters. */
  tooLong: (max: number) => `The code is longer than ${max} characters`,
  /** ours: no (or an unknown) output type. */
  outputTypeRequired: 'Choose the type of the result',
  /** ours: a complete node's description, e.g. 'Returns an object'. */
  describe: (typeName: string) => `Returns ${typeName}`,
  /** ours: the output types as the panel and the descriptions name them, with their article. */
  typeNames: {
    string: 'a text',
    number: 'a number',
    boolean: 'true or false',
    object: 'an object',
    array: 'a list',
  },
  /** ours: the output types as the panel's select lists them. */
  typeLabels: {
    string: 'Text',
    number: 'Number',
    boolean: 'True or false',
    object: 'Object',
    array: 'List',
  },
  /** ours: the panel's description of the code field (the editor's keys: Tab indents, Esc then Tab leaves). */
  editorHint: 'The body of async function (input). Return the result. Tab indents; press Esc, then Tab, to leave the editor.',
  /** ours: the heading of the list of what the code can read. */
  inputsHeading: 'Available inputs',
  /** ours: a test's heading when the code returned a result. */
  testResult: 'Result',
  /** ours: a test's heading when the code failed. */
  testFailed: 'The code failed',
  /** ours: a run stopped by the time limit (CODE_NODE_TIME_LIMIT_MS). */
  timeLimit: (ms: number) => `The code ran longer than ${ms / 1000} s and was stopped`,
  /** ours: a run stopped by the memory limit (CODE_NODE_MEMORY_LIMIT_BYTES). */
  memoryLimit: (bytes: number) => `The code used more than ${Math.round(bytes / (1024 * 1024))} MB of memory and was stopped`,
  /** ours: a run stopped by the stack limit (CODE_NODE_STACK_LIMIT_BYTES). */
  stackLimit: 'The code nested its calls too deeply (stack overflow) and was stopped',
  /** ours: the code threw (or its promise was rejected with) `name: message`. */
  threw: (name: string, message: string) => `${name}: ${message}`,
  /** ours: added to a ReferenceError naming something only a server has (require, process, fetch …). */
  noHostAccess: 'The code runs without require, import, process or network access: it computes with `input` only.',
  /** ours: the code returned a promise that did not settle before the code finished. */
  neverSettled: 'The code returned a promise that never settled',
  /** ours: the result's JSON is longer than CODE_NODE_RESULT_MAX_BYTES. */
  resultTooLarge: (bytes: number) => `The result is larger than ${Math.round(bytes / 1024)} KB`,
  /** ours: the result is not of the chosen output type (`expected`, `got` are {@link codeNode.typeNames} or 'null'). */
  wrongType: (expected: string, got: string) => `The code returned ${got}, not ${expected}`,
  /** ours: the variable picker's name of the step's output (`nodes.<id>.result`). */
  resultLabel: 'Result',
  /** ours: the sandbox's thread ended unexpectedly while running the code (it is replaced for the next run). */
  sandboxCrashed: 'The code stopped the sandbox unexpectedly',
} as const;
