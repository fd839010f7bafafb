/**
 * Serves the built web app (`web/dist`, written by `npm run build:web`) from the gateway with
 * `@fastify/static`: its files as they are (no dot-files; `no-cache` for HTML and a year of `immutable`
 * caching for Vite's content-hashed `assets/`), and `index.html` for client routes — GET requests that accept
 * HTML outside the API's path roots (`/home`, `/editor/x/edit`, `/t/abc` …). API paths never fall back to
 * `index.html`; they get the JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { notFound } from '@formloom/kit/errors';
import type { ZodFastify } from '@formloom/kit/http';

/** The text `/` (and any client route) answers when the web app has not been built. */
export const WEB_NOT_BUILT_TEXT =
  'Formloom API gateway is running, but the web app has not been built.\nRun `npm run build:web`, then restart.\n';

/** Options of {@link registerWebApp}. */
export interface WebAppOptions {
  /** Directory of the built web app; missing or without `index.html`: {@link WEB_NOT_BUILT_TEXT}. */
  webDist: string | undefined;
  /** First path segments that belong to the API (`admin`, `public`, `internal` …): never the web app. */
  apiRoots: ReadonlySet<string>;
}

/**
 * Registers the web app: one route per built file (the build is fixed while the gateway runs) and a
 * catch-all `GET /*` for client routes. Registered after the API routes: any more specific route (a proxied
 * prefix, `/healthz`) wins over it.
 */
export async function registerWebApp(app: ZodFastify, options: WebAppOptions): Promise<void> {
  const root = options.webDist ? path.resolve(options.webDist) : undefined;
  const built = root !== undefined && existsSync(path.join(root, 'index.html'));

  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`) && !filePath.endsWith('.html');
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.get('/*', async (request, reply) => {
    const pathname = decodedPath(request.url);
    if (pathname === null || !isClientRoute(request, pathname, options.apiRoots)) throw notFound();
    if (!built) return reply.type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_TEXT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  if (!built) {
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_TEXT));
  }
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
