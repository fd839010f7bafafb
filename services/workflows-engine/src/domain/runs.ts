/**
 * Workflow runs: queuing runs for a trigger event, and the run worker's claim and step commits. What users read and
 * do with runs is in `run-history.ts` (list, detail, stats) and `run-actions.ts` (retry, test runs, deletion).
 *
 * A run is queued in the consumer's transaction (with the inbox row), so an event is turned into runs exactly
 * once; `UNIQUE (workflow_id, trigger_event_id)` and a unique `(workflow_id, submission_id)` guard the same
 * again at the table. The run keeps a copy of the published template and of the event's data, so the worker
 * needs nothing else and later edits do not change a queued run.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { RunMode } from '@formloom/contracts/api/workflows-engine/runs';
import { executePrepared, rowsOf, type Db, type Tx } from '@formloom/kit/db';
import type { RunRowStatus } from '../db/schema';
import type { MailRecord } from './mail';

/** One `form.submitted` event to queue runs for, with the trace context its runs continue. */
export interface SubmissionTrigger {
  event: EventEnvelope;
  data: FormSubmittedData;
  /** Stored on each run: its execution continues this trace (default: the event's `traceparent`). */
  traceparent?: string;
}

/**
 * A claim taken by the consumer that queues runs (see {@link queueSubmissionRuns}): the lease token that fences
 * the runs' writes and the lease's length (ms, RUN_LEASE_MS).
 */
export interface RunLease {
  token: string;
  leaseMs: number;
}

/** The columns of a {@link ClaimedRunRow}, as the claim and the claimed insert return them. */
const CLAIMED_RUN_COLUMNS = sql.raw(
  'id, workflow_id, organization_id, template, trigger_data, status, attempts, created_at, started_at, finished_at, traceparent, due_at, mode, retries',
);

/** What {@link queueSubmissionRuns} queued: every run's id, and the rows of the runs it inserted claimed. */
export interface QueuedRuns {
  runIds: string[];
  /** The runs inserted `running` under the lease (empty without one), as the worker's claim returns them. */
  claimed: ClaimedRunRow[];
}

/**
 * Queues one run per workflow that listens to each submission: active, published, whose published trigger
 * is `formSubmission` on `data.flowPublicIdentifier`, in the event's organization. A (workflow, event) or
 * (workflow, submission) pair that already has a run is skipped.
 *
 * With a `lease` (the worker has room to execute them now) the runs are inserted already claimed — `running`,
 * first attempt, under the lease — and their rows are returned, so the worker executes them without a claim
 * statement and each run row is written twice instead of three times (insert, end). Should the process stop
 * before it executes them, they are claimed again once the lease expires, like any interrupted run.
 *
 * One statement for all the triggers (`INSERT … SELECT … FROM jsonb_to_recordset(…) JOIN workflows`, the hot
 * path of every submission, group-committed by the kit's consumer): the listening workflows are chosen and
 * their runs inserted in the same round trip. Run ids are UUIDv7 made in SQL ({@link SQL_UUIDV7}) since the
 * number of listening workflows is not known beforehand. @throws on database errors (nothing is queued then).
 */
export async function queueSubmissionRuns(tx: Tx, triggers: readonly SubmissionTrigger[], lease?: RunLease): Promise<QueuedRuns> {
  if (triggers.length === 0) return { runIds: [], claimed: [] };
  const rows = triggers.map(({ event, data, traceparent }) => ({
    event_id: event.id,
    organization_id: event.tenant.organizationId,
    flow: data.flowPublicIdentifier,
    submission_id: data.submissionId,
    data,
    traceparent: traceparent ?? event.traceparent ?? null,
  }));
  const claim = lease
    ? sql`'running', 1, ${lease.token}::uuid, ${leaseEnd(lease.leaseMs)}, now()`
    : sql`'queued', 0, NULL::uuid, NULL::timestamptz, NULL::timestamptz`;
  const returning = lease ? CLAIMED_RUN_COLUMNS : sql`id`;
  const inserted = rowsOf<ClaimedRunRow>(
    await tx.execute(sql`
      INSERT INTO workflow_runs (id, workflow_id, organization_id, trigger_event_id, submission_id, template,
                                 trigger_data, traceparent, status, attempts, lease_token, lease_expires_at, started_at)
      SELECT ${SQL_UUIDV7}, w.id, w.organization_id, e.event_id, e.submission_id, w.published_template, e.data,
             e.traceparent, ${claim}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS e(event_id uuid, organization_id int, flow text, submission_id text, data jsonb, traceparent text)
        JOIN workflows w
          ON w.flow_public_identifier = e.flow
         AND w.organization_id = e.organization_id
       WHERE w.is_active
         AND w.published_template IS NOT NULL
         AND w.published_template -> 'trigger' ->> 'type' = 'formSubmission'
         AND w.published_template -> 'trigger' -> 'template' ->> 'flowPublicIdentifier' = e.flow
      ON CONFLICT DO NOTHING
      RETURNING ${returning}`),
  );
  return { runIds: inserted.map((row) => row.id), claimed: lease ? inserted : [] };
}

