/**
 * Outgoing webhooks (`@formloom/contracts/api/workflows-engine/webhooks`; what Fillout offers integrators): a
 * form's subscriptions and their deliveries. Plain functions over the database; access checks are the routes'
 * job, sending is the delivery worker's (`webhook-worker.ts`).
 *
 * - A subscription belongs to a form (its public identifier); the form's organization and workspace are copied
 *   at creation and decide access ever after; when the form moves to another workspace (`flow.moved`) its
 *   subscriptions follow ({@link moveFlowSubscriptions}). Deleting sets `deleted_at` (the delivery log stays readable to
 *   nobody through the API, but the rows explain what was sent) and fails its pending deliveries.
 * - `form.submitted` inserts one delivery per live subscription of the form ({@link queueWebhookDeliveries}) in
 *   the consumer's transaction, with its inbox row: an event is turned into deliveries exactly once, and
 *   `UNIQUE (subscription_id, submission_id)` refuses a second delivery of the same submission (a copy of the
 *   event under another id).
 * - A delivery is `pending` until the receiver answers 2xx (`delivered`) or the last attempt failed (`failed`);
 *   attempts are spaced by {@link retryDelayMs}. The row is the source of truth: a crash or a bus outage loses
 *   nothing, a delivery interrupted mid-send is sent again after its claim expires (at least once; receivers
 *   drop repeats by `Formloom-Delivery-Id`).
 */
import { and, asc, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Webhook, WebhookDeliveriesQuery, WebhookDelivery } from '@formloom/contracts/api/workflows-engine/webhooks';
import * as copy from '@formloom/contracts/copy';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { MAX_WEBHOOKS_PER_FORM } from '@formloom/contracts/limits';
import { executePrepared, rowsOf, type Db, type DbOrTx, type Tx } from '@formloom/kit/db';
import { conflict } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { webhookDeliveries, webhookSubscriptions, type WebhookDeliveryRow, type WebhookSubscriptionRow } from '../db/schema';
import { newWebhookSecret, type SecretBox } from './webhook-secrets';

/** The longest error text a delivery keeps (characters; longer ones are cut with '…'). */
export const WEBHOOK_ERROR_MAX_LENGTH = 500;

/** The API shape of a subscription (never its secret). */
export function toWebhook(row: WebhookSubscriptionRow): Webhook {
  return { id: row.id, formId: row.flowPublicIdentifier, url: row.url, createdAt: row.createdAt.toISOString() };
}

/** The API shape of a delivery (times ISO 8601; `nextAttemptAt` only while pending). */
export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    submissionId: row.submissionId,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The form a subscription is made for, as flows describes it. */
export interface WebhookFlow {
  publicIdentifier: string;
  workspaceId: number;
  organizationId: number;
  /** Its creator (null: unknown), kept on the subscription for `limited` access. */
  createdBy: number | null;
}

/** Input of {@link createSubscription}. */
export interface CreateSubscriptionInput {
  flow: WebhookFlow;
  /** The receiver's URL, already checked by the outbound guard. */
  url: string;
  /** The creating user's id. */
  createdBy: number;
}

/**
 * Creates a subscription of `input.url` to the form with a new signing secret, stored encrypted with `box`. The
 * form's live subscriptions are counted under a transaction-level advisory lock on the form, so concurrent
 * creations cannot pass MAX_WEBHOOKS_PER_FORM together.
 * @returns the subscription's id and its secret in clear (the only time it is shown).
 * @throws 409 `copy.webhooks.maxWebhooks` when the form already has MAX_WEBHOOKS_PER_FORM live subscriptions.
 */
export async function createSubscription(db: Db, box: SecretBox, input: CreateSubscriptionInput): Promise<{ id: string; secret: string }> {
  const id = uuidv7();
  const secret = newWebhookSecret();
  const secretEncrypted = box.encrypt(secret, id);
  await db.transaction(async (tx) => {
    const pid = input.flow.publicIdentifier;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${pid}`}))`);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.flowPublicIdentifier, pid), isNull(webhookSubscriptions.deletedAt)));
    if ((counted?.count ?? 0) >= MAX_WEBHOOKS_PER_FORM) throw conflict(copy.webhooks.maxWebhooks(MAX_WEBHOOKS_PER_FORM));
    await tx.insert(webhookSubscriptions).values({
      id,
      organizationId: input.flow.organizationId,
      workspaceId: input.flow.workspaceId,
      flowCreatedBy: input.flow.createdBy,
      flowPublicIdentifier: pid,
      url: input.url,
      secretEncrypted,
      createdBy: input.createdBy,
    });
  });
  return { id, secret };
}

