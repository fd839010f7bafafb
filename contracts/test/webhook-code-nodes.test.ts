/**
 * The `webhook` and `code` node modules (spec 001 §3–§5, §8, §9): their spec texts, URL rules, the advanced-view
 * rule and its switch, key-value rows, status lines, the code's return check (acorn), output types, and what later
 * nodes may read of them.
 */
import * as copy from '../src/copy';
import { WorkflowTemplate } from '../src/entities/workflow';
import { CODE_NODE_MAX_LENGTH, WEBHOOK_NODE_MAX_ROWS } from '../src/limits';
import { checkCode, codeInputExpression, codeNode, codeResultProblem, DEFAULT_CODE } from '../src/workflows/nodes/code';
import { nodeRegistry } from '../src/workflows/nodes/registry';
import {
  isAdvancedWebhook,
  switchWebhookMode,
  webhookNode,
  webhookNodeErrors,
  webhookTarget,
  webhookUrlProblem,
} from '../src/workflows/nodes/webhook';
import { templatePublishErrors } from '../src/workflows/publish-checks';
import { workflowVariables } from '../src/workflows/variables';

const PUBLIC = 'Please provide a publicly hosted URL (not localhost)';
const INVALID = 'Please provide a valid URL';

describe('the spec texts of the webhook node', () => {
  it.each<[string, string]>([
    [copy.webhookNode.publicUrlRequired, PUBLIC],
    [copy.webhookNode.invalidUrl, INVALID],
    [copy.webhookNode.noMoreFields, 'No more fields available'],
    [copy.webhookNode.testMisconfigured, "Your integration fetch may be misconfigured. Contact support if you can't diagnose the issue."],
  ])('%j', (actual, expected) => expect(actual).toBe(expected));

  it('the webhook test hint starts with the spec’s question', () => {
    expect(copy.webhookNode.testEndpointHint.startsWith('Did you provide the right endpoint? ')).toBe(true);
  });
});

describe('webhookUrlProblem (spec 001 §5 "Webhook URL")', () => {
  it('takes an empty URL as no URL', () => {
    expect(webhookUrlProblem('')).toBeNull();
    expect(webhookUrlProblem('   ')).toBeNull();
  });

  it.each(['https://hooks.example.com/in', 'http://example.com', 'https://93.184.216.34/x', 'https://[2606:2800:220:1::1]/', 'https://hooks.example.com:8443/a?b=c'])(
    'accepts the public URL %s',
    (url) => expect(webhookUrlProblem(url)).toBeNull(),
  );

  it.each([
    'http://localhost:3000/hook',
    'https://LOCALHOST/',
    'http://api.localhost/',
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[64:ff9b::a00:1]/',
    'http://metadata.google.internal/computeMetadata/v1/',
  ])('refuses the local or blocked %s', (url) => expect(webhookUrlProblem(url)).toBe(PUBLIC));

  it.each(['example.com/hook', 'ftp://example.com/', 'javascript:alert(1)', 'https://user:pass@example.com/', 'https://', 'not a url'])(
    'refuses the invalid %s',
    (url) => expect(webhookUrlProblem(url)).toBe(INVALID),
  );

  it('judges an IPv4-mapped IPv6 address by the IPv4 address it holds', () => {
    expect(webhookUrlProblem('http://[::ffff:93.184.216.34]/')).toBeNull();
  });
});

describe('the advanced view (spec 001 §4 "Rest")', () => {
  it('is on for full, off for simple, and when unset only without a simple URL and with a URL', () => {
    expect(isAdvancedWebhook({ webhookType: 'full' })).toBe(true);
    expect(isAdvancedWebhook({ webhookType: 'simple', url: 'https://a.example' })).toBe(false);
    expect(isAdvancedWebhook({ url: 'https://a.example' })).toBe(true);
    expect(isAdvancedWebhook({ url: 'https://a.example', simpleURL: { url: 'https://b.example' } })).toBe(false);
    expect(isAdvancedWebhook({})).toBe(false);
    expect(isAdvancedWebhook(undefined)).toBe(false);
  });

  it('seeds the URL from the simple URL when switching to advanced, and keeps a URL already there', () => {
    expect(switchWebhookMode({ webhookType: 'simple', simpleURL: { url: 'https://a.example/x' } }, true)).toEqual({
      webhookType: 'full',
      simpleURL: { url: 'https://a.example/x' },
      url: 'https://a.example/x',
    });
    expect(switchWebhookMode({ simpleURL: { url: 'https://a.example' }, url: 'https://b.example' }, true).url).toBe('https://b.example');
    expect(switchWebhookMode({ webhookType: 'full', url: 'https://b.example' }, false)).toEqual({
      webhookType: 'simple',
      url: 'https://b.example',
      simpleURL: { url: 'https://b.example' },
    });
  });

  it('sends in the mode in use: simple POSTs to the simple URL, advanced uses its method and URL', () => {
    expect(webhookTarget({ config: { simpleURL: { url: ' https://a.example ' } } })).toEqual({
      advanced: false,
      url: 'https://a.example',
      path: 'config.simpleURL.url',
      method: 'POST',
    });
    expect(webhookTarget({ config: { webhookType: 'full', url: 'https://b.example', actionType: 'get' } })).toEqual({
      advanced: true,
      url: 'https://b.example',
      path: 'config.url',
      method: 'GET',
    });
  });
});