/**
 * A UUIDv7 (RFC 9562) made by the database (also used by `timed-triggers.ts`): a random (v4) UUID whose first 48 bits are replaced by the Unix
 * time in milliseconds and whose version bits are set to 7. PostgreSQL 15 and PGlite have no `uuidv7()`.
 */
export const SQL_UUIDV7 = sql`encode(
  set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    placing substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
  52, 1), 53, 1), 'hex')::uuid`;

/** A claimed run as the claim returns it (node-postgres and PGlite parse jsonb; timestamps may be strings). */
export interface ClaimedRunRow {
  id: string;
  workflow_id: string;
  organization_id: number;
  template: WorkflowTemplate;
  trigger_data: FormSubmittedData;
  status: RunRowStatus;
  attempts: number;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  traceparent: string | null;
  due_at: Date | string | null;
  /** `live`, or `edit` for a test run. */
  mode: RunMode;
  /** Retries a user asked for (`run-actions.ts` `retryRun`): a retried run has steps already. */
  retries: number;
}

/** Input of {@link claimRuns}. */
export interface ClaimInput {
  /** At most this many runs are claimed (RUNS_CONCURRENCY). */
  limit: number;
  /** The claim's lease (ms, RUN_LEASE_MS). */
  leaseMs: number;
  /** Runs already claimed this many times are failed instead (RUN_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** The lease token of this claim (a new UUID per pass). */
  token: string;
}

/**
 * Claims up to `limit` runs in ONE statement (ARCHITECTURE §1 "Durable time"): `waiting` runs whose due time
 * has come (oldest due first, partial index `workflow_runs_due`), then `queued` runs and `running` runs whose
 * lease expired (oldest first, partial index `workflow_runs_claimable`), each set locked with
 * `FOR UPDATE SKIP LOCKED` (other replicas skip them) and updated in place: `running`, `attempts + 1`, the
 * lease `token` until `now() + leaseMs`. A run already claimed `maxAttempts` times is failed instead ('Gave up
 * after N attempts'). Returns the rows as updated. @throws on database errors (nothing is claimed then).
 */
export async function claimRuns(db: Db, input: ClaimInput): Promise<ClaimedRunRow[]> {
  const { limit, leaseMs, maxAttempts, token } = input;
  // Raw SQL as a named prepared statement: drizzle's query building and row mapping were ~15 % of the
  // engine's CPU (docs/benchmarks.md).
  return executePrepared<ClaimedRunRow>(
    db,
    sql`
      WITH due AS (
        SELECT id, due_at FROM workflow_runs
         WHERE status = 'waiting' AND due_at <= now()
         ORDER BY due_at
         LIMIT ${limit}::int
           FOR UPDATE SKIP LOCKED
      ), ready AS (
        SELECT id, created_at FROM workflow_runs
         WHERE status = 'queued' OR (status = 'running' AND lease_expires_at < now())
         ORDER BY created_at
         LIMIT ${limit}::int
           FOR UPDATE SKIP LOCKED
      )
      UPDATE workflow_runs r
         SET status = CASE WHEN r.attempts >= ${maxAttempts}::int THEN 'failed' ELSE 'running' END,
             attempts = CASE WHEN r.attempts >= ${maxAttempts}::int THEN r.attempts ELSE r.attempts + 1 END,
             lease_token = CASE WHEN r.attempts >= ${maxAttempts}::int THEN NULL ELSE ${token}::uuid END,
             lease_expires_at = CASE WHEN r.attempts >= ${maxAttempts}::int THEN NULL ELSE ${leaseEnd(leaseMs)} END,
             started_at = CASE WHEN r.attempts >= ${maxAttempts}::int THEN r.started_at ELSE coalesce(r.started_at, now()) END,
             finished_at = CASE WHEN r.attempts >= ${maxAttempts}::int THEN now() ELSE r.finished_at END,
             error = CASE WHEN r.attempts >= ${maxAttempts}::int THEN ${`Gave up after ${maxAttempts} attempts`}::text ELSE r.error END
       WHERE r.id IN (
             SELECT id FROM (SELECT id, 0 AS rank, due_at AS at FROM due
                             UNION ALL SELECT id, 1, created_at FROM ready) AS candidates
              ORDER BY rank, at
              LIMIT ${limit}::int)
      RETURNING ${CLAIMED_RUN_COLUMNS}`,
  );
}

