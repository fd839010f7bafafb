/**
 * The API reference of the gateway (docs/architecture.md §4 "Endpoint catalogue"): the merged OpenAPI 3.1
 * document of every routed endpoint (`public` and `session`; internal ones are never routed) at
 * {@link OPENAPI_PATH}, generated from the catalogue, and a reference UI (Swagger UI, served from the gateway
 * itself, no CDN) at {@link DOCS_PATH}.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ENDPOINTS } from '@formloom/contracts/api/catalogue';
import { API_VERSION, openApiDocument } from '@formloom/contracts/api/openapi';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import type { ZodFastify } from '@formloom/kit/http';

/** Where the gateway serves the merged OpenAPI document. */
export const OPENAPI_PATH = '/api/openapi.json';
/** Where the gateway serves the reference UI. */
export const DOCS_PATH = '/api/docs';
/** The first path segment of the API reference (never a client route of the web app). */
export const API_REFERENCE_ROOT = 'api';

/** The merged public document: every endpoint the gateway routes. */
export function publicOpenApiDocument(): Record<string, unknown> {
  return openApiDocument(
    ENDPOINTS.filter((endpoint) => endpoint.access !== 'internal'),
    {
      title: `${PRODUCT_NAME} API`,
      version: API_VERSION,
      description:
        `The HTTP API of ${PRODUCT_NAME}: forms, submissions, workflows, workspaces and accounts. Calls marked ` +
        'with a lock need a signed-in session (the `formloom_session` cookie that `POST /auth/login` sets). Errors ' +
        'always have the shape `{"error": {"code", "message", "details"?}}`.',
      servers: [{ url: '/', description: 'This deployment' }],
    },
  );
}

/** Registers {@link OPENAPI_PATH} and the reference UI at {@link DOCS_PATH}. */
export async function registerApiReference(app: ZodFastify): Promise<void> {
  const document = publicOpenApiDocument();
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: true,
    // Swagger UI sets element styles at run time (model expansion); styles only, scripts stay hashed.
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
  app.get(OPENAPI_PATH, { logLevel: 'warn', config: { otel: false } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return document;
  });
}
