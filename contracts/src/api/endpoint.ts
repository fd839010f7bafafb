/**
 * One endpoint, one object (docs/architecture.md §4 "Endpoint catalogue"): every HTTP call of Formloom is
 * described once, here in `contracts`, by {@link defineEndpoint} — its owning service, method, path with its
 * parameters, query, body, the response schema of every status it can answer (errors included, in the one error
 * format of `errors.ts`) and who may call it. From these objects:
 *
 * - each service registers its handlers (`@formloom/kit/routes`), so a handler cannot drift from its schema;
 * - the gateway's route table is derived (`route-table.ts`);
 * - the OpenAPI 3.1 documents are generated (`openapi.ts`);
 * - the web app, the product client of the system and load tests, and the k6 scripts build their URLs
 *   ({@link pathOf}) and type their calls.
 *
 * Paths use Fastify's `:param` syntax; OpenAPI's `{param}` is derived. No path of an endpoint is written
 * anywhere else in the code base (a test in `contracts/test/catalogue.test.ts` looks for strays).
 */
import type { z } from 'zod';
import { ErrorBody } from '../errors';
import type { ServiceName } from '../services';
import { fillPath } from './public-form-routes';

/** The HTTP methods the catalogue uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: anyone, signed in or not (the live form, sign-up, the JWKS);
 * - `session`: a signed-in user (the gateway turns the session cookie into a bearer JWT; the service checks
 *   workspace access itself on top of this);
 * - `internal`: another service, with the shared `x-internal-token`; never routed by the gateway.
 */
export type Access = 'public' | 'session' | 'internal';

/**
 * A response: its JSON schema (`null` when it has no JSON body), what it means, and — for a file
 * ({@link fileResponse}) — the media types of its body.
 */
export interface ResponseSpec {
  schema: z.ZodType | null;
  description: string;
  /**
   * The body is a file of one of these media types (`text/csv`, …), not JSON; `schema` is then `null`. The
   * handler sends it itself (`reply.type(…).send(stream)`; `@formloom/kit/routes`).
   */
  mediaTypes?: readonly string[];
}

/** The responses of an endpoint by HTTP status. */
export type Responses = Readonly<Record<number, ResponseSpec>>;

/** What {@link defineEndpoint} takes. */
export interface EndpointInput {
  /** A stable operation id, `<service area>.<verb>` (e.g. `flows.publish`); OpenAPI's `operationId`. */
  id: string;
  /** The service that answers it (`services.ts`). */
  service: ServiceName;
  method: HttpMethod;
  /** The path with `:param` segments, e.g. `/admin/flows/:publicIdentifier/publish`. */
  path: string;
  access: Access;
  /** One line for the reference (OpenAPI `summary`). */
  summary: string;
  /** More for the reference: rules, limits, the spec section it comes from (OpenAPI `description`). */
  description?: string;
  /** Groups in the reference (OpenAPI `tags`); default the first path segment after `admin`/`public`. */
  tags?: readonly string[];
  /** Path parameters: an object schema whose keys are exactly the path's `:param` names. */
  params?: z.ZodObject;
  /** Query parameters (strings on the wire: use `z.coerce` for numbers). */
  query?: z.ZodObject;
  /** The JSON request body. */
  body?: z.ZodType;
  /**
   * Request headers the endpoint reads (lower-case names). Make it a loose object (`z.looseObject`): the parsed
   * headers replace the request's, and every other header must pass through.
   */
  headers?: z.ZodObject;
  /**
   * The endpoint takes a file upload instead of a JSON body: `multipart/form-data` with one file part named `file`
   * (`description` says what the file is). The kit accepts that media type for this endpoint only (and refuses
   * JSON there); the gateway streams such bodies through instead of reading them whole; the handler reads the
   * file as a stream (`@fastify/multipart`).
   */
  upload?: { description: string };
  /**
   * The success response(s), by status (exactly one 2xx), and the errors this endpoint answers besides those
   * {@link defineEndpoint} adds for every endpoint of its kind (see there). Give error statuses as
   * `errorResponse('…')` entries.
   */
  responses: Responses;
  /** The message of the 401 when the caller is not signed in (default `copy.auth.signInRequired`). */
  unauthorizedMessage?: string;
}

