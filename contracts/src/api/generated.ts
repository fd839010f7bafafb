/**
 * Files generated from the endpoint catalogue, for code that cannot import TypeScript (k6 runs plain
 * JavaScript): `npm run generate` writes them and a test fails when one is stale. Each starts with
 * {@link GENERATED_MARKER}; the stray-path check of the catalogue test skips them (they are the catalogue's copy).
 */
import type { Endpoint } from './endpoint';

/** The first line of every generated file. */
export const GENERATED_MARKER = '@generated from the endpoint catalogue by `npm run generate`: do not edit';

/** The k6 module `load-tests/k6/lib/endpoints.js`: each endpoint's method and path by id, and `pathOf`. */
export function k6EndpointsModule(endpoints: readonly Endpoint[]): string {
  const entries = endpoints
    .filter((endpoint) => endpoint.access !== 'internal')
    .map((endpoint) => `  '${endpoint.id}': { method: '${endpoint.method}', path: '${endpoint.path}' },`);
  return [
    `// ${GENERATED_MARKER}`,
    '// (contracts/src/api/generated.ts). The routed endpoints of Formloom: method and path by catalogue id.',
    '',
    'export const endpoints = {',
    ...entries,
    '};',
    '',
    '/** The concrete path of endpoint `id` for `params` (each `:name` replaced, URI-encoded). */',
    'export function pathOf(id, params = {}) {',
    '  const endpoint = endpoints[id];',
    "  if (!endpoint) throw new Error(`unknown endpoint ${id}`);",
    '  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name) => {',
    "    if (params[name] === undefined) throw new Error(`endpoint ${id}: missing path parameter ${name}`);",
    '    return encodeURIComponent(String(params[name]));',
    '  });',
    '}',
    '',
  ].join('\n');
}
