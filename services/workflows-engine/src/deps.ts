/**
 * The workflows-engine's dependencies object (kit `ServiceDefinition.dependencies`): built once per service
 * instance by {@link engineDependencies} and handed to its route modules, consumers and workers.
 */
import * as copy from '@formloom/contracts/copy';
import { APPROVAL_PUBLIC_WINDOW_MS, EMAIL_PREVIEW_RATE_WINDOW_MS, NODE_TEST_RATE_WINDOW_MS, WORKFLOW_EMAIL_RECIPIENT_WINDOW_MS } from '@formloom/contracts/limits';
import type { ServiceContext } from '@formloom/kit/service';
import { createInternalClient } from '@formloom/kit/internal-client';
import { resolveDatabaseLocation } from '@formloom/kit/db';
import type { AllowedHost } from '@formloom/kit/outbound-http';
import type { RateLimit } from '@formloom/kit/rate-limit';
import { createApprovalLinkSigner, type ApprovalLinkSigner } from './domain/approval-tokens';
import type { EngineConfig } from './config';
import { createMailer, type Mailer } from '@formloom/kit/mail';
import { aiSettingsFromConfig, createOpenAiProvider, type AiProvider } from './ai-provider';
import { createFlowsApi, createSubmissionFilesApi, type FlowsApi } from './flows-client';
import { createIntegrationsApi } from './integrations-client';
import { createRunMetrics } from './metrics';
import { RunWorker } from './worker';
import { resolveWebhookKeySecret, SecretBox } from './domain/webhook-secrets';
import { WebhookWorker } from './webhook-worker';
import { beforeFirstStep } from './triggers/registry';
import { CodeSandbox } from './sandbox/code-sandbox';

/** What the engine's routes, consumers and workers use. */
export interface EngineDeps extends ServiceContext<EngineConfig> {
  /** The flows service: looks forms up (access checks), reads drafts, creates the forms of `new_form` workflows. */
  flows: FlowsApi;
  /** This instance's run worker (the consumer kicks it after queuing runs). */
  runWorker: RunWorker;
  /** How email leaves: `smtp` (`SMTP_URL` set) or `log` (the mail log only). */
  mailDelivery: 'smtp' | 'log';
  /** The mail transport (the run worker's too): email previews go through it (`domain/email-preview.ts`). */
  mailer: Mailer;
  /** The per-user limit of email previews; absent when `EMAIL_PREVIEW_RATE_LIMIT` is 0. */
  previewLimit?: RateLimit;
  /**
   * Encrypts webhook signing secrets at rest (`domain/webhook-secrets.ts`); `null` when no key secret can be had
   * (Kubernetes with PostgreSQL and no WEBHOOK_SECRET_ENCRYPTION_KEY): creating a webhook then answers 503.
   */
  webhookSecrets: SecretBox | null;
  /** The operator's allowed hosts of outgoing webhooks (WEBHOOK_ALLOWED_HOSTS). */
  webhookAllowedHosts: readonly AllowedHost[];
  /** This instance's webhook delivery worker (the consumer kicks it after queuing deliveries). */
  webhookWorker: WebhookWorker;
  /** Signs and verifies the tokens of approval links (`domain/approval-tokens.ts`; its key in this database). */
  approvalLinks: ApprovalLinkSigner;
  /** The per-address limit of the approver's page calls; absent when `APPROVAL_PUBLIC_RATE_LIMIT` is 0. */
  approvalLimit?: RateLimit;
  /** The operator's AI provider (`AI_*`, `ai-provider.ts`); `null` when none is configured: AI steps fail. */
  ai: AiProvider | null;
  /** The code node's sandbox (CODE_SANDBOX_THREADS threads): the run worker's and the panel's tests. */
  codeSandbox: CodeSandbox;
  /** The editor's node tests per user (NODE_TEST_RATE_LIMIT per minute); absent when 0. */
  nodeTestLimit?: RateLimit;
}

