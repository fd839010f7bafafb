/**
 * Vite config of the Formloom web app. In dev (`npm run dev -w @formloom/web`) the API prefixes are proxied to
 * the gateway on :8080 so the session cookie stays first-party; `vite build` writes the static app to `dist/`.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const GATEWAY = process.env.FORMLOOM_GATEWAY_URL ?? 'http://localhost:8080';
const proxied = ['/auth', '/admin', '/public', '/v1', '/.well-known'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: GATEWAY, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: GATEWAY, changeOrigin: false }])),
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
