/**
 * Process entry helper for a service's `src/main.ts`: builds the service from `process.env`, listens, and
 * shuts down gracefully on SIGINT/SIGTERM with close-with-grace (after fastify/demo).
 *
 * With `MIGRATE_ONLY=true` the process only applies the service's migrations (the kit's outbox/inbox tables
 * and the service's own, under the kit's advisory lock) to `DATABASE_URL` and exits 0 — or 1 when they fail.
 * The Helm chart's migrations Job runs the service image that way before a rollout (deploy/helm/formloom).
 */
import closeWithGrace from 'close-with-grace';
import type { z } from 'zod';
import { parseConfig } from './config';
import { migrate, openDatabase, resolveDatabaseLocation } from './db';
import { kitMigrations } from './outbox';
import { createService, type ConfigOf, type FormloomService, type ServiceContext, type ServiceDefinition } from './service';

/** Whether `env` asks for a migrate-only run (`MIGRATE_ONLY` = `true` or `1`). */
export function migrateOnlyRequested(env: Record<string, string | undefined> = process.env): boolean {
  return env.MIGRATE_ONLY === 'true' || env.MIGRATE_ONLY === '1';
}

/**
 * Applies `definition`'s migrations (after the kit's own) to the database `env` names, then closes it. Reads
 * only the kit's variables (`DATABASE_URL`, `DATA_DIR`, `DATABASE_POOL_SIZE` …): no bus, no HTTP, no
 * service-specific configuration is needed. Safe to run while other replicas start (advisory lock).
 * @returns the ids of the migrations applied by this run (empty when the database was up to date).
 * @throws ConfigError on a bad variable; the database's error when a migration fails (that migration is
 *   rolled back, earlier ones stay applied).
 */
export async function runMigrations<T extends z.ZodRawShape, D>(
  definition: ServiceDefinition<T, D>,
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const config = parseConfig(env);
  const database = await openDatabase(resolveDatabaseLocation(definition.name, config));
  try {
    return await migrate(database, [...kitMigrations, ...definition.migrations]);
  } finally {
    await database.close();
  }
}

/**
 * Runs `definition` as a process; exits non-zero when it cannot start. With `MIGRATE_ONLY=true` it applies
 * the migrations and exits instead (see {@link runMigrations}). `build` replaces `createService` for a
 * service that passes its own options (workspaces-auth verifies tokens with its own keys).
 */
export async function runService<T extends z.ZodRawShape, D = ServiceContext<ConfigOf<T>>>(
  definition: ServiceDefinition<T, D>,
  build: () => Promise<FormloomService<ConfigOf<T>, D>> = () => createService(definition),
): Promise<void> {
  if (migrateOnlyRequested()) {
    try {
      const applied = await runMigrations(definition);
      console.log(JSON.stringify({ service: definition.name, msg: 'migrations applied', applied }));
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  }
  try {
    const service = await build();
    closeWithGrace({ delay: 10_000 }, async ({ err }) => {
      if (err) service.app.log.error({ err }, 'shutting down after an error');
      await service.close();
    });
    await service.start();
    const url = await service.listen();
    service.app.log.info({ url }, `${definition.name} listening`);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
