/**
 * The workflows-engine service (ARCHITECTURE §3): workflows, runs, run steps, approvals, the mail log and outgoing
 * webhooks. Routes in `routes/`, the event consumers (`form.submitted`, `form.progressed`, `flow.deleted`, `flow.moved`,
 * the scheduling events) in `consumers.ts`, the run
 * worker in `worker.ts` (execution model documented there), the webhook delivery worker in `webhook-worker.ts`, configuration in `config.ts`, dependencies in `deps.ts`.
 */
import { createService, type FormloomService, type ServiceDefinition, type ServiceOptions } from '@formloom/kit/service';
import { EngineConfig } from './config';
import {
  eventBookedConsumer,
  eventCanceledConsumer,
  eventRescheduledConsumer,
  flowDeletedConsumer,
  flowMovedConsumer,
  formProgressedConsumer,
  formSubmittedConsumer,
} from './consumers';
import { migrations } from './db/migrations';
import { engineDependencies, type EngineDeps } from './deps';
import { approvalRoutes } from './routes/approvals';
import { emailPreviewRoutes } from './routes/email-preview';
import { mailRoutes } from './routes/mail';
import { runRoutes } from './routes/runs';
import { nodeTestRoutes } from './routes/node-tests';
import { webhookRoutes } from './routes/webhooks';
import { workflowRoutes } from './routes/workflows';

/** The service definition. */
export const definition: ServiceDefinition<typeof EngineConfig.shape, EngineDeps> = {
  name: 'workflows-engine',
  config: EngineConfig,
  migrations,
  dependencies: engineDependencies,
  routes: [workflowRoutes, runRoutes, mailRoutes, webhookRoutes, approvalRoutes, emailPreviewRoutes, nodeTestRoutes],
  consumers: (deps) => [
    formSubmittedConsumer({
      lease: () => deps.runWorker.lease(),
      onClaimed: (runs, lease) => deps.runWorker.adopt(runs, lease),
      onQueued: () => deps.runWorker.kick(),
      onWebhooksQueued: () => deps.webhookWorker.kick(),
    }),
    flowDeletedConsumer(),
    flowMovedConsumer(),
    formProgressedConsumer(),
    eventBookedConsumer(),
    eventRescheduledConsumer({ onQueued: () => deps.runWorker.kick() }),
    eventCanceledConsumer({ onQueued: () => deps.runWorker.kick() }),
  ],
  workers: (deps) => [deps.runWorker, deps.webhookWorker, deps.codeSandbox],
};

/** Builds the service (tests pass `env`, `jwks`, a shared `bus`, `logger: false`). */
export function buildApp(options?: ServiceOptions): Promise<FormloomService<EngineConfig, EngineDeps>> {
  return createService(definition, options);
}
