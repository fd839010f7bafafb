/**
 * The workflows-engine service (ARCHITECTURE §3): workflows, runs, run steps and the mail log. Routes in
 * `routes/`, the `form.submitted` consumer in `consumers.ts`, the run worker in `worker.ts` (execution model
 * documented there), configuration in `config.ts`.
 */
import { createService, type FormloomService, type ServiceContext, type ServiceDefinition, type ServiceOptions } from '@formloom/kit/service';
import { EngineConfig } from './config';
import { formSubmittedConsumer } from './consumers';
import { migrations } from './db/migrations';
import { createFlowsClient } from './flows-client';
import { createMailer } from './mailer';
import { createRunMetrics } from './metrics';
import { mailRoutes } from './routes/mail';
import { workflowRoutes } from './routes/workflows';
import { RunWorker } from './worker';

type Context = ServiceContext<EngineConfig>;

/** One run worker per service instance (the consumer kicks the worker of its own instance). */
const workers = new WeakMap<Context, RunWorker>();

/** The run worker of `ctx`'s service instance, created on first use. */
export function runWorkerOf(ctx: Context): RunWorker {
  let worker = workers.get(ctx);
  if (!worker) {
    const { config } = ctx;
    worker = new RunWorker({
      db: ctx.db,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, timeoutMs: config.SMTP_TIMEOUT_MS }),
      mailFrom: config.MAIL_FROM,
      pollMs: config.RUNS_POLL_MS,
      leaseMs: config.RUN_LEASE_MS,
      maxAttempts: config.RUN_MAX_ATTEMPTS,
      concurrency: config.RUNS_CONCURRENCY,
      lingerMs: config.RUNS_LINGER_MS,
      log: ctx.log,
      tracer: ctx.telemetry.tracer,
      onRunFinished: createRunMetrics(ctx.metrics.registry).record,
    });
    workers.set(ctx, worker);
  }
  return worker;
}

/** The service definition. */
export const definition: ServiceDefinition<typeof EngineConfig.shape> = {
  name: 'workflows-engine',
  config: EngineConfig,
  migrations,
  routes(app, ctx) {
    const lookupFlow = createFlowsClient({
      baseUrl: ctx.config.FLOWS_URL,
      token: ctx.config.INTERNAL_TOKEN,
      timeoutMs: ctx.config.FLOWS_TIMEOUT_MS,
      log: ctx.log,
    });
    workflowRoutes(app, { db: ctx.db, lookupFlow });
    mailRoutes(app, { db: ctx.db });
  },
  consumers: (ctx) => [formSubmittedConsumer({ onQueued: () => runWorkerOf(ctx).kick(), log: ctx.log })],
  workers: (ctx) => [runWorkerOf(ctx)],
};

/** Builds the service (tests pass `env`, `jwks`, a shared `bus`, `logger: false`). */
export function buildApp(options?: ServiceOptions): Promise<FormloomService<EngineConfig>> {
  return createService(definition, options);
}
