/**
 * The workflows-engine's own environment variables (on top of the kit's, see `@formloom/kit/config`).
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | FLOWS_URL | — | flows' base URL for `GET /internal/flows/:publicIdentifier`; unset → creating a workflow answers 503 |
 * | FLOWS_TIMEOUT_MS | 5000 | timeout of that call (ms) |
 * | INTEGRATIONS_URL | — | the integrations service's base URL: integration steps (slack …) act through it with the step's idempotency key; unset → those steps fail saying integrations are not configured |
 * | INTEGRATIONS_TIMEOUT_MS | 20000 | timeout of one action through it (ms; the provider's own time included) |
 * | FLOWS_FILES_TIMEOUT_MS | 30000 | timeout of reading a submission's files from flows for an email's attachments (ms; up to 10 MB) |
 * | MAIL_FROM | notifications@formloom.local | sender address of workflow emails |
 * | SMTP_URL | — | `smtp://user:pass@host:port` (or `smtps://`); unset → emails go to the mail log only |
 * | SMTP_TIMEOUT_MS | 15000 | SMTP connection, greeting and socket timeout (ms) |
 * | RUNS_POLL_MS | 1000 | run worker poll interval when not kicked (ms) |
 * | RUN_LEASE_MS | 60000 | how long a claimed run stays claimed without a heartbeat (ms); then it is reclaimed |
 * | RUN_MAX_ATTEMPTS | 5 | claims after which an unfinished run is failed |
 * | RUNS_LINGER_MS | 5 | how long the worker waits after runs were queued before claiming, so that runs queued meanwhile share the claim (ms; 0 = at once) |
 * | WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT | 10 | emails sent over SMTP per hour to one address taken from answers, per organization (`WORKFLOW_EMAIL_PER_RECIPIENT_MAX`); past it the address is skipped; 0 = no limit |
 * | EMAIL_PREVIEW_RATE_LIMIT | 10 | email previews a user may send per ten minutes (`EMAIL_PREVIEW_RATE_MAX`, `EMAIL_PREVIEW_RATE_WINDOW_MS`); 0 = no limit |
 * | RUNS_CONCURRENCY | 32 | runs claimed per pass and executed at once per replica; their node commits share transactions, so a pass needs at most 3 connections of DATABASE_POOL_SIZE (docs/benchmarks.md) |
 * | PUBLIC_URL | http://localhost:8080 | the product's public origin (what browsers open): the links of approval emails point there (`<PUBLIC_URL>/approve#…`) |
 * | APPROVAL_PUBLIC_RATE_LIMIT | 60 | requests to the approver's page calls (`/public/approvals/…`) per client address and ten minutes (`APPROVAL_PUBLIC_PER_ADDRESS_MAX`); 0 = no limit |
 * | WEBHOOK_ALLOWED_HOSTS | — | outgoing webhooks: comma-separated host names or `host:port` let through although local or private, and allowed over plain `http://` (development, tests, a receiver inside the network; `@formloom/kit/outbound-http`); never a metadata service |
 * | WEBHOOK_SECRET_ENCRYPTION_KEY | — | secret (16+ characters, the same for every replica, never changed once set) from which the AES-256-GCM key that encrypts webhook signing secrets at rest is derived (scrypt); unset → generated into `$DATA_DIR/webhook-secret-encryption-key` (PGlite or one node), random per process (`memory://`), or webhooks are refused (503) in Kubernetes with PostgreSQL (`domain/webhook-secrets.ts`) |
 * | WEBHOOK_POLL_MS | 1000 | webhook delivery worker poll interval when not kicked (ms) |
 * | WEBHOOK_CONCURRENCY | 16 | deliveries claimed per pass and sent at once per replica |
 * | WEBHOOK_MAX_ATTEMPTS | 8 | attempts after which a delivery is `failed` |
 * | WEBHOOK_RETRY_BASE_MS | 60000 | wait after the first failed attempt (ms); doubled after each further one (1, 2, 4, 8 … minutes) |
 * | WEBHOOK_RETRY_MAX_MS | 3600000 | longest wait between attempts (ms; 1 hour) |
 * | CODE_SANDBOX_THREADS | 1 | worker threads the code node's QuickJS sandbox runs on per replica (`sandbox/code-sandbox.ts`): code steps and the panel's tests run at most this many at once, each up to CODE_NODE_TIME_LIMIT_MS (1 s) and CODE_NODE_MEMORY_LIMIT_BYTES (32 MB); threads start on first use |
 * | CODE_SANDBOX_WARM_CONTEXTS | 32 | warm QuickJS contexts each sandbox thread keeps for later runs of the same code node of the same workflow (`sandbox/worker-source.ts`; ~0.15 MB each); 0: every run builds a new context (~2 ms more per run) |
 * | NODE_TEST_RATE_LIMIT | 30 | the editor's 'Test' of a webhook or code node: tests per user per minute (`NODE_TEST_RATE_MAX`); 0 = no limit |
 * | WEBHOOK_LEASE_MS | 60000 | how long a claimed delivery is held while it is being sent (ms; more than the 10 s send limit); a worker that crashed mid-send leaves it to be sent again after this |
 * | AI_BASE_URL | — | base URL of the OpenAI-compatible chat completions API the `ai` node calls (`https://api.openai.com/v1`, a gateway, a vLLM or Ollama server's `…/v1`); unset with AI_API_KEY set: OpenAI's |
 * | AI_API_KEY | — | secret: the provider's API key, sent as `Authorization: Bearer`; unset with AI_BASE_URL set: no key (a local server). Neither set: AI steps fail with 'AI is not configured on this server…' (`ai-provider.ts`) |
 * | AI_MODEL | gpt-4o-mini with OpenAI | the model every AI step uses; required with AI_BASE_URL |
 * | AI_TIMEOUT_MS | 60000 | time allowed for one AI request, the provider's answer included (ms) |
 * | AI_RESPONSE_FORMAT | json_schema | how structured answers (classify, extractFields) are asked for: `json_schema` (structured outputs), `json_object` (JSON mode, for providers without JSON schemas), or `text` (the prompt alone); the answer is checked whatever it is |
 */
