/**
 * Cross-site request forgery defence at the gateway (OWASP CSRF Prevention Cheat Sheet, "Verifying origin with
 * standard headers" and "Fetch Metadata"): a state-changing request (any method but GET, HEAD and OPTIONS) that
 * a browser sent from another origin is refused with 403 `forbidden` (`copy.errors.crossOriginRefused`) before
 * it reaches a service.
 *
 * - With an `Origin` header (browsers send it on every cross-origin request and on every same-origin
 *   non-GET/HEAD request, Fetch standard §3.1): allowed only when it is the gateway's own origin
 *   (`request.protocol` + `request.host`, which believe `X-Forwarded-Proto/-Host` only from trusted proxies) or
 *   one of `allowedOrigins`. `Origin: null` (sandboxed frames, `file:` pages) is refused.
 * - Without `Origin`, with `Sec-Fetch-Site` (Fetch Metadata): allowed only for `same-origin` and `none` (a
 *   user's own navigation). `same-site` is refused: another port or subdomain of the same site is exactly the
 *   attacker this guards against, and `SameSite` cookies do not stop it.
 * - With neither header: allowed. It is not a browser (curl, a server, a webhook sender), and no browser's
 *   ambient cookie is at stake.
 *
 * Bodies that a cross-site form could send without a preflight (`text/plain`, forms) are refused by the kit's
 * skeleton anyway (415, `services/kit/src/request-safety.ts`); this check also covers bodiless requests
 * (`POST /auth/logout`, `POST /admin/flows/:id/publish`).
 */
import type { FastifyRequest } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import { forbidden } from '@formloom/kit/errors';
import type { ZodFastify } from '@formloom/kit/http';

/** Methods that never change state (RFC 9110 §9.2.1 safe methods): never checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Options of {@link registerOriginCheck}. */
export interface OriginCheckOptions {
  /** Serialized origins (`https://forms.example.com`) allowed besides the gateway's own. */
  allowedOrigins: readonly string[];
}

/** Origins serialized lately, by `protocol://host` (a gateway sees few hosts; parsing was ~2 % of its CPU). */
const serializedOrigins = new Map<string, string | null>();
const SERIALIZED_ORIGINS_MAX = 64;

/** The serialized origin of `protocol://host`, or null when `host` is missing or not a host. */
export function originOf(protocol: string, host: string): string | null {
  if (!host) return null;
  const key = `${protocol}://${host}`;
  let origin = serializedOrigins.get(key);
  if (origin !== undefined) return origin;
  try {
    origin = new URL(key).origin;
  } catch {
    origin = null;
  }
  if (serializedOrigins.size >= SERIALIZED_ORIGINS_MAX) serializedOrigins.clear();
  serializedOrigins.set(key, origin);
  return origin;
}

/** One header's value (the first, when a client repeated it). */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a state-changing request may pass (the rules of the module doc).
 * @param headers the request's `origin` and `sec-fetch-site` headers.
 * @param ownOrigin the gateway's origin as this request reached it (null when unknown).
 * @param allowedOrigins the other origins allowed.
 */
export function isAllowedSource(
  headers: { origin?: string | string[]; 'sec-fetch-site'?: string | string[] },
  ownOrigin: string | null,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  const origin = single(headers.origin);
  if (origin !== undefined) {
    if (origin === 'null') return false;
    let normalized: string;
    try {
      normalized = new URL(origin).origin;
    } catch {
      return false;
    }
    return normalized === ownOrigin || allowedOrigins.has(normalized);
  }
  const site = single(headers['sec-fetch-site']);
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Installs the check as an `onRequest` hook of `app` (every route: proxied, web app, not found).
 * @throws (from the hook) HttpError 403 `forbidden` with `copy.errors.crossOriginRefused`.
 */
export function registerOriginCheck(app: ZodFastify, options: OriginCheckOptions): void {
  const allowed = new Set(options.allowedOrigins);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isAllowedSource(request.headers, originOf(request.protocol, request.host), allowed)) return;
    request.log.warn({ origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] }, 'cross-site request refused');
    throw forbidden(copy.errors.crossOriginRefused);
  });
}