/**
 * An endpoint of the catalogue: {@link EndpointInput} plus its success status. At run time `responses` also holds
 * the implicit error responses {@link defineEndpoint} adds (its type keeps the declared ones).
 */
export type Endpoint<T extends EndpointInput = EndpointInput> = T & {
  /** The one 2xx status (200, 201 or 204). */
  readonly successStatus: number;
};

/** An error response in the one error format (`errors.ts`), with what it means for this endpoint. */
export function errorResponse(description: string): ResponseSpec {
  return { schema: ErrorBody, description };
}

/** A success response with a JSON body (its schema's type is kept: handlers and callers are typed from it). */
export function okResponse<S extends z.ZodType>(schema: S, description = 'OK'): { schema: S; description: string } {
  return { schema, description };
}

/**
 * A success response whose body is a file, not JSON (an export, a download): one of `mediaTypes`
 * (`['text/csv; charset=utf-8']`), streamed by the handler. OpenAPI documents it as a binary string of each
 * media type. Callers fetch it as a file (a link with `download`), never through a JSON client.
 * @throws Error when `mediaTypes` is empty (a programming error, caught when the catalogue loads).
 */
export function fileResponse<const M extends readonly [string, ...string[]]>(
  mediaTypes: M,
  description: string,
): { schema: null; description: string; mediaTypes: M } {
  if (mediaTypes.length === 0) throw new Error('fileResponse: at least one media type is needed');
  return { schema: null, description, mediaTypes };
}

/** A success response without a body (204). */
export function noContentResponse(description = 'Done.'): { schema: null; description: string } {
  return { schema: null, description };
}

/**
 * The error responses every endpoint of a kind can answer, added by {@link defineEndpoint} unless the
 * endpoint describes them itself:
 * - 400 `validation_error` / `malformed_json` when it takes params, a query or a body;
 * - 401 `unauthorized` for `session` and `internal` endpoints;
 * - 413 `payload_too_large` and 415 for endpoints with a body or an upload;
 * - 429 `rate_limited` for every routed endpoint (the edge limits requests);
 * - 500 `internal_error` and 503 `unavailable` (a database outage) for all.
 */
function implicitErrors(input: EndpointInput): Record<number, ResponseSpec> {
  const errors: Record<number, ResponseSpec> = {};
  if (input.params || input.query || input.body || input.headers || input.upload) {
    errors[400] = errorResponse('The request is invalid: `details` lists each field.');
  }
  if (input.access !== 'public') {
    errors[401] = errorResponse(input.access === 'internal' ? 'The internal token is missing or wrong.' : 'Not signed in.');
  }
  if (input.body) {
    errors[413] = errorResponse('The body is larger than the limit.');
    errors[415] = errorResponse('The body is not JSON.');
  }
  if (input.upload) {
    errors[413] = errorResponse('The file is larger than the limit.');
    errors[415] = errorResponse('The body is not `multipart/form-data`, or the file is of a type that is not taken.');
  }
  if (input.access !== 'internal') errors[429] = errorResponse('Too many requests: retry after `Retry-After` seconds.');
  errors[500] = errorResponse('An unexpected error.');
  errors[503] = errorResponse('A dependency (the database) is unavailable; retry later.');
  return errors;
}

/** The `:name` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/**
 * Defines an endpoint: checks it is well formed and adds the implicit error responses.
 * @throws Error when the path does not start with `/`, it has not exactly one success response — a 2xx, or a 3xx
 *   for an endpoint that only sends the browser on (an OAuth callback) — or the path's `:param` names and the
 *   `params` schema's keys differ (a programming error, caught by the catalogue test).
 */
