/**
 * Serves the built web app (`web/dist`, written by `npm run build:web`) from the gateway with
 * `@fastify/static`: its files as they are (no dot-files; `no-cache` for HTML and a year of `immutable`
 * caching for Vite's content-hashed `assets/`; the build's brotli or gzip copy when the browser accepts it,
 * with `Vary: Accept-Encoding`), and `index.html` for client routes — GET requests that accept
 * HTML outside the API's path roots (`/home`, `/editor/x/edit` …). The public form's pages (`/t/abc`) are its
 * own entry, `form.html`, with the live form embedded (`public-form-page.ts`). API paths never fall back to
 * a page; they get the JSON 404.
 *
 * HTML pages get the web app's own security headers instead of the API's (`@formloom/kit/security-headers`):
 * the CSP {@link webAppCsp} fitted to the built app (Vite's module scripts and CSS files from our origin,
 * Mantine's inline `<style>` elements and `style` attributes, no `eval`, API calls to our origin only) and
 * `Referrer-Policy: strict-origin-when-cross-origin`. Pages may not be framed (`frame-ancestors 'none'`,
 * `X-Frame-Options: DENY`) — except the public form (`/t/:flowPublicIdentifier`, `web/src/config/paths.ts`):
 * embedding a form in an iframe on any site is a product feature, so its pages allow every ancestor and send
 * no `X-Frame-Options`. The Kubernetes web image (nginx, `web/Dockerfile`) sends the same headers.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHALLENGE_CSP_SOURCES, type EmbeddedLiveForm } from '@formloom/contracts/api/public-form-routes';
import { notFound } from '@formloom/kit/errors';
import type { ZodFastify } from '@formloom/kit/http';
import { formShellLoader, renderFormPage, sendPage } from './public-form-page';

/** The text `/` (and any client route) answers when the web app has not been built. */
export const WEB_NOT_BUILT_TEXT =
  'Formloom API gateway is running, but the web app has not been built.\nRun `npm run build:web`, then restart.\n';

/** First path segment of the public form's pages (`/t/:flowPublicIdentifier`, `web/src/config/paths.ts`). */
export const PUBLIC_FORM_ROOT = 't';

/** Files the build also writes compressed (web/vite.config.ts): their answers vary by `Accept-Encoding`. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt)$/;

/** The two kinds of HTML page, by their CSP: the app's own pages, and the public form (`/t/…`). */
export type WebPage = 'app' | 'publicForm';

/**
 * The CSP of the web app's HTML pages. `style-src 'unsafe-inline'`: Mantine writes its CSS variables and
 * responsive styles as `<style>` elements and many components use `style` attributes (CSS only: scripts stay
 * `'self'`, no inline script, no `eval`). The public form may be framed by any site (`frame-ancestors *`) and
 * may load the bot challenge an operator configures (Turnstile or hCaptcha: `CHALLENGE_CSP_SOURCES` for
 * scripts, frames, styles and requests, as the providers' CSP guidance lists); app pages may do neither. The
 * public form also shows images from any HTTPS address (`img-src https:`: an ImageChoice question's cards, whose
 * addresses saving holds to `https://`, contracts `isImageUrl`); app pages show our own only.
 */