/** Builds the engine's dependencies from the kit's context and the engine's configuration. */
export function engineDependencies(ctx: ServiceContext<EngineConfig>): EngineDeps {
  const { config } = ctx;
  const flows = createInternalClient({
    baseUrl: config.FLOWS_URL,
    token: config.INTERNAL_TOKEN,
    timeoutMs: config.FLOWS_TIMEOUT_MS,
    log: ctx.log,
  });
  const flowsApi = createFlowsApi(flows);
  const integrations = config.INTEGRATIONS_URL
    ? createIntegrationsApi(createInternalClient({ baseUrl: config.INTEGRATIONS_URL, token: config.INTERNAL_TOKEN, timeoutMs: config.INTEGRATIONS_TIMEOUT_MS, log: ctx.log }))
    : undefined;
  const flowsFiles = createInternalClient({
    baseUrl: config.FLOWS_URL,
    token: config.INTERNAL_TOKEN,
    timeoutMs: config.FLOWS_FILES_TIMEOUT_MS,
    log: ctx.log,
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, timeoutMs: config.SMTP_TIMEOUT_MS });
  const approvalLinks = createApprovalLinkSigner(ctx.db);
  const aiSettings = aiSettingsFromConfig(config);
  const ai = aiSettings ? createOpenAiProvider(aiSettings) : null;
  if (aiSettings) ctx.log.info({ aiBaseUrl: aiSettings.baseUrl, aiModel: aiSettings.model }, 'AI provider configured');
  else ctx.log.info({}, 'AI provider not configured (AI_BASE_URL, AI_API_KEY): AI steps fail until one is');
  const codeSandbox = new CodeSandbox({
    threads: config.CODE_SANDBOX_THREADS,
    warmContexts: config.CODE_SANDBOX_WARM_CONTEXTS,
    log: ctx.log,
  });
  const runWorker = new RunWorker({
    db: ctx.db,
    mailer,
    mailFrom: config.MAIL_FROM,
    publicUrl: config.PUBLIC_URL,
    approvalLinks,
    ai: ai ?? undefined,
    files: createSubmissionFilesApi(flowsFiles),
    integrations,
    outbound: { allowedHosts: config.WEBHOOK_ALLOWED_HOSTS },
    codeSandbox,
    recipientLimit:
      config.WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT > 0
        ? ctx.rateLimits.limit({
            name: 'workflow-email-recipient',
            points: config.WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT,
            durationMs: WORKFLOW_EMAIL_RECIPIENT_WINDOW_MS,
          })
        : undefined,
    pollMs: config.RUNS_POLL_MS,
    leaseMs: config.RUN_LEASE_MS,
    maxAttempts: config.RUN_MAX_ATTEMPTS,
    concurrency: config.RUNS_CONCURRENCY,
    lingerMs: config.RUNS_LINGER_MS,
    log: ctx.log,
    tracer: ctx.telemetry.tracer,
    onRunFinished: createRunMetrics(ctx.metrics.registry).record,
    beforeFirstStep: beforeFirstStep({ flows: flowsApi }),
  });
  const keySecret = resolveWebhookKeySecret(
    {
      configured: config.WEBHOOK_SECRET_ENCRYPTION_KEY,
      dataDir: config.DATA_DIR,
      database: resolveDatabaseLocation(ctx.name, config),
      inKubernetes: config.KUBERNETES_SERVICE_HOST !== undefined,
    },
    ctx.log,
  );
  const webhookSecrets = keySecret === null ? null : new SecretBox(keySecret);
  const webhookWorker = new WebhookWorker({
    db: ctx.db,
    secretBox: webhookSecrets,
    allowedHosts: config.WEBHOOK_ALLOWED_HOSTS,
    pollMs: config.WEBHOOK_POLL_MS,
    concurrency: config.WEBHOOK_CONCURRENCY,
    leaseMs: config.WEBHOOK_LEASE_MS,
    retry: { baseMs: config.WEBHOOK_RETRY_BASE_MS, maxMs: config.WEBHOOK_RETRY_MAX_MS, maxAttempts: config.WEBHOOK_MAX_ATTEMPTS },
    log: ctx.log,
  });
  return {
    ...ctx,
    flows: flowsApi,
    runWorker,
    mailDelivery: mailer.kind,
    mailer,
    previewLimit:
      config.EMAIL_PREVIEW_RATE_LIMIT > 0
        ? ctx.rateLimits.limit({
            name: 'email-previews',
            points: config.EMAIL_PREVIEW_RATE_LIMIT,
            durationMs: EMAIL_PREVIEW_RATE_WINDOW_MS,
            message: copy.emailEditor.tooManyPreviews,
          })
        : undefined,
    webhookSecrets,
    webhookAllowedHosts: config.WEBHOOK_ALLOWED_HOSTS,
    webhookWorker,
    approvalLinks,
    approvalLimit:
      config.APPROVAL_PUBLIC_RATE_LIMIT > 0
        ? ctx.rateLimits.limit({
            name: 'public-approvals',
            points: config.APPROVAL_PUBLIC_RATE_LIMIT,
            durationMs: APPROVAL_PUBLIC_WINDOW_MS,
          })
        : undefined,
    ai,
    codeSandbox,
    nodeTestLimit:
      config.NODE_TEST_RATE_LIMIT > 0
        ? ctx.rateLimits.limit({
            name: 'workflow-node-test',
            points: config.NODE_TEST_RATE_LIMIT,
            durationMs: NODE_TEST_RATE_WINDOW_MS,
            message: copy.webhookNode.testRateLimited,
          })
        : undefined,
  };
}