describe('the webhook node module', () => {
  it('is registered, starts simple without a URL and needs one (spec 001 §4)', () => {
    expect(nodeRegistry.find('webhook')).toBe(webhookNode);
    const fresh = webhookNode.defaultTemplate();
    expect(webhookNode.schema.safeParse(fresh).success).toBe(true);
    expect(webhookNode.status(fresh)).toEqual({ complete: false, description: `Setup needed: ${copy.webhookNode.urlRequired}` });
    expect(webhookNode.status({ config: { simpleURL: { url: 'https://hooks.example.com/in' } } })).toEqual({
      complete: true,
      description: 'POST hooks.example.com/in',
    });
    expect(webhookNode.status({ config: { webhookType: 'full', actionType: 'get', url: 'https://api.example.com/' } })).toEqual({
      complete: true,
      description: 'GET api.example.com',
    });
  });

  it('reports the URL problem at the URL of the mode in use', () => {
    expect(webhookNodeErrors({ config: { simpleURL: { url: 'http://localhost/x' } } })).toEqual([{ path: 'config.simpleURL.url', message: PUBLIC }]);
    expect(webhookNodeErrors({ config: { webhookType: 'full', url: 'nope' } })).toEqual([{ path: 'config.url', message: INVALID }]);
    expect(webhookNode.status({ config: { webhookType: 'full', url: 'http://10.0.0.1' } })).toEqual({ complete: false, description: `Setup needed: ${PUBLIC}` });
  });

  it('refuses repeated keys, keyless values, bad and reserved header names in advanced mode only (spec 001 §5)', () => {
    const rows = {
      urlParameters: [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
        { key: '', value: '' },
        { key: ' ', value: 'x' },
      ],
      headers: [
        { key: 'X-Token', value: '{{answers.w1}}' },
        { key: 'x-token', value: 'again' },
        { key: 'Bad Name', value: '1' },
        { key: 'Idempotency-Key', value: 'mine' },
      ],
      cookies: [{ key: 'session', value: '1' }, { key: 'a;b', value: '2' }],
    };
    expect(webhookNodeErrors({ config: { webhookType: 'full', url: 'https://a.example', ...rows } })).toEqual([
      { path: 'config.urlParameters.1.key', message: copy.webhookNode.keyRepeated('a') },
      { path: 'config.urlParameters.3.key', message: copy.webhookNode.keyRequired },
      { path: 'config.headers.1.key', message: copy.webhookNode.keyRepeated('x-token') },
      { path: 'config.headers.2.key', message: copy.webhookNode.invalidHeaderName('Bad Name') },
      { path: 'config.headers.3.key', message: copy.webhookNode.reservedHeader('Idempotency-Key') },
      { path: 'config.cookies.1.key', message: copy.webhookNode.invalidHeaderName('a;b') },
    ]);
    expect(webhookNodeErrors({ config: { webhookType: 'simple', simpleURL: { url: 'https://a.example' }, ...rows } })).toEqual([]);
  });

  it('refuses more rows than the limit at publish, and its method is GET or POST only', () => {
    const many = Array.from({ length: WEBHOOK_NODE_MAX_ROWS + 1 }, (_, index) => ({ key: `k${index}`, value: '' }));
    const errors = webhookNode.publishErrors({ nextNodeId: null, template: { config: { webhookType: 'full', url: 'https://a.example', headers: many } } });
    expect(errors.map((error) => error.path)).toEqual(['template.config.headers']);
    expect(webhookNode.schema.safeParse({ config: { actionType: 'delete' } }).success).toBe(false);
  });

  it('offers its answer to later nodes: status, body and headers', () => {
    const template = WorkflowTemplate.parse({
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'hook' },
      nodes: {
        hook: { type: 'webhook', template: { config: { simpleURL: { url: 'https://a.example' } } }, nextNodeId: 'run' },
        run: { type: 'code', template: { codeString: 'return 1', outputType: 'number' }, nextNodeId: null },
        after: { type: 'email', template: {}, nextNodeId: null },
      },
    });
    const groups = workflowVariables({ template, nodeId: 'run' });
    expect(groups.find((group) => group.key === 'nodes.hook')?.variables.map((variable) => variable.path)).toEqual([
      'nodes.hook.statusCode',
      'nodes.hook.body',
      'nodes.hook.headers',
    ]);
    expect(groups.some((group) => group.key === 'nodes.run')).toBe(false);
  });
});

