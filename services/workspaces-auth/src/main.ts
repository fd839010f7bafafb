/**
 * Process entry: builds workspaces-auth from `process.env`, listens on HOST:PORT, and closes gracefully on
 * SIGINT/SIGTERM (at most 10 s, then exits). Uses `buildApp` rather than the kit's `runService` so the kit is
 * handed this service's own token verifier (see `app.ts`).
 */
import { buildApp } from './app';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const service = await buildApp();
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    service.app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        service.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  const url = await service.listen();
  service.app.log.info({ url }, 'workspaces-auth listening');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