/**
 * In how many ms the next waiting run comes due (a delay, a timed trigger, a retry), by the database's clock;
 * 0 or less when one is due already, `null` when no run waits. One index lookup (partial index
 * `workflow_runs_due`): the worker asks it after an idle pass so that it wakes at that time instead of up to
 * RUNS_POLL_MS later (docs/benchmarks.md §11).
 */
export async function nextDueInMs(db: Db): Promise<number | null> {
  const [row] = await executePrepared<{ ms: number | string | null }>(
    db,
    sql`SELECT extract(epoch FROM (min(due_at) - now())) * 1000 AS ms FROM workflow_runs WHERE status = 'waiting'`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/**
 * One step's commit (see {@link commitSteps}): the run and the lease token fencing it, the node, and what
 * the node gave.
 */
export interface StepCommit {
  runId: string;
  token: string;
  nodeId: string;
  /** 1-based position of the step in the run. */
  seq: number;
  type: string;
  /** When the step started (used when the step has no row yet). */
  startedAt: Date;
  /** The step already has its row (written `running` before an outside effect, or `waiting`). */
  started: boolean;
  /** The step's state: `succeeded`, `failed`, or `waiting` (until `dueAt`). */
  status: 'succeeded' | 'failed' | 'waiting';
  output: unknown;
  error: string | null;
  /** The node the run goes on to (`null`: it ends after this step). */
  next: string | null;
  /** The run ends with this step (it failed, or succeeded with no next node). */
  ends: boolean;
  /** When a waiting step's run is due. */
  dueAt: Date | null;
  /**
   * The mail log rows the step sends (an email step's one, an approval step's one per approver): written when the
   * step succeeds or waits, each at most once per (step, part).
   */
  mails: readonly MailRecord[];
}

/**
 * Writes the commits of several steps (of one or more runs; a run's consecutive steps in the order they ran) in ONE
 * statement: a data-modifying CTE over `jsonb_to_recordset` that, per run still held under its lease token
 * (`running`), as its LAST step in the batch (highest `seq`) says, either extends the lease,
 * ends the run (`succeeded` or `failed` with the step's error, lease cleared) or makes it wait (`waiting`
 * until `dueAt`, lease cleared, claim count reset); upserts the step (a retried step gets `attempts + 1`, a
 * step that already had its row keeps its start and count) and inserts its mail log rows (a step that succeeds or
 * waits; one per (step, part), so a repeated commit adds none) — for every step of the batch. Resolves, per commit
 * in order (the same for every step of a run): the run's duration in seconds when it ended it (`null` when unknown), `null` when the run goes
 * on or waits, `undefined` when the lease was lost (nothing written for that run).
 * @throws on database errors (nothing is written then)
 */
export async function commitSteps(db: Db, commits: readonly StepCommit[], leaseMs: number): Promise<(number | null | undefined)[]> {
  const rows = commits.map((commit) => {
    return {
      run_id: commit.runId,
      token: commit.token,
      ends: commit.ends,
      status: commit.status,
      error: commit.error,
      node_id: commit.nodeId,
      seq: commit.seq,
      type: commit.type,
      output: commit.output ?? null,
      next_node_id: commit.next,
      started: commit.started,
      started_at: commit.startedAt.toISOString(),
      due_at: commit.dueAt?.toISOString() ?? null,
      mails: commit.mails.map((mail) => ({
        mail_id: mail.id,
        organization_id: mail.organizationId,
        message_id: mail.messageId,
        from_address: mail.fromAddress,
        to_addresses: mail.toAddresses,
        cc_addresses: mail.ccAddresses,
        bcc_addresses: mail.bccAddresses,
        reply_to: mail.replyTo ?? null,
        subject: mail.subject,
        body_text: mail.bodyText,
        body_html: mail.bodyHtml,
        transport: mail.transport,
        part: mail.part ?? 0,
        attachments: mail.attachments ?? [],
      })),
    };
  });
  const held = await executePrepared<{ id: string; duration_s: number | string | null }>(
    db,
    sql`
      WITH e AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(
          run_id uuid, token uuid, ends boolean, status text, error text, node_id text, seq int, type text,
          output jsonb, next_node_id text, started boolean, started_at timestamptz, due_at timestamptz,
          mails jsonb)
      ), last AS (
        SELECT DISTINCT ON (run_id) * FROM e ORDER BY run_id, seq DESC
      ), held AS (
        UPDATE workflow_runs r
           SET status = CASE WHEN e.ends OR e.status = 'waiting' THEN e.status ELSE r.status END,
               error = CASE WHEN e.ends THEN e.error ELSE r.error END,
               finished_at = CASE WHEN e.ends THEN now() ELSE r.finished_at END,
               lease_token = CASE WHEN e.ends OR e.status = 'waiting' THEN NULL ELSE r.lease_token END,
               lease_expires_at = CASE WHEN e.ends OR e.status = 'waiting' THEN NULL ELSE ${leaseEnd(leaseMs)} END,
               due_at = CASE WHEN e.status = 'waiting' THEN e.due_at ELSE r.due_at END,
               attempts = CASE WHEN e.status = 'waiting' THEN 0 ELSE r.attempts END
          FROM last e
         WHERE r.id = e.run_id AND r.lease_token = e.token AND r.status = 'running'
        RETURNING r.id, CASE WHEN e.ends THEN extract(epoch FROM (r.finished_at - r.started_at))::float8 END AS duration_s
      ), step AS (
        -- attempts: 1 for a new row; on conflict the increment (0 when the step already had its row).
        INSERT INTO workflow_run_steps (run_id, node_id, seq, type, status, output, error, next_node_id, attempts,
                                        started_at, finished_at)
        SELECT e.run_id, e.node_id, e.seq, e.type, e.status, e.output, e.error, e.next_node_id,
               CASE WHEN e.started THEN 0 ELSE 1 END, e.started_at,
               CASE WHEN e.status = 'waiting' THEN NULL ELSE now() END
          FROM held JOIN e ON e.run_id = held.id
        ON CONFLICT (run_id, node_id) DO UPDATE
          SET status = excluded.status, output = excluded.output, error = excluded.error,
              next_node_id = excluded.next_node_id,
              started_at = CASE WHEN excluded.attempts = 0 THEN workflow_run_steps.started_at ELSE excluded.started_at END,
              finished_at = excluded.finished_at,
              attempts = workflow_run_steps.attempts + excluded.attempts
      ), mail AS (
        INSERT INTO mail_messages (id, organization_id, message_id, from_address, to_addresses, cc_addresses,
                                   bcc_addresses, reply_to, subject, body_text, body_html, transport,
                                   workflow_run_id, node_id, part, attachments)
        SELECT m.mail_id, m.organization_id, m.message_id, m.from_address, ${textArrayOf(sql`m.to_addresses`)},
               ${textArrayOf(sql`m.cc_addresses`)}, ${textArrayOf(sql`m.bcc_addresses`)}, m.reply_to, m.subject,
               m.body_text, m.body_html, m.transport, e.run_id, e.node_id, m.part,
               ${textArrayOf(sql`m.attachments`)}
          FROM held JOIN e ON e.run_id = held.id
               CROSS JOIN LATERAL jsonb_to_recordset(e.mails) AS m(
                 mail_id uuid, organization_id int, message_id text, from_address text, to_addresses jsonb,
                 cc_addresses jsonb, bcc_addresses jsonb, reply_to text, subject text, body_text text,
                 body_html text, transport text, part int, attachments jsonb)
         WHERE e.status IN ('succeeded', 'waiting')
        ON CONFLICT DO NOTHING
      )
      SELECT id, duration_s FROM held`,
  );
  const byRun = new Map(held.map((row) => [row.id, row.duration_s === null ? null : Number(row.duration_s)]));
  return commits.map((commit) => (byRun.has(commit.runId) ? (byRun.get(commit.runId) ?? null) : undefined));
}

/** The JSON array of strings `json` (a SQL expression) as a SQL `text[]`, in order. */
function textArrayOf(json: SQL) {
  return sql`ARRAY(SELECT value FROM jsonb_array_elements_text(${json}) WITH ORDINALITY AS t (value, n) ORDER BY n)`;
}

/** `now() + ms` as SQL: the end of a lease taken or extended now. */
export function leaseEnd(ms: number): SQL {
  return sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;
}