describe('checkCode: the code node needs a return statement (spec 001 §4, §5)', () => {
  it.each(['return 1', 'const a = input.answers;\nreturn { a }', 'if (input.quiz) { return 1 } else { return 2 }', 'for (;;) { return 1 }', 'const x = await Promise.resolve(1);\nreturn x', 'switch (1) { case 1: return "one" }'])(
    'accepts %j',
    (code) => expect(checkCode(code)).toEqual({ ok: true }),
  );

  it.each([
    '',
    'const x = 1;',
    '// return 1',
    '/* return 1 */ const a = 1;',
    'const text = "return 1";',
    'const text = `return ${1}`;',
    'const f = () => { return 1 };',
    'function helper() { return 1 }',
    'const o = { m() { return 1 } };',
    'class A { get x() { return 1 } }',
    'const items = [1].map(function (x) { return x });',
  ])('refuses %j: its only return is not the code’s own, or there is none', (code) => {
    expect(checkCode(code)).toEqual({ ok: false, message: copy.codeNode.returnRequired });
  });

  it('reports a syntax error with its line', () => {
    expect(checkCode('const a = 1;\nreturn {a: }')).toEqual({ ok: false, message: copy.codeNode.syntaxError(2, 'Unexpected token') });
  });

  it('parses as strict code, as the sandbox runs it', () => {
    const checked = checkCode('with (input) { return answers }');
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toContain('line 1');
  });

  it('refuses import and export declarations with its own reason', () => {
    expect(checkCode('import fs from "fs";\nreturn 1')).toEqual({ ok: false, message: copy.codeNode.importNotAllowed });
    expect(checkCode('export const a = 1;\nreturn a')).toEqual({ ok: false, message: copy.codeNode.importNotAllowed });
  });

  it('refuses code longer than the limit', () => {
    expect(checkCode(`return ${'1+'.repeat(CODE_NODE_MAX_LENGTH)}1`)).toEqual({ ok: false, message: copy.codeNode.tooLong(CODE_NODE_MAX_LENGTH) });
  });
});

describe('the code node module', () => {
  it('is registered, starts complete with the default code returning an object', () => {
    expect(nodeRegistry.find('code')).toBe(codeNode);
    const fresh = codeNode.defaultTemplate();
    expect(fresh).toEqual({ codeString: DEFAULT_CODE, outputType: 'object' });
    expect(codeNode.status(fresh)).toEqual({ complete: true, description: 'Returns an object' });
  });

  it('is incomplete without a return, then without an output type, and refuses both at publish', () => {
    expect(codeNode.status({ codeString: 'const a = 1', outputType: 'number' })).toEqual({
      complete: false,
      description: `Setup needed: ${copy.codeNode.returnRequired}`,
    });
    expect(codeNode.status({ codeString: 'return 1' })).toEqual({ complete: false, description: `Setup needed: ${copy.codeNode.outputTypeRequired}` });
    const template = WorkflowTemplate.parse({
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'c' },
      nodes: { c: { type: 'code', template: { codeString: 'input.x', outputType: 'date' }, nextNodeId: null } },
    });
    expect(templatePublishErrors(template)).toEqual([
      { path: 'nodes.c.template.codeString', message: copy.codeNode.returnRequired },
      { path: 'nodes.c.template.outputType', message: copy.codeNode.outputTypeRequired },
    ]);
  });

  it('checks a result against the output type', () => {
    expect(codeResultProblem('a', 'string')).toBeNull();
    expect(codeResultProblem(1.5, 'number')).toBeNull();
    expect(codeResultProblem(false, 'boolean')).toBeNull();
    expect(codeResultProblem({ a: 1 }, 'object')).toBeNull();
    expect(codeResultProblem([], 'array')).toBeNull();
    expect(codeResultProblem('1', 'number')).toBe('The code returned a text, not a number');
    expect(codeResultProblem(null, 'object')).toBe('The code returned null, not an object');
    expect(codeResultProblem([1], 'object')).toBe('The code returned a list, not an object');
    expect(codeResultProblem({}, 'array')).toBe('The code returned an object, not a list');
  });

  it('names the inputs as code reads them', () => {
    expect(codeInputExpression('answers.w1')).toBe('input.answers.w1');
    expect(codeInputExpression('urlParams.utm-source')).toBe('input.urlParams["utm-source"]');
    expect(codeInputExpression('nodes.n1.result')).toBe('input.nodes.n1.result');
  });

  it('offers its result to later nodes', () => {
    expect(codeNode.outputs({})).toEqual([{ field: 'result', label: 'Result' }]);
  });
});
