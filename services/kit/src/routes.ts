/**
 * Routes from the endpoint catalogue (docs/architecture.md §4 "Endpoint catalogue"): a service registers a
 * handler FOR an endpoint object of `@formloom/contracts/api/…`, never a method and path of its own, so the
 * handler cannot drift from the documented schemas:
 *
 * ```ts
 * export const publicFlowRoutes = defineRoutes<FlowsDeps>((router, deps) => {
 *   router.handle(submitAnswers, async ({ params, body }) => ({ submission: await submit(deps, params, body) }));
 * });
 * ```
 *
 * The router registers the endpoint's method and path with its params, query and body schemas (parsed by the
 * zod type provider: a bad request is a 400 in the error format before the handler runs) and its success
 * response schema (the handler's return value is serialized through it: unknown keys never leak). It enforces
 * the endpoint's `access` before the handler runs: `session` needs verified claims (`request.auth`, else 401
 * with the endpoint's `unauthorizedMessage`), `internal` needs the shared `x-internal-token`. The handler gets
 * the parsed input and returns the success body; the router answers with the endpoint's success status.
 *
 * A file endpoint (its success response is contracts' `fileResponse`: no JSON schema) is answered by its
 * handler: the router sets the success status, the handler sets the media type and headers and sends the body
 * (a stream is piped with backpressure; Fastify destroys it when the client goes away), and resolves the reply:
 *
 * ```ts
 * router.handle(exportSubmissions, async ({ reply }) =>
 *   reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="a.csv"').send(stream),
 * );
 * ```
 *
 * Errors thrown before the reply is sent are answered in the error format like any other.
 *
 * Every route module is written this one way ({@link defineRoutes}); each is registered as its own
 * encapsulated Fastify plugin, so hooks it adds stay in its scope.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthClaims } from '@formloom/contracts/auth';
import type { BodyOf, Endpoint, HeadersOf, ParamsOf, QueryOf, ReplyOf, SendsFile } from '@formloom/contracts/api/endpoint';
import { requireInternal } from './auth';
import { notSignedIn } from './errors';
import type { ZodFastify } from './http';

/** What a handler receives: the parsed input of its endpoint, the caller, and the raw request and reply. */
export interface HandlerInput<E extends Endpoint> {
  /** Path parameters, parsed with the endpoint's `params` schema. */
  params: ParamsOf<E>;
  /** Query parameters, parsed (defaults applied) with the endpoint's `query` schema. */
  query: QueryOf<E>;
  /** The JSON body, parsed with the endpoint's `body` schema. */
  body: BodyOf<E>;
  /**
   * The headers the endpoint declares, parsed with its `headers` schema (other headers pass through); `undefined`
   * when it declares none. An upload endpoint's file is read from `request` (`@formloom/kit`'s multipart support).
   */
  headers: HeadersOf<E>;
  /** The caller's verified claims: never null on `session` endpoints. */
  auth: E['access'] extends 'session' ? AuthClaims : AuthClaims | null;
  /** The Fastify request (headers, cookies, `ip`, `log`). */
  request: FastifyRequest;
  /**
   * The Fastify reply (headers and cookies; the router sets the status and sends the body — except for a file
   * endpoint, whose handler sends the file itself).
   */
  reply: FastifyReply;
}

/**
 * A handler of `E`: resolves the success body (serialized through the endpoint's success schema), or — for a
 * file endpoint ({@link SendsFile}) — the reply it sent the file with.
 */
export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<SendsFile<E> extends true ? FastifyReply : ReplyOf<E>>;

/** Registers handlers for catalogue endpoints on one encapsulated scope. */
export interface Router {
  /** The Fastify scope of the module (to add a hook or a decorator that only its routes see). */
  readonly app: ZodFastify;
  /**
   * Registers `handler` for `endpoint` (its method, path and schemas).
   * @throws Error when the endpoint belongs to another service, or is already registered.
   */
  handle<E extends Endpoint>(endpoint: E, handler: Handler<E>): void;
}

/** A route module: registers the handlers of a group of endpoints with the service's dependencies. */
export interface RouteModule<TDeps> {
  /** Registers the module's routes (called once, while the service is built). */
  register(router: Router, deps: TDeps): void | Promise<void>;
}

/** Defines a route module (the one way every route module of every service is written). */
export function defineRoutes<TDeps>(register: RouteModule<TDeps>['register']): RouteModule<TDeps> {
  return { register };
}

/** What the router needs of the service. */
export interface RouterOptions {
  /** The service's name: an endpoint of another service is refused. */
  service: string;
  /** The shared token `internal` endpoints require (`INTERNAL_TOKEN`; unset: they answer 401). */
  internalToken: string | undefined;
  /** Receives each registered endpoint (the service's record of what it serves). */
  onRegister(endpoint: Endpoint): void;
}

/** Builds the {@link Router} of one scope. */
export function createRouter(app: ZodFastify, options: RouterOptions): Router {
  return {
    app,
    handle(endpoint, handler) {
      if (endpoint.service !== options.service) {
        throw new Error(`${options.service} cannot serve ${endpoint.id}: it belongs to ${endpoint.service}`);
      }
      options.onRegister(endpoint);
      const success = endpoint.responses[endpoint.successStatus];
      const sendsFile = Boolean(success?.mediaTypes?.length);
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        schema: {
          ...(endpoint.params ? { params: endpoint.params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          ...(endpoint.body ? { body: endpoint.body } : {}),
          ...(endpoint.headers ? { headers: endpoint.headers } : {}),
          ...(success?.schema ? { response: { [endpoint.successStatus]: success.schema } } : {}),
        },
        // An upload endpoint takes `multipart/form-data` (and no JSON): `http.ts` reads this flag.
        config: { endpointId: endpoint.id, ...(endpoint.upload ? { multipart: true } : {}) },
        handler: async (request, reply) => {
          if (endpoint.access === 'internal') requireInternal(request, options.internalToken);
          if (endpoint.access === 'session' && !request.auth) throw notSignedIn(endpoint.unauthorizedMessage);
          if (sendsFile) reply.code(endpoint.successStatus);
          const result: unknown = await handler({
            params: request.params as ParamsOf<typeof endpoint>,
            query: request.query as QueryOf<typeof endpoint>,
            body: request.body as BodyOf<typeof endpoint>,
            headers: (endpoint.headers ? request.headers : undefined) as HeadersOf<typeof endpoint>,
            auth: request.auth as HandlerInput<typeof endpoint>['auth'],
            request,
            reply,
          });
          // A streamed body is still being sent (`reply.sent` turns true only once it ended): never send twice.
          if (reply.sent || result === reply) return reply;
          if (sendsFile) throw new Error(`${endpoint.id}: a file endpoint's handler must send the file and resolve the reply`);
          return reply.code(endpoint.successStatus).send(result);
        },
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue id of the endpoint a route serves (`flows.publish` …). */
    endpointId?: string;
    /** The route serves an upload endpoint: its body is `multipart/form-data` (`http.ts`). */
    multipart?: boolean;
  }
}