/** The live (not deleted) subscription with `id`, or `undefined`. */
export async function findLiveSubscription(db: DbOrTx, id: string): Promise<WebhookSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), isNull(webhookSubscriptions.deletedAt)))
    .limit(1);
  return row;
}

/** The live subscriptions of a form in an organization, oldest first. */
export async function listSubscriptions(db: DbOrTx, flowPublicIdentifier: string, organizationId: number): Promise<WebhookSubscriptionRow[]> {
  return db
    .select()
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.flowPublicIdentifier, flowPublicIdentifier),
        eq(webhookSubscriptions.organizationId, organizationId),
        isNull(webhookSubscriptions.deletedAt),
      ),
    )
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
}

/**
 * Deletes subscriptions (sets `deleted_at`) and fails their pending deliveries ('The webhook was deleted before
 * this delivery was sent'), in one transaction: nothing more is sent to them. A delivery being sent at that
 * moment may still arrive; its outcome is not recorded. Returns how many subscriptions it deleted.
 */
async function softDelete(tx: Tx, where: SQL | undefined): Promise<number> {
  const deleted = await tx
    .update(webhookSubscriptions)
    .set({ deletedAt: sql`now()` })
    .where(and(where, isNull(webhookSubscriptions.deletedAt)))
    .returning({ id: webhookSubscriptions.id });
  if (deleted.length === 0) return 0;
  await tx.execute(sql`
    UPDATE webhook_deliveries
       SET status = 'failed', next_attempt_at = NULL, payload = NULL, last_error = ${copy.webhooks.deletedBeforeDelivery}
     WHERE status = 'pending'
       AND subscription_id IN (SELECT id FROM jsonb_to_recordset(${JSON.stringify(deleted)}::jsonb) AS d(id uuid))`);
  return deleted.length;
}

/** Deletes the live subscription `id` (see {@link softDelete}); false when there was none. */
export async function deleteSubscription(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => (await softDelete(tx, eq(webhookSubscriptions.id, id))) > 0);
}

/**
 * Deletes every live subscription of a deleted form in its organization (the `flow.deleted` consumer, inside its
 * transaction).
 */
export async function deleteFlowSubscriptions(tx: Tx, flowPublicIdentifier: string, organizationId: number): Promise<void> {
  await softDelete(
    tx,
    and(eq(webhookSubscriptions.flowPublicIdentifier, flowPublicIdentifier), eq(webhookSubscriptions.organizationId, organizationId)),
  );
}

/**
 * Moves every subscription of form `flowPublicIdentifier` in `organizationId` to workspace `workspaceId` (the
 * `flow.moved` consumer, inside its transaction; spec 000 §4 "Dragging": the form's workspace decides access).
 * Deleted subscriptions move too (the column keeps meaning "the form's workspace"); rows already there are left
 * alone, so applying the same move again writes nothing. Returns how many subscriptions it moved.
 */
export async function moveFlowSubscriptions(tx: Tx, flowPublicIdentifier: string, organizationId: number, workspaceId: number): Promise<number> {
  const moved = await tx
    .update(webhookSubscriptions)
    .set({ workspaceId })
    .where(
      and(
        eq(webhookSubscriptions.flowPublicIdentifier, flowPublicIdentifier),
        eq(webhookSubscriptions.organizationId, organizationId),
        ne(webhookSubscriptions.workspaceId, workspaceId),
      ),
    )
    .returning({ id: webhookSubscriptions.id });
  return moved.length;
}

/** One page of a subscription's deliveries, newest first. */
export async function listDeliveries(db: DbOrTx, subscriptionId: string, page: WebhookDeliveriesQuery): Promise<WebhookDelivery[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toDelivery);
}

/** One `form.submitted` event to deliver to the form's webhooks. */
export interface WebhookTrigger {
  event: EventEnvelope;
  data: FormSubmittedData;
}

/**
 * Inserts one `pending` delivery, due now, per live subscription of each submitted form (same organization), in
 * ONE statement (`INSERT … SELECT … FROM jsonb_to_recordset(…) JOIN webhook_subscriptions`) — inside the
 * consumer's transaction, with its inbox row. A (subscription, submission) pair that already has a delivery is
 * skipped. Delivery ids are UUIDv7 made in SQL. Returns how many deliveries it inserted.
 * @throws on database errors (nothing is inserted then).
 */