export function defineEndpoint<const T extends EndpointInput>(input: T): Endpoint<T> {
  if (!input.path.startsWith('/')) throw new Error(`endpoint ${input.id}: the path must start with /`);
  const successes = Object.keys(input.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 400);
  if (successes.length !== 1) throw new Error(`endpoint ${input.id}: exactly one 2xx (or 3xx redirect) response is needed`);
  const names = pathParamNames(input.path).sort();
  const keys = Object.keys(input.params?.shape ?? {}).sort();
  if (names.join(',') !== keys.join(',')) {
    throw new Error(`endpoint ${input.id}: path parameters [${names}] and params schema keys [${keys}] differ`);
  }
  return Object.freeze({
    ...input,
    responses: { ...implicitErrors(input), ...input.responses } as T['responses'],
    successStatus: successes[0] as number,
  });
}

/** The parsed (output) type of an optional schema, `undefined` when absent. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The accepted (input) type of an optional schema, `undefined` when absent. */
type Accepted<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The path parameters of `E` as a handler sees them (parsed). */
export type ParamsOf<E extends EndpointInput> = Parsed<E['params']>;
/** The query of `E` as a handler sees it (parsed, defaults applied). */
export type QueryOf<E extends EndpointInput> = Parsed<E['query']>;
/** The body of `E` as a handler sees it (parsed, defaults applied). */
export type BodyOf<E extends EndpointInput> = Parsed<E['body']>;
/** The headers of `E` as a handler sees them (parsed; other headers pass through). */
export type HeadersOf<E extends EndpointInput> = Parsed<E['headers']>;

/** The path parameters a caller gives (before parsing). */
export type ParamsInputOf<E extends EndpointInput> = Accepted<E['params']>;
/** The query a caller gives (before parsing; optional keys may be left out). */
export type QueryInputOf<E extends EndpointInput> = Accepted<E['query']>;
/** The headers a caller sends (before parsing; the endpoint's own, as its `headers` schema takes them). */
export type HeadersInputOf<E extends EndpointInput> = Accepted<E['headers']>;
/** The body a caller sends (before parsing; keys with defaults may be left out). */
export type BodyInputOf<E extends EndpointInput> = Accepted<E['body']>;

/** The 2xx statuses of a responses map. */
type SuccessKey<R> = { [K in keyof R]: K extends 200 | 201 | 202 | 204 ? K : never }[keyof R];

/** The schema of `E`'s success response. */
type SuccessSchema<E extends EndpointInput> = E['responses'][SuccessKey<E['responses']>] extends { schema: infer S } ? S : never;

/** Whether `E`'s success response is a file ({@link fileResponse}): its handler sends the body itself. */
export type SendsFile<E extends EndpointInput> = E['responses'][SuccessKey<E['responses']>] extends { mediaTypes: readonly string[] }
  ? true
  : false;

/** What a handler of `E` returns: the success body before serialization (`undefined` for no body). */
export type ReplyOf<E extends EndpointInput> = SuccessSchema<E> extends z.ZodType ? z.input<SuccessSchema<E>> : undefined;

/** What a caller of `E` receives: the success body as parsed by its schema (`undefined` for no body). */
export type ResponseOf<E extends EndpointInput> = SuccessSchema<E> extends z.ZodType ? z.output<SuccessSchema<E>> : undefined;

/**
 * The concrete path of `endpoint` for `params`: each `:name` replaced by its value, URI-encoded.
 * @throws Error when a parameter is missing (a programming error).
 */
export function pathOf(endpoint: Pick<EndpointInput, 'path' | 'id'>, params: Record<string, string | number> = {}): string {
  return fillPath(endpoint.path, params, `endpoint ${endpoint.id}`);
}

/** The path in OpenAPI's template syntax: `/admin/flows/{publicIdentifier}/publish`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
