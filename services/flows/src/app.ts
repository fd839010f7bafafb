/**
 * The flows service: flows, their draft templates, published snapshots and submissions (ARCHITECTURE §3);
 * emits `flow.created`, `flow.published` and `form.submitted` through the outbox. Tests call
 * {@link buildApp}; `main.ts` runs {@link definition}.
 */
import { z } from 'zod';
import { createService, type FormloomService, type ServiceDefinition, type ServiceOptions } from '@formloom/kit/service';
import { migrations } from './db/migrations';
import { createSubmissionWriter } from './domain/submissions';
import { adminFlowRoutes } from './routes/admin-flows';
import { internalFlowRoutes } from './routes/internal-flows';
import { publicFlowRoutes } from './routes/public-flows';

/** The flows service's own environment variables (none yet beyond the kit's). */
export const FlowsConfig = z.object({});
type FlowsShape = typeof FlowsConfig.shape;

/** The service definition: name `flows`, its migrations and routes. */
export const definition: ServiceDefinition<FlowsShape> = {
  name: 'flows',
  config: FlowsConfig,
  migrations,
  routes(app, ctx) {
    const deps = { db: ctx.db, transact: ctx.transact };
    adminFlowRoutes(app, deps);
    publicFlowRoutes(app, { ...deps, submissionWriter: createSubmissionWriter(ctx.writeWithEvents) });
    internalFlowRoutes(app, deps, ctx.config.INTERNAL_TOKEN);
  },
};

/**
 * Builds the flows service (database opened and migrated, routes registered; nothing runs in the background
 * until `start()`). @throws ConfigError for invalid configuration.
 */
export function buildApp(options?: ServiceOptions): Promise<FormloomService<z.infer<typeof FlowsConfig>>> {
  return createService(definition, options);
}