export async function queueWebhookDeliveries(tx: Tx, triggers: readonly WebhookTrigger[]): Promise<number> {
  if (triggers.length === 0) return 0;
  const rows = triggers.map(({ event, data }) => ({
    event_id: event.id,
    organization_id: event.tenant.organizationId,
    flow: data.flowPublicIdentifier,
    submission_id: data.submissionId,
    data,
  }));
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO webhook_deliveries (id, subscription_id, organization_id, submission_id, event_id, payload, status,
                                      next_attempt_at)
      SELECT ${SQL_UUIDV7}, s.id, s.organization_id, e.submission_id, e.event_id, e.data, 'pending', now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS e(event_id uuid, organization_id int, flow text, submission_id text, data jsonb)
        JOIN webhook_subscriptions s
          ON s.flow_public_identifier = e.flow
         AND s.organization_id = e.organization_id
         AND s.deleted_at IS NULL
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return inserted.length;
}

/**
 * A UUIDv7 (RFC 9562) made by the database (PostgreSQL 15 and PGlite have no `uuidv7()`): a random UUID whose
 * first 48 bits are the Unix time in milliseconds, version bits 7.
 */
const SQL_UUIDV7 = sql`encode(
  set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    placing substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
  52, 1), 53, 1), 'hex')::uuid`;

/**
 * The wait before the attempt after attempt number `attempts` failed (ms): `baseMs · 2^(attempts-1)`, at most
 * `maxMs` — with the defaults 1, 2, 4, 8, 16, 32 minutes, then 1 hour.
 * @param attempts the attempts made so far (≥ 1).
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(baseMs * 2 ** exponent, maxMs);
}

/** `text` cut to {@link WEBHOOK_ERROR_MAX_LENGTH} characters (the last one '…' when cut). */
export function truncateError(text: string): string {
  return text.length <= WEBHOOK_ERROR_MAX_LENGTH ? text : `${text.slice(0, WEBHOOK_ERROR_MAX_LENGTH - 1)}…`;
}

/**
 * The JSON body of a delivery, in the shape of Fillout's webhooks: `{formId, formName, submission:
 * {submissionId, submissionTime, questions, urlParameters, calculations?, quiz?}}` — `formId` is the form's
 * public identifier, `questions` every question of the live form `{id, name, type, value, displayValue?}`,
 * `urlParameters` its hidden fields (`[]` when none), `calculations` and `quiz` only when the event has them.
 */
export function webhookBody(data: FormSubmittedData): string {
  return JSON.stringify({
    formId: data.flowPublicIdentifier,
    formName: data.flowName,
    submission: {
      submissionId: data.submissionId,
      submissionTime: data.submissionTime,
      questions: data.questions,
      urlParameters: data.urlParameters ?? [],
      ...(data.calculations === undefined ? {} : { calculations: data.calculations }),
      ...(data.quiz === undefined ? {} : { quiz: data.quiz }),
    },
  });
}

/** A delivery as the worker's claim returns it: what to send, where, and with which (encrypted) secret. */
export interface ClaimedDelivery {
  id: string;
  subscription_id: string;
  submission_id: string;
  payload: FormSubmittedData | null;
  /** The attempt this claim is (attempts so far, this one included). */
  attempts: number;
  /** `send`, or why the claim ended the delivery instead: its subscription was deleted, or it had no attempts left. */
  verdict: 'send' | 'deleted' | 'gave_up';
  url: string;
  secret_encrypted: string;
}

/** Input of {@link claimDeliveries}. */
export interface ClaimDeliveriesInput {
  /** At most this many deliveries (WEBHOOK_CONCURRENCY). */
  limit: number;
  /** How long the claim holds a delivery (ms, WEBHOOK_LEASE_MS): it is due again after that unless its outcome is written. */
  leaseMs: number;
  /** Deliveries already attempted this many times are failed instead (WEBHOOK_MAX_ATTEMPTS). */
  maxAttempts: number;
}

/**
 * Claims up to `limit` due deliveries in ONE statement: `pending` ones whose `next_attempt_at` has come (oldest
 * first, partial index `webhook_deliveries_due`), locked with `FOR UPDATE SKIP LOCKED` (other replicas skip
 * them), each updated in place: `attempts + 1` and `next_attempt_at = now() + leaseMs` — the claim: should the
 * worker stop before it writes the outcome, the delivery is due again then. A delivery whose subscription is
 * deleted, or already attempted `maxAttempts` times (the worker stopped during its last attempt), is failed
 * instead (`verdict` says which). Returns the rows as updated, with their subscription's URL and secret.
 * @throws on database errors (nothing is claimed then).
 */
