/**
 * The endpoint catalogue's own rules (docs/architecture.md §4 "Endpoint catalogue"): every endpoint well formed,
 * one owner per method and path, internal paths under `/internal`, and NO documented path written anywhere else
 * in the code base: web fetchers, services, test helpers, the product client and the load tests build their URLs
 * from the catalogue (`pathOf`). Test files themselves (`*.test.ts`) may spell documented URLs: they call the API
 * from outside, as its users do, and so pin the documented paths.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ENDPOINTS } from '../src/api/catalogue';
import { pathParamNames } from '../src/api/endpoint';
import { GENERATED_MARKER } from '../src/api/generated';
import { SERVICES } from '../src/services';

const ROOT = path.resolve(__dirname, '../..');

describe('the endpoint catalogue', () => {
  it('has unique ids and one endpoint per method and path', () => {
    const ids = ENDPOINTS.map((endpoint) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('gives every endpoint a service of the manifest, a summary and exactly one success response', () => {
    for (const endpoint of ENDPOINTS) {
      expect(SERVICES).toContain(endpoint.service);
      expect(endpoint.summary.length).toBeGreaterThan(0);
      const successes = Object.keys(endpoint.responses).map(Number).filter((status) => status >= 200 && status < 400);
      expect(successes).toEqual([endpoint.successStatus]);
    }
  });

  it('documents the errors of every endpoint in the one error format', () => {
    for (const endpoint of ENDPOINTS) {
      const statuses = Object.keys(endpoint.responses).map(Number);
      expect(statuses).toEqual(expect.arrayContaining([500, 503]));
      if (endpoint.access !== 'public') expect(statuses).toContain(401);
      if (endpoint.body || endpoint.params || endpoint.query) expect(statuses).toContain(400);
      for (const status of statuses.filter((value) => value >= 400)) {
        const schema = endpoint.responses[status]?.schema;
        expect(schema?.safeParse({ error: { code: 'not_found', message: 'x' } }).success).toBe(true);
      }
    }
  });

  it('keeps internal endpoints, and only them, under /internal', () => {
    for (const endpoint of ENDPOINTS) {
      expect(endpoint.path.startsWith('/internal/')).toBe(endpoint.access === 'internal');
    }
  });

  it('names every path parameter in the params schema', () => {
    for (const endpoint of ENDPOINTS) {
      expect(Object.keys(endpoint.params?.shape ?? {}).sort()).toEqual(pathParamNames(endpoint.path).sort());
    }
  });
});

/** Folders scanned for stray paths (relative to the repository root). */
const SCANNED = ['contracts/src', 'services', 'gateway', 'scripts', 'web/src', 'web/e2e', 'load-tests', 'deploy'];

/** Source files outside the catalogue, skipping tests, build output and dependencies. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|js|mjs|cjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
    }
  };
  for (const folder of SCANNED) walk(path.join(ROOT, folder));
  const catalogue = path.join(ROOT, 'contracts/src/api') + path.sep;
  return files.filter((file) => !file.startsWith(catalogue));
}

/** The text of every string and template literal of a source file (`${}` for each substitution). */
function literals(file: string): { text: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  if (text.includes(GENERATED_MARKER)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    let value: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) value = node.text;
    else if (ts.isTemplateExpression(node)) value = node.head.text + node.templateSpans.map((span) => '${}' + span.literal.text).join('');
    if (value !== undefined) found.push({ text: value, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A pattern matching a literal that spells `endpointPath`: params as any segment or a substitution, optionally
 * after a base URL (`${BASE_URL}/auth/me`, `http://host/auth/me`) or a method (`'POST /auth/signup'`), optionally
 * followed by a query.
 */
function pathPattern(endpointPath: string): RegExp {
  const segments = endpointPath.split('/').map((segment) =>
    segment.startsWith(':') ? '(?:\\$\\{\\}|[^/?#\\s]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^(?:(?:GET|POST|PUT|PATCH|DELETE) )?(?:\\$\\{\\}|https?://[^/\\s]+)?${segments.join('/')}(?:[?#].*|\\$\\{\\})?$`);
}

describe('documented paths', () => {
  it('are written only in the catalogue', () => {
    // Endpoints with fewer parameters first, so the message names the most specific one.
    const patterns = ENDPOINTS.map((endpoint) => ({ endpoint, pattern: pathPattern(endpoint.path) })).sort(
      (a, b) => pathParamNames(a.endpoint.path).length - pathParamNames(b.endpoint.path).length,
    );
    const strays: string[] = [];
    for (const file of sourceFiles()) {
      for (const literal of literals(file)) {
        const match = patterns.find(({ pattern }) => pattern.test(literal.text));
        if (match) strays.push(`${path.relative(ROOT, file)}:${literal.line} '${literal.text}' (use ${match.endpoint.id})`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('would be found in a template literal and in a plain string', () => {
    const pattern = pathPattern('/admin/flows/:publicIdentifier/publish');
    expect(pattern.test('/admin/flows/${}/publish')).toBe(true);
    expect(pattern.test('/admin/flows/abc123/publish?x=1')).toBe(true);
    expect(pattern.test('/admin/flows/a/b/publish')).toBe(false);
    expect(pattern.test('${}/admin/flows/${}/publish')).toBe(true);
    expect(pattern.test('POST /admin/flows/:publicIdentifier/publish')).toBe(true);
    expect(pattern.test('http://127.0.0.1:8080/admin/flows/x/publish')).toBe(true);
    expect(pattern.test('see /admin/flows/x/publish')).toBe(false);
    expect(pathPattern('/admin/mail').test('/admin/mail${}')).toBe(true);
  });
});
