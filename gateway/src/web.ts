/**
 * Serves the built web app (`web/dist`, written by `npm run build:web`) from the gateway: its files as they
 * are, and `index.html` for client routes — GET requests that accept HTML outside the API's path roots
 * (`/home`, `/editor/x/edit`, `/t/abc` …). API paths never fall back to `index.html`; they get the JSON 404.
 *
 * A small file server of our own rather than `@fastify/static`: that package's dependencies
 * (`@fastify/send`, `@fastify/accept-negotiator`) are not installed in this repository. It serves regular
 * files under the root only (no dot-files, no directory listings, no path escaping the root), with a
 * content type by extension, a weak ETag (304 on `If-None-Match`), `no-cache` for HTML and a year of
 * `immutable` caching for Vite's content-hashed `assets/`.
 */
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@formloom/kit/errors';
import type { ZodFastify } from '@formloom/kit/http';

/** The text `/` (and any client route) answers when the web app has not been built. */
export const WEB_NOT_BUILT_TEXT =
  'Formloom API gateway is running, but the web app has not been built.\nRun `npm run build:web`, then restart.\n';

/** Content types of the files a Vite build writes, by extension. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** Options of {@link registerWebApp}. */
export interface WebAppOptions {
  /** Directory of the built web app; missing or without `index.html`: {@link WEB_NOT_BUILT_TEXT}. */
  webDist: string | undefined;
  /** First path segments that belong to the API (`admin`, `public`, `internal` …): never the web app. */
  apiRoots: ReadonlySet<string>;
}

/**
 * Registers `GET /*` (and HEAD) serving the web app. Registered after the API routes: any more specific
 * route (a proxied prefix, `/healthz`) wins over it.
 */
export function registerWebApp(app: ZodFastify, options: WebAppOptions): void {
  const root = options.webDist ? path.resolve(options.webDist) : undefined;
  const built = root !== undefined && existsSync(path.join(root, 'index.html'));

  app.get('/*', async (request, reply) => {
    const pathname = decodedPath(request.url);
    if (!built || root === undefined) {
      if (pathname === '/' || (pathname !== null && isClientRoute(request, pathname, options.apiRoots))) {
        return reply.type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_TEXT);
      }
      throw notFound();
    }
    if (pathname === null || options.apiRoots.has(firstSegment(pathname))) throw notFound();
    const file = pathname === '/' ? path.join(root, 'index.html') : fileUnder(root, pathname);
    if (file && (await sendFile(request, reply, file))) return reply;
    if (isClientRoute(request, pathname, options.apiRoots)) {
      if (await sendFile(request, reply, path.join(root, 'index.html'))) return reply;
    }
    throw notFound();
  });
}

/** The first segment of a path: `/admin/flows/x` → `admin`. */
export function firstSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/** The URL's path, percent-decoded; `null` when it cannot be decoded or holds a NUL byte. */
function decodedPath(url: string): string | null {
  try {
    const decoded = decodeURIComponent(url.split('?')[0] ?? '/');
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/** A client route: a browser navigation (accepts HTML) outside the API's path roots. */
function isClientRoute(request: FastifyRequest, pathname: string, apiRoots: ReadonlySet<string>): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html') && !apiRoots.has(firstSegment(pathname));
}

/** The file `pathname` names under `root`, or `null` when it would leave the root or names a dot-file. */
function fileUnder(root: string, pathname: string): string | null {
  const segments = pathname.split(/[/\\]/).filter(Boolean);
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Sends `file` if it is a regular file (honouring `If-None-Match`); resolves `false` when it is not. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  const extension = path.extname(file).toLowerCase();
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const immutable = file.includes(`${path.sep}assets${path.sep}`) && extension !== '.html';
  reply
    .header('etag', etag)
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .type(CONTENT_TYPES[extension] ?? 'application/octet-stream');
  if (request.headers['if-none-match'] === etag) {
    void reply.code(304).send();
    return true;
  }
  void reply.header('content-length', info.size).send(createReadStream(file));
  return true;
}
