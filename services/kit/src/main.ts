/**
 * Process entry helper for a service's `src/main.ts`: builds the service from `process.env`, listens, and
 * shuts down gracefully on SIGINT/SIGTERM with close-with-grace (after fastify/demo).
 */
import closeWithGrace from 'close-with-grace';
import type { z } from 'zod';
import { createService, type ServiceDefinition } from './service';

/** Runs `definition` as a process; exits non-zero when it cannot start. */
export async function runService<T extends z.ZodRawShape>(definition: ServiceDefinition<T>): Promise<void> {
  try {
    const service = await createService(definition);
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