export function webAppCsp(page: WebPage): string {
  const challenge = page === 'publicForm' ? ` ${CHALLENGE_CSP_SOURCES.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${challenge}`,
    `style-src 'self' 'unsafe-inline'${challenge}`,
    `img-src 'self'${page === 'publicForm' ? ' https:' : ''}`,
    "font-src 'self'",
    `connect-src 'self'${challenge}`,
    ...(page === 'publicForm' ? [`frame-src${challenge}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${page === 'publicForm' ? '*' : "'none'"}`,
  ].join('; ');
}

/** `Referrer-Policy` of the web app's pages: other sites see our origin only, never a form's path. */
export const WEB_APP_REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Options of {@link registerWebApp}. */
export interface WebAppOptions {
  /** Directory of the built web app; missing or without `index.html`: {@link WEB_NOT_BUILT_TEXT}. */
  webDist: string | undefined;
  /**
   * Where the public form's page comes from when `webDist` has no `form.html` (Kubernetes: the web image's
   * Service, `WEB_URL`); unset there: the public form's pages are not served here.
   */
  webUrl?: string;
  /** First path segments that belong to the API (`admin`, `public`, `internal` …): never the web app. */
  apiRoots: ReadonlySet<string>;
  /** Fetches the live form to embed in the public form's page (`public-form-page.ts`); absent: never embedded. */
  liveForm?: (request: FastifyRequest, publicIdentifier: string) => Promise<EmbeddedLiveForm | undefined>;
}

/**
 * Registers the web app: one route per built file (the build is fixed while the gateway runs) and a
 * catch-all `GET /*` for client routes. Registered after the API routes: any more specific route (a proxied
 * prefix, `/healthz`) wins over it.
 */
export async function registerWebApp(app: ZodFastify, options: WebAppOptions): Promise<void> {
  const root = options.webDist ? path.resolve(options.webDist) : undefined;
  const built = root !== undefined && existsSync(path.join(root, 'index.html'));
  const formShell =
    root !== undefined && existsSync(path.join(root, 'form.html'))
      ? formShellLoader({ file: path.join(root, 'form.html') })
      : options.webUrl
        ? formShellLoader({ url: options.webUrl })
        : undefined;

  // A scope of its own: the page headers go on the web app's answers only (never on the API's).
  await app.register(async (web) => {
    // Every answer but the JSON 404: pages, files, and their 304s. A 304 has no content type, yet a browser
    // stores its headers over the cached page's, so the page's CSP must be on it too.
    web.addHook('onSend', async (request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (!(typeof type === 'string' && type.startsWith('application/json'))) setPageHeaders(request, reply);
      return payload;
    });

    if (built) {
      await web.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: false,
        index: ['index.html'],
        dotfiles: 'deny',
        cacheControl: false,
        // The build writes `.br` and `.gz` copies of its text files (web/vite.config.ts `precompress`): send the
        // best one the browser accepts, as it is.
        preCompressed: true,
        setHeaders(res, filePath) {
          const file = filePath.replace(/\.(?:br|gz)$/, '');
          const hashed = file.includes(`${path.sep}assets${path.sep}`) && !file.endsWith('.html');
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          // One URL, several encodings: caches must keep them apart.
          if (COMPRESSIBLE_FILE.test(file)) res.setHeader('vary', 'Accept-Encoding');
        },
      });
    }

    // The public form: its own page, with the live form inside (`public-form-page.ts`).
    web.get(`/${PUBLIC_FORM_ROOT}/:flowPublicIdentifier`, async (request, reply) => {
      const pathname = decodedPath(request.url);
      if (pathname === null || !isClientRoute(request, pathname, options.apiRoots)) throw notFound();
      const shell = await formShell?.();
      if (shell === undefined) {
        if (!built) return reply.type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_TEXT);
        throw notFound();
      }
      const { flowPublicIdentifier } = request.params as { flowPublicIdentifier: string };
      const live = await options.liveForm?.(request, flowPublicIdentifier);
      return sendPage(request, reply, live?.status ?? 200, renderFormPage(shell, live));
    });

    web.get('/*', async (request, reply) => {
      const pathname = decodedPath(request.url);
      if (pathname === null || !isClientRoute(request, pathname, options.apiRoots)) throw notFound();
      if (!built) return reply.type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_TEXT);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
    if (!built) {
      web.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_TEXT));
    }
  });
}

/** Replaces the API's security headers by the web app's on an answer of the web app (see the module doc). */
function setPageHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const pathname = decodedPath(request.url);
  const embeddable = pathname !== null && firstSegment(pathname) === PUBLIC_FORM_ROOT;
  reply.header('content-security-policy', webAppCsp(embeddable ? 'publicForm' : 'app'));
  reply.header('referrer-policy', WEB_APP_REFERRER_POLICY);
  if (embeddable) reply.removeHeader('x-frame-options');
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