export async function claimDeliveries(db: Db, input: ClaimDeliveriesInput): Promise<ClaimedDelivery[]> {
  const { limit, leaseMs, maxAttempts } = input;
  const rows = await executePrepared<ClaimedDelivery>(
    db,
    sql`
      WITH due AS (
        SELECT id FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at
         LIMIT ${limit}::int
           FOR UPDATE SKIP LOCKED
      ), verdict AS (
        SELECT d.id,
               CASE WHEN s.deleted_at IS NOT NULL THEN 'deleted'
                    WHEN d.attempts >= ${maxAttempts}::int THEN 'gave_up'
                    ELSE 'send' END AS verdict
          FROM due JOIN webhook_deliveries d ON d.id = due.id JOIN webhook_subscriptions s ON s.id = d.subscription_id
      )
      UPDATE webhook_deliveries d
         SET status = CASE WHEN v.verdict = 'send' THEN 'pending' ELSE 'failed' END,
             attempts = CASE WHEN v.verdict = 'send' THEN d.attempts + 1 ELSE d.attempts END,
             next_attempt_at = CASE WHEN v.verdict = 'send'
                                    THEN now() + make_interval(secs => ${leaseMs / 1000}::double precision) END,
             payload = CASE WHEN v.verdict = 'send' THEN d.payload END,
             last_error = CASE v.verdict WHEN 'deleted' THEN ${copy.webhooks.deletedBeforeDelivery}::text
                                         WHEN 'gave_up' THEN ${copy.webhooks.gaveUp(maxAttempts)}::text
                                         ELSE d.last_error END
        FROM verdict v, webhook_subscriptions s
       WHERE d.id = v.id AND s.id = d.subscription_id
      RETURNING d.id, d.subscription_id, d.submission_id, d.payload, d.attempts, v.verdict, s.url, s.secret_encrypted`,
  );
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

/** What an attempt came to (see {@link recordAttempt}). */
export type AttemptOutcome =
  | { kind: 'delivered'; statusCode: number }
  | { kind: 'failed'; statusCode: number | null; error: string };

/** Options of {@link recordAttempt}: the retry schedule (ms) and the attempts allowed. */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

/**
 * Writes the outcome of attempt `attempts` of delivery `id`, fenced: only while the delivery is still `pending`
 * at that attempt (a deleted subscription, or a claim that expired and was taken again, makes it a no-op).
 * Delivered → `delivered`, `delivered_at`, payload emptied; failed → its status code and error (truncated), and
 * either the next attempt after {@link retryDelayMs} or, after `maxAttempts`, `failed` with the payload emptied.
 * Returns the delivery's status after the write, or `null` when the fence held nothing.
 */
export async function recordAttempt(
  db: DbOrTx,
  delivery: { id: string; attempts: number },
  outcome: AttemptOutcome,
  policy: RetryPolicy,
): Promise<'delivered' | 'pending' | 'failed' | null> {
  const fence = and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, 'pending'),
    eq(webhookDeliveries.attempts, delivery.attempts),
  );
  if (outcome.kind === 'delivered') {
    const done = await db
      .update(webhookDeliveries)
      .set({
        status: 'delivered',
        lastStatusCode: outcome.statusCode,
        lastError: null,
        deliveredAt: sql`now()`,
        nextAttemptAt: null,
        payload: null,
      })
      .where(fence)
      .returning({ id: webhookDeliveries.id });
    return done.length > 0 ? 'delivered' : null;
  }
  const final = delivery.attempts >= policy.maxAttempts;
  const delayMs = retryDelayMs(delivery.attempts, policy.baseMs, policy.maxMs);
  const done = await db
    .update(webhookDeliveries)
    .set({
      status: final ? 'failed' : 'pending',
      lastStatusCode: outcome.statusCode,
      lastError: truncateError(outcome.error),
      nextAttemptAt: final ? null : sql`now() + make_interval(secs => ${delayMs / 1000}::double precision)`,
      ...(final ? { payload: null } : {}),
    })
    .where(fence)
    .returning({ id: webhookDeliveries.id });
  return done.length > 0 ? (final ? 'failed' : 'pending') : null;
}