import { z } from 'zod';
import { APPROVAL_PUBLIC_PER_ADDRESS_MAX, EMAIL_PREVIEW_RATE_MAX, NODE_TEST_RATE_MAX, WORKFLOW_EMAIL_PER_RECIPIENT_MAX } from '@formloom/contracts/limits';
import { AllowedHostsVariable } from '@formloom/kit/outbound-http';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The engine's configuration schema. */
export const EngineConfig = z.object({
  FLOWS_URL: z.url().optional(),
  FLOWS_TIMEOUT_MS: ms(5000),
  INTEGRATIONS_URL: z.url().optional(),
  INTEGRATIONS_TIMEOUT_MS: ms(20_000),
  FLOWS_FILES_TIMEOUT_MS: ms(30_000),
  MAIL_FROM: z.email().default('notifications@formloom.local'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  SMTP_TIMEOUT_MS: ms(15_000),
  RUNS_POLL_MS: ms(1000),
  RUN_LEASE_MS: ms(60_000),
  RUN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  RUNS_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(5),
  RUNS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(WORKFLOW_EMAIL_PER_RECIPIENT_MAX),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  APPROVAL_PUBLIC_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(APPROVAL_PUBLIC_PER_ADDRESS_MAX),
  EMAIL_PREVIEW_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(EMAIL_PREVIEW_RATE_MAX),
  WEBHOOK_ALLOWED_HOSTS: AllowedHostsVariable,
  WEBHOOK_SECRET_ENCRYPTION_KEY: z.string().min(16).optional(),
  WEBHOOK_POLL_MS: ms(1000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  WEBHOOK_RETRY_BASE_MS: ms(60_000),
  WEBHOOK_RETRY_MAX_MS: ms(3_600_000),
  WEBHOOK_LEASE_MS: ms(60_000),
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_MS: ms(60_000),
  AI_RESPONSE_FORMAT: z.enum(['json_schema', 'json_object', 'text']).default('json_schema'),
  CODE_SANDBOX_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  CODE_SANDBOX_WARM_CONTEXTS: z.coerce.number().int().min(0).max(1024).default(32),
  NODE_TEST_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(NODE_TEST_RATE_MAX),
});
/** The engine's own configuration. */
export type EngineConfig = z.infer<typeof EngineConfig>;
