/**
 * OpenAPI 3.1 documents generated from the endpoint catalogue with zod-openapi (never written by hand): each
 * service serves the document of its own endpoints (`GET /openapi.json`, internal ones included), the gateway
 * serves the merged document of everything routed — `public` and `session` endpoints — at `/api/openapi.json`,
 * with a reference UI at `/api/docs` (docs/architecture.md §4 "Endpoint catalogue").
 *
 * Security schemes: `session` endpoints take the `formloom_session` cookie (browsers, through the gateway) or a
 * bearer JWT (the gateway's token, when calling a service directly); `internal` endpoints take the
 * `x-internal-token` header.
 */
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { INTERNAL_TOKEN_HEADER, SESSION_COOKIE } from '../auth';
import { PRODUCT_NAME } from '../copy';
import type { Endpoint, ResponseSpec } from './endpoint';
import { openApiPath } from './endpoint';

/** The OpenAPI version of every document. */
export const OPENAPI_VERSION = '3.1.0';

/** The version of Formloom's HTTP API (`info.version` of every document). */
export const API_VERSION = '0.1.0';

/** Options of {@link openApiDocument}. */
export interface OpenApiOptions {
  /** The document's title, e.g. `Formloom API` or `Formloom flows service`. */
  title: string;
  /** The API's version (the product's release). */
  version: string;
  /** A description in Markdown. */
  description?: string;
  /** Base URLs callers use (default: relative to where the document is served). */
  servers?: readonly { url: string; description?: string }[];
}

/** The default tag of an endpoint: the first path segment after `admin`/`public`/`v1`/`internal`. */
function defaultTag(endpoint: Endpoint): string {
  const segments = endpoint.path.split('/').filter((segment) => segment && !segment.startsWith(':'));
  const meaningful = segments.find((segment) => !['admin', 'public', 'v1', 'internal', '.well-known'].includes(segment));
  return meaningful ?? segments[0] ?? 'api';
}

function securityOf(endpoint: Endpoint): ZodOpenApiOperationObject['security'] {
  if (endpoint.access === 'public') return [];
  if (endpoint.access === 'internal') return [{ internalToken: [] }];
  return [{ sessionCookie: [] }, { bearerToken: [] }];
}

/**
 * The OpenAPI response of `response`: its JSON schema under `application/json`, a file
 * (`ResponseSpec.mediaTypes`) as a binary string under each of its media types, or no content.
 */
function responseOf(response: ResponseSpec): ZodOpenApiResponseObject {
  if (response.mediaTypes?.length) {
    const content = Object.fromEntries(
      response.mediaTypes.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }]),
    );
    return { description: response.description, content };
  }
  return response.schema
    ? { description: response.description, content: { 'application/json': { schema: response.schema } } }
    : { description: response.description };
}

/** The request body of an upload endpoint: `multipart/form-data` with one binary part `file`. */
function uploadBodyOf(description: string) {
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          required: ['file'],
          properties: { file: { type: 'string' as const, format: 'binary', description } },
        },
      },
    },
  };
}

function operationOf(endpoint: Endpoint): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, response] of Object.entries(endpoint.responses)) responses[status] = responseOf(response);
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [...(endpoint.tags ?? [defaultTag(endpoint)])],
    security: securityOf(endpoint),
    ...(endpoint.params || endpoint.query || endpoint.headers
      ? {
          requestParams: {
            ...(endpoint.params ? { path: endpoint.params } : {}),
            ...(endpoint.query ? { query: endpoint.query } : {}),
            ...(endpoint.headers ? { header: endpoint.headers } : {}),
          },
        }
      : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: endpoint.body } } } } : {}),
    ...(endpoint.upload ? { requestBody: uploadBodyOf(endpoint.upload.description) } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of `endpoints` (a plain JSON object).
 * @throws Error when two endpoints share a method and path, or a schema cannot be expressed in JSON Schema.
 */
export function openApiDocument(endpoints: readonly Endpoint[], options: OpenApiOptions): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    const item = (paths[path] ??= {});
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    if (item[method]) throw new Error(`openapi: ${endpoint.method} ${endpoint.path} is defined twice`);
    item[method] = operationOf(endpoint);
  }
  const document = createDocument({
    openapi: OPENAPI_VERSION,
    info: {
      title: options.title,
      version: options.version,
      description: options.description ?? `The HTTP API of ${PRODUCT_NAME}.`,
    },
    ...(options.servers ? { servers: options.servers.map((server) => ({ ...server })) } : {}),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by `POST /auth/login` and `POST /auth/signup`.',
        },
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A short-lived EdDSA access token (the gateway swaps the session cookie for one).',
        },
        internalToken: {
          type: 'apiKey',
          in: 'header',
          name: INTERNAL_TOKEN_HEADER,
          description: 'The shared token of service-to-service calls; never routed by the gateway.',
        },
      },
    },
  });
  return JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
}
