/**
 * Vite config of the Formloom web app. In dev (`npm run dev -w @formloom/web`) the API prefixes are proxied to
 * the gateway on :8080 so the session cookie stays first-party; `vite build` writes the static app to `dist/`:
 * two pages — the app (`index.html`) and the public form's own entry (`form.html`) — each text file beside its
 * brotli (`.br`) and gzip (`.gz`) copy ({@link precompress}), and `.vite/manifest.json`.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative: Vite bundles the config's own imports, not a workspace package's TypeScript.
import { THEME_FONTS, themeFontStylesheet } from '../contracts/src/rules/theme-fonts';

/** Files worth compressing: text (not source maps, which only developer tools fetch). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Smaller files gain nothing from compression (a frame or two either way). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible output file
 * of at least {@link COMPRESS_MIN_BYTES}, once at build time, so servers send them as they are: the gateway
 * (`@fastify/static` `preCompressed`, gateway/src/web.ts) and nginx (`gzip_static`, web/Dockerfile). Uses Node's
 * zlib: the best settings cost seconds once per build instead of CPU on every request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'formloom-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!COMPRESSIBLE.test(output.fileName)) return;
          const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
          if (source.length < COMPRESS_MIN_BYTES) return;
          const file = path.join(outDir, output.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * In dev, the public form's pages (`/t/:flowPublicIdentifier`) are the form's own entry (`form.html`), as the
 * gateway serves them in production; every other page is the app (`index.html`, Vite's SPA fallback).
 */
function publicFormPages(): Plugin {
  const rewrite = (req: { url?: string; headers: { accept?: string } }) => {
    if (req.url && /^\/t\/[^/?]+\/?(?:\?|$)/.test(req.url) && req.headers.accept?.includes('text/html')) req.url = '/form.html';
  };
  return {
    name: 'formloom-public-form-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        rewrite(req);
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        rewrite(req);
        next();
      });
    },
  };
}

/** A file the build writes or dev serves: its path under the site root (no leading `/`) and its content. */
interface StaticFile {
  fileName: string;
  source: string | Buffer;
}

/**
 * The form themes' fonts (contracts `rules/themes.ts` `THEME_FONTS`) as static files, from their
 * `@fontsource-variable` packages: `fonts/<id>.css` — the package's `@font-face` rules — and the woff2 files they
 * name under `assets/fonts/<package version>/` (a version in the path: cached for good). A page links the stylesheet
 * of the one font its theme uses (`ThemeLook.fontStylesheet`, `src/respondent/theme.tsx`), so fonts cost the public form no JavaScript, and the
 * browser fetches only the files of the scripts on the page (`unicode-range`).
 */
export function themeFontFiles(): StaticFile[] {
  const require = createRequire(import.meta.url);
  const files: StaticFile[] = [];
  for (const [id, font] of Object.entries(THEME_FONTS)) {
    const root = path.dirname(require.resolve(`${font.package}/package.json`));
    const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
    const css = readFileSync(path.join(root, 'index.css'), 'utf8').replace(/url\(\.\/files\/([\w.-]+\.woff2)\)/g, (_match, file: string) => {
      files.push({ fileName: `assets/fonts/${version}/${file}`, source: readFileSync(path.join(root, 'files', file)) });
      return `url(/assets/fonts/${version}/${file})`;
    });
    files.push({ fileName: themeFontStylesheet(id as keyof typeof THEME_FONTS).slice(1), source: css });
  }
  return files;
}

/** Writes {@link themeFontFiles} into the build and serves them in dev and preview. */
function themeFonts(): Plugin {
  let files: Map<string, StaticFile> | undefined;
  const byPath = () => (files ??= new Map(themeFontFiles().map((file) => [`/${file.fileName}`, file])));
  const serve = (req: { url?: string }, res: { setHeader(name: string, value: string): void; end(body: string | Buffer): void }, next: () => void) => {
    const file = req.url ? byPath().get(req.url.split('?')[0]!) : undefined;
    if (!file) return next();
    res.setHeader('content-type', file.fileName.endsWith('.css') ? 'text/css; charset=utf-8' : 'font/woff2');
    res.end(file.source);
  };
  return {
    name: 'formloom-theme-fonts',
    generateBundle() {
      for (const file of byPath().values()) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
    },
    configureServer(server) {
      server.middlewares.use(serve);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serve);
    },
  };
}

const GATEWAY = process.env.FORMLOOM_GATEWAY_URL ?? 'http://localhost:8080';
const proxied = ['/auth', '/admin', '/billing', '/public', '/v1', '/.well-known'];

export default defineConfig({
  plugins: [react(), precompress(), publicFormPages(), themeFonts()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: GATEWAY, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: GATEWAY, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // Two pages: the app, and the public form's own small entry (docs/architecture.md "The public form's bundle").
    // The manifest lets the bundle-size test find each entry's chunks.
    manifest: true,
    rolldownOptions: { input: { app: path.resolve(import.meta.dirname, 'index.html'), form: path.resolve(import.meta.dirname, 'form.html') } },
  },
});
