/**
 * The flows service: flows, their draft templates, published snapshots and submissions (ARCHITECTURE §3);
 * emits `flow.created`, `flow.published` and `form.submitted` through the outbox. Tests call
 * {@link buildApp}; `main.ts` runs {@link definition}.
 */
import { z } from 'zod';
import { copy } from '@formloom/contracts/copy';
import { PUBLIC_SUBMISSIONS_PER_ADDRESS_MAX, PUBLIC_SUBMISSIONS_WINDOW_MS } from '@formloom/contracts/limits';
import { createService, type FormloomService, type ServiceDefinition, type ServiceOptions } from '@formloom/kit/service';
import { ChallengeProvider } from '@formloom/contracts/api/flows/public-forms';
import { createChallenge } from './challenge';
import { createFlowReads } from './db/flow-reads';
import { migrations } from './db/migrations';
import type { FlowsServiceDeps } from './deps';
import { EXPORT_BATCH_SIZE_DEFAULT } from './domain/export';
import { createSubmissionWriter } from './domain/submissions';
import { adminFlowRoutes } from './routes/admin-flows';
import { internalFlowRoutes } from './routes/internal-flows';
import { publicFlowRoutes } from './routes/public-flows';

/** The flows service's own environment variables (besides the kit's). */
export const FlowsConfig = z.object({
  /**
   * Public submissions accepted per client address and form within ten minutes (`PUBLIC_SUBMISSIONS_WINDOW_MS`);
   * beyond it `POST /public/flows/:id/submissions` answers 429 with `Retry-After`. 0 turns the limit off (a load
   * test from one address). Default `PUBLIC_SUBMISSIONS_PER_ADDRESS_MAX` (60).
   */
  PUBLIC_SUBMISSIONS_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(PUBLIC_SUBMISSIONS_PER_ADDRESS_MAX),
  /**
   * Submissions the results export (`GET /admin/flows/:id/submissions/export`) reads per database round trip:
   * more is fewer round trips, less is less memory per export in flight. Default `EXPORT_BATCH_SIZE_DEFAULT` (1000).
   */
  SUBMISSIONS_EXPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(EXPORT_BATCH_SIZE_DEFAULT),
  /** A bot challenge before every public submission (`challenge.ts`): `turnstile` or `hcaptcha`; unset, none. */
  CHALLENGE_PROVIDER: ChallengeProvider.optional(),
  /** The provider's public site key (with `CHALLENGE_PROVIDER`). */
  CHALLENGE_SITE_KEY: z.string().min(1).optional(),
  /** The provider's secret key (with `CHALLENGE_PROVIDER`; a secret). */
  CHALLENGE_SECRET_KEY: z.string().min(1).optional(),
  /** The provider's siteverify URL (default the provider's own; tests point it at a local server). */
  CHALLENGE_VERIFY_URL: z.url().optional(),
}).superRefine((config, context) => {
  if (config.CHALLENGE_PROVIDER && (!config.CHALLENGE_SITE_KEY || !config.CHALLENGE_SECRET_KEY)) {
    context.addIssue({ code: 'custom', path: ['CHALLENGE_PROVIDER'], message: 'needs CHALLENGE_SITE_KEY and CHALLENGE_SECRET_KEY' });
  }
});
type FlowsShape = typeof FlowsConfig.shape;

/** The service definition: name `flows`, its migrations, dependencies and route modules. */
export const definition: ServiceDefinition<FlowsShape, FlowsServiceDeps> = {
  name: 'flows',
  config: FlowsConfig,
  migrations,
  dependencies: (ctx) => ({
    db: ctx.db,
    transact: ctx.transact,
    reads: createFlowReads(ctx.db),
    submissionWriter: createSubmissionWriter(ctx.writeWithEvents),
    exportBatchSize: ctx.config.SUBMISSIONS_EXPORT_BATCH_SIZE,
    submissionLimit:
      ctx.config.PUBLIC_SUBMISSIONS_RATE_LIMIT > 0
        ? ctx.rateLimits.limit({
            name: 'public-submissions',
            points: ctx.config.PUBLIC_SUBMISSIONS_RATE_LIMIT,
            durationMs: PUBLIC_SUBMISSIONS_WINDOW_MS,
            message: copy.flows.tooManySubmissions,
          })
        : undefined,
    challenge:
      ctx.config.CHALLENGE_PROVIDER && ctx.config.CHALLENGE_SITE_KEY && ctx.config.CHALLENGE_SECRET_KEY
        ? createChallenge({
            provider: ctx.config.CHALLENGE_PROVIDER,
            siteKey: ctx.config.CHALLENGE_SITE_KEY,
            secretKey: ctx.config.CHALLENGE_SECRET_KEY,
            verifyUrl: ctx.config.CHALLENGE_VERIFY_URL,
            log: ctx.log,
          })
        : undefined,
  }),
  routes: [adminFlowRoutes, publicFlowRoutes, internalFlowRoutes],
};

/**
 * Builds the flows service (database opened and migrated, routes registered; nothing runs in the background
 * until `start()`). @throws ConfigError for invalid configuration.
 */
export function buildApp(options?: ServiceOptions): Promise<FormloomService<z.infer<typeof FlowsConfig>, FlowsServiceDeps>> {
  return createService(definition, options);
}
