/**
 * The workflows-engine's own environment variables (on top of the kit's, see `@formloom/kit/config`).
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | FLOWS_URL | — | flows' base URL for `GET /internal/flows/:publicIdentifier`; unset → creating a workflow answers 503 |
 * | FLOWS_TIMEOUT_MS | 5000 | timeout of that call (ms) |
 * | MAIL_FROM | notifications@formloom.local | sender address of workflow emails |
 * | SMTP_URL | — | `smtp://user:pass@host:port` (or `smtps://`); unset → emails go to the mail log only |
 * | SMTP_TIMEOUT_MS | 15000 | SMTP connection, greeting and socket timeout (ms) |
 * | RUNS_POLL_MS | 1000 | run worker poll interval when not kicked (ms) |
 * | RUN_LEASE_MS | 60000 | how long a claimed run stays claimed without a heartbeat (ms); then it is reclaimed |
 * | RUN_MAX_ATTEMPTS | 5 | claims after which an unfinished run is failed |
 * | RUNS_LINGER_MS | 5 | how long the worker waits after runs were queued before claiming, so that runs queued meanwhile share the claim (ms; 0 = at once) |
 * | WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT | 10 | emails sent over SMTP per hour to one address taken from answers, per organization (`WORKFLOW_EMAIL_PER_RECIPIENT_MAX`); past it the address is skipped; 0 = no limit |
 * | RUNS_CONCURRENCY | 32 | runs claimed per pass and executed at once per replica; their node commits share transactions, so a pass needs at most 3 connections of DATABASE_POOL_SIZE (docs/benchmarks.md) |
 */
import { z } from 'zod';
import { WORKFLOW_EMAIL_PER_RECIPIENT_MAX } from '@formloom/contracts/limits';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The engine's configuration schema. */
export const EngineConfig = z.object({
  FLOWS_URL: z.url().optional(),
  FLOWS_TIMEOUT_MS: ms(5000),
  MAIL_FROM: z.email().default('notifications@formloom.local'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  SMTP_TIMEOUT_MS: ms(15_000),
  RUNS_POLL_MS: ms(1000),
  RUN_LEASE_MS: ms(60_000),
  RUN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  RUNS_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(5),
  RUNS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(WORKFLOW_EMAIL_PER_RECIPIENT_MAX),
});
/** The engine's own configuration. */
export type EngineConfig = z.infer<typeof EngineConfig>;
