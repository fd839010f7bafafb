/**
 * Vite config of the Formloom web app. In dev (`npm run dev -w @formloom/web`) the API prefixes are proxied to
 * the gateway on :8080 so the session cookie stays first-party; `vite build` writes the static app to `dist/`:
 * two pages — the app (`index.html`) and the public form's own entry (`form.html`) — each text file beside its
 * brotli (`.br`) and gzip (`.gz`) copy ({@link precompress}), and `.vite/manifest.json`.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

const GATEWAY = process.env.FORMLOOM_GATEWAY_URL ?? 'http://localhost:8080';
const proxied = ['/auth', '/admin', '/billing', '/public', '/v1', '/.well-known'];

export default defineConfig({
  plugins: [react(), precompress(), publicFormPages()],
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
