/**
 * Each service's own OpenAPI document (docs/architecture.md §4 "Endpoint catalogue"): generated from the
 * catalogue endpoints the service registered — internal ones included — and served at {@link OPENAPI_JSON_PATH}
 * on the service's port (never routed by the gateway, which serves the merged public document).
 */
import type { Endpoint } from '@formloom/contracts/api/endpoint';
import { API_VERSION, openApiDocument } from '@formloom/contracts/api/openapi';
import { ENDPOINTS } from '@formloom/contracts/api/catalogue';
import { PRODUCT_NAME } from '@formloom/contracts/copy';

/** Where every service serves its own OpenAPI document. */
export const OPENAPI_JSON_PATH = '/openapi.json';

/**
 * The OpenAPI 3.1 document of `endpoints`, the endpoints service `name` registered.
 * @throws Error when the service does not serve every endpoint the catalogue gives it (each one missing is
 *   named): a documented call must have a handler.
 */
export function serviceOpenApi(name: string, endpoints: readonly Endpoint[]): Record<string, unknown> {
  const served = new Set(endpoints.map((endpoint) => endpoint.id));
  const missing = ENDPOINTS.filter((endpoint) => endpoint.service === name && !served.has(endpoint.id));
  if (missing.length > 0) {
    const list = missing.map((endpoint) => `${endpoint.id} (${endpoint.method} ${endpoint.path})`).join(', ');
    throw new Error(`${name} does not serve these endpoints of the catalogue: ${list}`);
  }
  return openApiDocument(endpoints, {
    title: `${PRODUCT_NAME} ${name} service`,
    version: API_VERSION,
    description: `The calls the ${name} service answers, internal ones included (the gateway routes only public and session calls).`,
  });
}
