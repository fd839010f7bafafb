/**
 * The workflows-engine's tables (ARCHITECTURE §3: workflows, runs, run steps; plus the embedded mail log).
 * The same tables as SQL are in `migrations.ts`; keep both in step.
 *
 * - `workflows`: one row per workflow (spec 001 §3), with the form it belongs to (copied from flows at
 *   creation: organization, workspace, numeric id and public identifier; the workspace follows the form's moves,
 *   `flow.moved`), the draft template (saved) and the published template (what runs).
 * - `workflow_runs`: one row per (workflow, trigger event), durable work queue of the run worker; carries the
 *   published template and the trigger data as they were when the event arrived. A test run (`mode = 'edit'`)
 *   carries the draft template and a stored submission's data instead. A run that waits (a node
 *   asked to go on at a later time) is a `waiting` row with its due time, claimed like a queued one.
 * - `workflow_run_steps`: one row per executed node of a run (at most once per node: templates are acyclic),
 *   with the node the run went on to.
 * - `mail_messages`: every email the engine sent (SMTP) or logged (no SMTP configured); viewable by admins.
 * - `engine_keys`: the engine's own secrets by name (the key that signs approval links, `domain/approval-tokens.ts`).
 * - `webhook_subscriptions`, `webhook_deliveries`: outgoing webhooks (a form's receivers) and one delivery per
 *   (receiver, submission), the delivery worker's queue and log.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { RunMode, RunStatus, StepStatus } from '@formloom/contracts/api/workflows-engine/runs';
import type { WebhookDeliveryStatus } from '@formloom/contracts/api/workflows-engine/webhooks';

/** A run row's state (`RunStatus` of the API; `waiting`: a node asked to go on at `due_at`). */
export type RunRowStatus = RunStatus;
/** A step row's state (`StepStatus` of the API; `waiting`: its node waits until the run's `due_at`). */
export type StepRowStatus = StepStatus;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Workflows (spec 001 §3). */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    workspaceId: integer('workspace_id').notNull(),
    /** Who created the form (flows' `createdBy`, copied at creation; null: unknown): decides `limited` access. */
    flowCreatedBy: integer('flow_created_by'),
    flowId: integer('flow_id').notNull(),
    flowPublicIdentifier: text('flow_public_identifier').notNull(),
    name: text('name').notNull(),
    draftTemplate: jsonb('draft_template').$type<WorkflowTemplate>().notNull(),
    publishedTemplate: jsonb('published_template').$type<WorkflowTemplate>(),
    isHidden: boolean('is_hidden').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflows_flow').on(t.flowPublicIdentifier, t.createdAt)],
);
/** A workflow row. */
export type WorkflowRow = typeof workflows.$inferSelect;

/** Runs: the durable queue the run worker claims from. */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid('id').primaryKey(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    triggerEventId: uuid('trigger_event_id').notNull(),
    submissionId: text('submission_id'),
    /** The published template when the event arrived (later edits do not change a queued run). */
    template: jsonb('template').$type<WorkflowTemplate>().notNull(),
    /** The trigger event's data (`form.submitted` v1). */
    triggerData: jsonb('trigger_data').$type<FormSubmittedData>().notNull(),
    status: text('status').$type<RunRowStatus>().notNull(),
    /** How many times a worker claimed the run since it was queued or last resumed from a wait. */
    attempts: integer('attempts').notNull().default(0),
    /** The current claim: only the worker holding this token may write the run's progress. */
    leaseToken: uuid('lease_token'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * W3C `traceparent` of the span that queued the run (the trigger event's consumer span); the run's
     * execution span is its child. Null for runs queued before migration 0002 or without a trace.
     */
    traceparent: text('traceparent'),
    /**
     * When the run's last wait ends: a `waiting` run is claimed once `due_at <= now()`. Kept after the run
     * resumed (then it also tells the worker that the run already has steps). Null for runs that never waited.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /**
     * `live` (its trigger started it, with the published template) or `edit` (a test run of the draft, started from
     * the editor; spec 001 §7 `mode=edit`). Test runs never count as live runs.
     */
    mode: text('mode').$type<RunMode>().notNull().default('live'),
    /**
     * How many times a user retried the run after it failed. A retried run's first claim reads its steps: those
     * that succeeded are not run again.
     */
    retries: integer('retries').notNull().default(0),
  },
  (t) => [
    unique('workflow_runs_event').on(t.workflowId, t.triggerEventId),
    uniqueIndex('workflow_runs_submission')
      .on(t.workflowId, t.submissionId)
      .where(sql`submission_id IS NOT NULL AND mode = 'live'`),
    index('workflow_runs_list').on(t.workflowId, t.mode, t.createdAt, t.id),
    index('workflow_runs_by_status').on(t.workflowId, t.mode, t.status, t.createdAt, t.id),
  ],
);
/** A run row. */
export type WorkflowRunRow = typeof workflowRuns.$inferSelect;

/** Run steps: one per executed node. */
export const workflowRunSteps = pgTable(
  'workflow_run_steps',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    /** 1-based position of the step in the run. */
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    status: text('status').$type<StepRowStatus>().notNull(),
    attempts: integer('attempts').notNull().default(1),
    /**
     * Once the step succeeded (or waits): the node the run goes on to — the node's `nextNodeId` or the one
     * its executor chose; null when the run ends after it. A reclaimed run follows it past finished steps.
     */
    nextNodeId: text('next_node_id'),
    output: jsonb('output'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.runId, t.nodeId] })],
);
/** A run step row. */
export type WorkflowRunStepRow = typeof workflowRunSteps.$inferSelect;

