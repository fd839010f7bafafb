/**
 * The one fetch wrapper of the web app. Every call names an endpoint of the catalogue
 * (`@formloom/contracts/api/…`): {@link callEndpoint} builds its URL from the endpoint's path and the given
 * params, and types the body it sends and the answer it resolves from the endpoint's schemas. Calls go to the
 * gateway on the same origin (Vite proxies the API prefixes in dev), send and receive JSON, and carry the session
 * cookie (`credentials: 'include'`). A non-2xx answer throws an {@link ApiError} carrying the server's
 * `{error: {code, message, details}}` (ARCHITECTURE §4 "Errors"). An upload endpoint (`upload` in its object:
 * `multipart/form-data` with one part `file`) is called with {@link uploadToEndpoint} instead.
 */
import type { BodyInputOf, Endpoint, HeadersInputOf, ParamsInputOf, QueryInputOf, ResponseOf } from '@formloom/contracts/api/endpoint';
import { fillPath } from '@formloom/contracts/api/public-form-routes';
import * as copy from '@formloom/contracts/copy';
import type { FieldError } from '@formloom/contracts/errors';

/** A failed API call: HTTP status plus the server's error code, message and (validation) details. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** The validation details as `[{path, message}]` (empty when the server sent none or another shape). */
  get fieldErrors(): FieldError[] {
    return toFieldErrors(this.details);
  }
}

/** True for an {@link ApiError} with the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Reads `[{path, message}]` out of an unknown `details` value, dropping entries of any other shape. */
export function toFieldErrors(details: unknown): FieldError[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { path, message } = entry as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    return [{ path: Array.isArray(path) ? path.join('.') : String(path ?? ''), message }];
  });
}

/** A user-facing message for any error thrown by a query or mutation. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return copy.errors.unavailable;
  if (error instanceof Error && error.message) return error.message;
  return copy.errors.internal;
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** Options of one call: method (GET by default), JSON body, query parameters and an abort signal. */
interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/**
 * Sends one request to `path` and returns the parsed JSON body (`undefined` for 204 or an empty body).
 * Throws {@link ApiError} for a non-2xx status, `TypeError` when the network fails.
 */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(withQuery(path, query), {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  return readAnswer<T>(response);
}

/**
 * The parsed JSON body of `response` (`undefined` for 204 or an empty body).
 * @throws ApiError for a non-2xx status.
 */
async function readAnswer<T>(response: Response): Promise<T> {
  const text = response.status === 204 ? '' : await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) throw apiErrorOf(response.status, json);
  return json as T;
}

/**
 * The {@link ApiError} of a non-2xx answer: `status` and the body's `{error: {code, message, details}}` (a body
 * of another shape gets `http_<status>` and the generic message).
 */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  const fallback = status >= 500 ? copy.errors.unavailable : copy.errors.internal;
  return new ApiError(
    status,
    typeof error?.code === 'string' ? error.code : `http_${status}`,
    typeof error?.message === 'string' ? error.message : fallback,
    error?.details,
  );
}

/** What a call of endpoint `E` takes: its path parameters, query and body (as a caller gives them), a signal. */
export type CallInput<E extends Endpoint> = {
  signal?: AbortSignal;
} & (E['params'] extends object ? { params: ParamsInputOf<E> } : { params?: undefined }) &
  (E['query'] extends object ? { query?: QueryInputOf<E> } : { query?: undefined }) &
  (E['body'] extends object ? { body: BodyInputOf<E> } : { body?: undefined });

/** A call by method and path (`:param` syntax): an endpoint of the catalogue, or a zod-free route of it. */
export interface Route {
  readonly method: NonNullable<RequestOptions['method']>;
  readonly path: string;
}

/**
 * Calls `route` and resolves its JSON body as `T`: the path's `:params` filled in, `query` appended, `body` sent
 * as JSON (a POST, PUT or PATCH without a body sends `{}`: every state-changing call is JSON). The public form
 * calls its zod-free routes (`@formloom/contracts/api/public-form-routes`) this way; the app calls
 * {@link callEndpoint}.
 * @throws ApiError for a non-2xx status; TypeError when the network fails.
 */
export function callRoute<T>(
  route: Route,
  input: { params?: Record<string, string | number>; query?: Query; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const needsBody = route.method !== 'GET' && route.method !== 'DELETE';
  return apiRequest<T>(fillPath(route.path, input.params ?? {}), {
    method: route.method,
    body: input.body ?? (needsBody ? {} : undefined),
    query: input.query,
    signal: input.signal,
  });
}

/**
 * Calls `endpoint` and resolves its success body (typed from the endpoint's success schema).
 * @throws ApiError for a non-2xx status; TypeError when the network fails.
 */
export function callEndpoint<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  const { params, query, body, signal } = input as { params?: Record<string, string | number>; query?: Query; body?: unknown; signal?: AbortSignal };
  return callRoute<ResponseOf<E>>(endpoint, { params, query, body, signal });
}

/** What an upload to endpoint `E` takes: its path parameters, query and headers as the endpoint declares them, the file. */
export type UploadInput<E extends Endpoint> = {
  /** The file (the part `file` of the `multipart/form-data` body). */
  file: Blob;
  /** The file's name as the server should record it (a display name); default the `File`'s own name. */
  name?: string;
  signal?: AbortSignal;
} & (E['params'] extends object ? { params: ParamsInputOf<E> } : { params?: undefined }) &
  (E['query'] extends object ? { query?: QueryInputOf<E> } : { query?: undefined }) &
  (E['headers'] extends object ? { headers: HeadersInputOf<E> } : { headers?: undefined });

/**
 * Sends `file` to the upload endpoint `endpoint` (one whose object has `upload`: `POST /admin/fileupload`) as
 * `multipart/form-data` with one part `file` — the browser writes the boundary — with the endpoint's path
 * parameters, query and headers (values sent as text), and resolves its success body typed from the endpoint. The
 * session cookie goes along, as with {@link callEndpoint}. (The public form sends its respondents' files itself,
 * with their progress: `respondent/uploads.ts`.)
 * @throws ApiError for a non-2xx status (413 too large, 415 a type not taken …); TypeError when the network fails.
 */
export function uploadToEndpoint<E extends Endpoint & { upload: { description: string } }>(endpoint: E, input: UploadInput<E>): Promise<ResponseOf<E>> {
  const { params, query, headers, file, name, signal } = input as {
    params?: Record<string, string | number>;
    query?: Query;
    headers?: Record<string, unknown>;
    file: Blob;
    name?: string;
    signal?: AbortSignal;
  };
  const body = new FormData();
  if (name === undefined) body.append('file', file);
  else body.append('file', file, name);
  const sent: Record<string, string> = { accept: 'application/json' };
  for (const [key, value] of Object.entries(headers ?? {})) if (value !== undefined && value !== null) sent[key] = String(value);
  return fetch(withQuery(fillPath(endpoint.path, params ?? {}), query), { method: endpoint.method, headers: sent, credentials: 'include', body, signal }).then(
    (response) => readAnswer<ResponseOf<E>>(response),
  );
}
