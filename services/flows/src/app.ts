/**
 * The flows service: flows, their draft templates, published snapshots, submissions, the Results' custom
 * columns, form themes and cloneable templates (ARCHITECTURE §3);
 * emits `flow.created`, `flow.published`, `flow.moved`, `flow.deleted`, `form.submitted` and `form.progressed` through the
 * outbox and consumes `workspace.deleted` (`consumers.ts`). Tests call
 * {@link buildApp}; `main.ts` runs {@link definition}.
 */
import { z } from 'zod';
import * as copy from '@formloom/contracts/copy';
import {
  FILE_UPLOAD_MAX_MB_CAP,
  PUBLIC_SUBMISSIONS_PER_ADDRESS_MAX,
  PUBLIC_SUBMISSIONS_WINDOW_MS,
  PUBLIC_UPLOADS_PER_ADDRESS_MAX,
  TEMPLATE_COUNTS_PER_ADDRESS_MAX,
  UPLOAD_BYTES_PER_MB,
  UPLOAD_SWEEP_INTERVAL_MS,
} from '@formloom/contracts/limits';
import { PollingLoop } from '@formloom/kit/polling-loop';
import { createService, type FormloomService, type ServiceDefinition, type ServiceOptions } from '@formloom/kit/service';
import { ChallengeProvider } from '@formloom/contracts/api/flows/public-forms';
import { createChallenge } from './challenge';
import { workspaceDeletedConsumer } from './consumers';
import { createFlowReads } from './db/flow-reads';
import { migrations } from './db/migrations';
import type { FlowsServiceDeps } from './deps';
import { EXPORT_BATCH_SIZE_DEFAULT } from './domain/export';
import { createSubmissionWriter } from './domain/submissions';
import { sweepUploads } from './domain/uploads';
import { adminFlowRoutes } from './routes/admin-flows';
import { cloneableTemplateRoutes } from './routes/cloneable-templates';
import { customColumnRoutes } from './routes/custom-columns';
import { internalFileRoutes } from './routes/internal-files';
import { internalFlowRoutes } from './routes/internal-flows';
import { publicFlowRoutes } from './routes/public-flows';
import { publicApiRoutes } from './routes/public-api';
import { themeRoutes } from './routes/themes';
import { uploadRoutes } from './routes/uploads';
import { createFileStorage, FileStorageConfigShape, storageConfigProblems } from './storage/from-config';

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
  /**
   * The product's public origin (what browsers open, `https://forms.example.com`): links of uploaded files in
   * answer texts — results, exports, emails — start with it. Default `http://localhost:8080` (embedded mode).
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  /**
   * The largest uploaded file in MB (2^20 bytes), whatever a question allows: 1–`FILE_UPLOAD_MAX_MB_CAP` (100,
   * the default). A question's `maxSizeMb` above it is cut to it.
   */
  FILE_UPLOAD_MAX_MB: z.coerce.number().positive().max(FILE_UPLOAD_MAX_MB_CAP).default(FILE_UPLOAD_MAX_MB_CAP),
  /**
   * Public uploads accepted per client address and form within ten minutes (`PUBLIC_SUBMISSIONS_WINDOW_MS`); beyond
   * it the upload answers 429. 0 turns the limit off. Default `PUBLIC_UPLOADS_PER_ADDRESS_MAX` (100).
   */
  PUBLIC_UPLOADS_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(PUBLIC_UPLOADS_PER_ADDRESS_MAX),
  /** Where uploaded files are kept (`storage/from-config.ts`: `FILE_STORAGE`, a directory or an S3 bucket, and its settings). */
  ...FileStorageConfigShape,
}).superRefine((config, context) => {
  for (const [variable, message] of storageConfigProblems(config)) context.addIssue({ code: 'custom', path: [variable], message });
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
    log: ctx.log,
    publicUrl: ctx.config.PUBLIC_URL,
    storage: createFileStorage(ctx.config),
    uploadMaxBytes: Math.floor(ctx.config.FILE_UPLOAD_MAX_MB * UPLOAD_BYTES_PER_MB),
    uploadLimit:
      ctx.config.PUBLIC_UPLOADS_RATE_LIMIT > 0
        ? ctx.rateLimits.limit({
            name: 'public-uploads',
            points: ctx.config.PUBLIC_UPLOADS_RATE_LIMIT,
            durationMs: PUBLIC_SUBMISSIONS_WINDOW_MS,
            message: copy.uploads.tooManyUploads,
          })
        : undefined,
    templateCountLimit: ctx.rateLimits.limit({
      name: 'template-counts',
      points: TEMPLATE_COUNTS_PER_ADDRESS_MAX,
      durationMs: PUBLIC_SUBMISSIONS_WINDOW_MS,
    }),
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
  routes: [adminFlowRoutes, customColumnRoutes, themeRoutes, cloneableTemplateRoutes, publicFlowRoutes, publicApiRoutes, uploadRoutes, internalFlowRoutes, internalFileRoutes],
  consumers: (deps) => [workspaceDeletedConsumer(deps.reads)],
  // The sweep of uploads no response refers to (after a day) and of the files of deleted rows (`domain/uploads.ts`).
  workers: (deps) => {
    const loop = new PollingLoop({ name: 'upload sweep', pollMs: UPLOAD_SWEEP_INTERVAL_MS, log: deps.log, pass: () => sweepUploads(deps) });
    return [{ start: () => loop.start(), stop: async () => { await loop.stop(); await deps.storage.close(); } }];
  },
};

/**
 * Builds the flows service (database opened and migrated, routes registered; nothing runs in the background
 * until `start()`). @throws ConfigError for invalid configuration.
 */
export function buildApp(options?: ServiceOptions): Promise<FormloomService<z.infer<typeof FlowsConfig>, FlowsServiceDeps>> {
  return createService(definition, options);
}
