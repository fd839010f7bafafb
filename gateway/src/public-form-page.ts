/**
 * The public form's page (`/t/:flowPublicIdentifier`) with the live form inside (docs/architecture.md "The public
 * form's bundle"): the gateway asks the flows service for the live form (`GET
 * /public/flows/templates/:publicIdentifier?mode=live`, the call the browser would make next) and writes its
 * answer into the form entry's HTML shell (`form.html` of the built web app) as a `<script
 * type="application/json" id="formloom-live-form">` data block, with the form's name as the page's title. The
 * browser paints the form as soon as its JavaScript runs, without a second round trip.
 *
 * - Only a 200 (the form) or a 404 (never published, closed, unknown: the page says which) is embedded; the page
 *   answers with that status. Anything else — the flows service slow (over {@link LIVE_FORM_EMBED_TIMEOUT_MS}),
 *   down, rate limiting — sends the shell as it is and the browser asks the API itself, so the page never
 *   waits long and never fails because of the embedding.
 * - The shell comes from the built web app the gateway serves (`webDist`), or, in Kubernetes where the static
 *   app is its own image, from `WEB_URL` (`<WEB_URL>/form.html`, kept {@link SHELL_CACHE_MS}).
 * - The page is compressed on the fly (brotli or gzip, as the browser accepts) when it is worth it: it differs
 *   per form and per publish, so it cannot be compressed at build time. `Cache-Control: no-cache`: a publish or
 *   a close shows on the next load.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HOST_ORGANIZATION_HEADER } from '@formloom/contracts/auth';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { fillPath, LIVE_FORM_ELEMENT_ID, PUBLIC_FORM_ROUTES, type EmbeddedLiveForm } from '@formloom/contracts/api/public-form-routes';
import type { UpstreamPools } from './proxy';

/** How long the page waits for the flows service before sending the shell without the form (ms). */
export const LIVE_FORM_EMBED_TIMEOUT_MS = 2_000;

/** How long a shell fetched from `WEB_URL` is reused before it is fetched again (ms). */
export const SHELL_CACHE_MS = 60_000;

/** Pages smaller than this go out uncompressed (bytes). */
const COMPRESS_MIN_BYTES = 1024;

/** Where the public form's HTML shell comes from. */
export type FormShellSource = { file: string } | { url: string };

/**
 * The shell loader: `file` is read once (the build is fixed while the gateway runs); `url` is fetched when first
 * needed and again after {@link SHELL_CACHE_MS} (a redeploy of the web image changes its hashed asset names).
 * Resolves `undefined` while the shell cannot be had (the file is missing, `WEB_URL` does not answer 200).
 */
export function formShellLoader(source: FormShellSource): () => Promise<string | undefined> {
  if ('file' in source) {
    let text: string | undefined;
    try {
      text = readFileSync(source.file, 'utf8');
    } catch {
      text = undefined;
    }
    return async () => text;
  }
  let cached: { text: string; at: number } | undefined;
  let pending: Promise<string | undefined> | undefined;
  return async () => {
    if (cached && Date.now() - cached.at < SHELL_CACHE_MS) return cached.text;
    pending ??= fetch(new URL('/form.html', source.url), { signal: AbortSignal.timeout(LIVE_FORM_EMBED_TIMEOUT_MS) })
      .then(async (response) => {
        if (!response.ok) return cached?.text;
        const text = await response.text();
        cached = { text, at: Date.now() };
        return text;
      })
      .catch(() => cached?.text)
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

/** Text for an HTML text node: `&`, `<`, `>` and quotes escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON that is safe inside a `<script type="application/json">` element: `<` (and so `</script>` and `<!--`),
 * `>` and `&` as `\u` escapes, which `JSON.parse` reads back unchanged (HTML Living Standard §4.12.1.3, the
 * restrictions for contents of script elements).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The shell with `live` embedded after `<div id="root"></div>` and, when `live` is the form, its name as the
 * title (`<name> · Formloom`). Without `live` the shell is returned as it is.
 */
export function renderFormPage(shell: string, live: EmbeddedLiveForm | undefined): string {
  if (!live) return shell;
  let html = shell.replace('<div id="root"></div>', `<div id="root"></div><script type="application/json" id="${LIVE_FORM_ELEMENT_ID}">${jsonForScript(live)}</script>`);
  const name = live.status === 200 ? (live.body as { flow?: { name?: unknown } }).flow?.name : undefined;
  if (typeof name === 'string' && name) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${name} · ${PRODUCT_NAME}`)}</title>`);
  return html;
}

/** What {@link liveFormFromFlows} needs: the flows service's origin and the gateway's pools. */
export interface LiveFormSource {
  flowsOrigin: string;
  pools: UpstreamPools;
}

/**
 * The flows service's answer for the live form of `publicIdentifier`, as the page embeds it: a 200 or a 404 with
 * its JSON body; `undefined` for any other answer, an answer that is not small JSON, an unreachable service or
 * one slower than {@link LIVE_FORM_EMBED_TIMEOUT_MS}. The request carries the browser's request id and the
 * client address the gateway determined (the flows service may rate-limit by it).
 */
export async function liveFormFromFlows(source: LiveFormSource, request: FastifyRequest, publicIdentifier: string): Promise<EmbeddedLiveForm | undefined> {
  const path = `${fillPath(PUBLIC_FORM_ROUTES.liveForm.path, { publicIdentifier })}?mode=live`;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), LIVE_FORM_EMBED_TIMEOUT_MS);
  });
  const answer = source.pools
    .send(source.flowsOrigin, {
      method: 'GET',
      path,
      headers: {
        accept: 'application/json',
        'x-request-id': request.id,
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.host,
        // On an organization's host, flows serves only that organization's forms (`organization-hosts.ts`).
        ...(request.hostOrganizationId !== undefined ? { [HOST_ORGANIZATION_HEADER]: String(request.hostOrganizationId) } : {}),
      },
    })
    .then((response): EmbeddedLiveForm | undefined => {
      if (!Buffer.isBuffer(response.body)) {
        (response.body as NodeJS.ReadableStream & { resume?: () => void }).resume?.();
        return undefined;
      }
      if (response.statusCode !== 200 && response.statusCode !== 404) return undefined;
      return { publicIdentifier, status: response.statusCode, body: JSON.parse(response.body.toString('utf8')) as unknown };
    })
    .catch(() => undefined);
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends `html` with `status`, compressed with brotli (quality 5: fast enough per request) or gzip (level 6) when
 * the browser accepts it and the page is large enough; `Vary: Accept-Encoding` either way. The page's ETag is a
 * hash of its text: a browser revalidating an unchanged page (same form, same publish) gets a bodiless 304
 * (RFC 9110 §13.1.2 If-None-Match, weak comparison).
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, html: string): Promise<FastifyReply> {
  const body = Buffer.from(html, 'utf8');
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('etag', etag);
  if (status === 200 && matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.code(status).type('text/html; charset=utf-8');
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  if (body.length < COMPRESS_MIN_BYTES) return reply.send(body);
  if (accepted.has('br')) {
    const compressed = await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
    return reply.header('content-encoding', 'br').send(compressed);
  }
  if (accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(await gzipAsync(body, { level: 6 }));
  return reply.send(body);
}

/** Whether an `If-None-Match` header names `etag` (weak comparison: `W/` ignored) or is `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** The codings an `Accept-Encoding` header accepts (RFC 9110 §12.5.3): those listed without `q=0`, lower case. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const entry of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(coding);
  }
  return accepted;
}