/** The mail log. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** The RFC 5322 Message-ID, `<…>`. */
    messageId: text('message_id').notNull(),
    /** `"Name" <address>`. */
    fromAddress: text('from_address').notNull(),
    toAddresses: text('to_addresses').array().notNull(),
    ccAddresses: text('cc_addresses').array().notNull(),
    bccAddresses: text('bcc_addresses').array().notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** `smtp` (handed to the SMTP server) or `log` (no SMTP configured: the log is the only copy). */
    transport: text('transport').$type<'smtp' | 'log'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The run that sent it (no foreign key: the log outlives deleted runs); null for a preview. */
    workflowRunId: uuid('workflow_run_id'),
    nodeId: text('node_id'),
    /** Which message of its step: 0 for an email step's one; an approval step's approver index (migration 0005). */
    part: integer('part').notNull().default(0),
    /** The names of the files attached (their bytes are not kept). */
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('mail_messages_org').on(t.organizationId, t.sentAt),
    unique('mail_messages_step').on(t.workflowRunId, t.nodeId, t.part),
  ],
);
/** A mail log row. */
export type MailMessageRow = typeof mailMessages.$inferSelect;

/** A webhook delivery row's state (`WebhookDeliveryStatus` of the API). */
export type WebhookDeliveryRowStatus = WebhookDeliveryStatus;

/**
 * Outgoing webhook subscriptions (`api/workflows-engine/webhooks.ts`): a form's receivers. Deleting one sets
 * `deleted_at` (its delivery log stays). The signing secret is stored encrypted (`domain/webhook-secrets.ts`).
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** The form's workspace (copied from flows at creation, then following its moves, `flow.moved`): decides access. */
    workspaceId: integer('workspace_id').notNull(),
    /** Who created the form (flows' `createdBy`, copied at creation; null: unknown): decides `limited` access. */
    flowCreatedBy: integer('flow_created_by'),
    flowPublicIdentifier: text('flow_public_identifier').notNull(),
    url: text('url').notNull(),
    /** The signing secret, AES-256-GCM encrypted (`v1.<iv>.<tag>.<data>`, base64url; the row id is the AAD). */
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The user who created it (`sub` of the caller's token). */
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_subscriptions_live').on(t.flowPublicIdentifier, t.createdAt).where(sql`deleted_at IS NULL`)],
);
/** A webhook subscription row. */
export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;

/**
 * Webhook deliveries: one per (subscription, submission), the durable queue of the delivery worker
 * (`webhook-worker.ts`) and the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    submissionId: text('submission_id').notNull(),
    /** The `form.submitted` event that queued it. */
    eventId: uuid('event_id').notNull(),
    /** The event's data, from which the body is built; emptied (null) once the delivery is final. */
    payload: jsonb('payload').$type<FormSubmittedData>(),
    status: text('status').$type<WebhookDeliveryRowStatus>().notNull(),
    /** Attempts made (claims: a claim counts even when the worker crashed before the answer). */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending delivery is due (also the end of a claim while it is being sent); null once final. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    /** The last attempt's error, at most WEBHOOK_ERROR_MAX_LENGTH characters; null after a success. */
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('webhook_deliveries_submission').on(t.subscriptionId, t.submissionId),
    index('webhook_deliveries_due').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_log').on(t.subscriptionId, t.createdAt),
  ],
);
/** A webhook delivery row. */
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The engine's own secrets by name, made on first use (`domain/approval-tokens.ts`): `approval-links` — the HMAC key
 * of approval links, base64url of 32 random bytes. Whoever reads this table could also write the runs themselves, so
 * keeping the key here exposes nothing more; deleting the row invalidates every approval link sent so far.
 */
export const engineKeys = pgTable('engine_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
