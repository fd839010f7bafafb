/**
 * The run worker: executes queued workflow runs durably (ARCHITECTURE §1 "Durable time": rows claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED`, so any number of replicas can run and a restart loses nothing).
 *
 * Life of a run:
 * 1. The `form.submitted` consumer inserts it as `queued` (with the inbox row, one transaction) and kicks the
 *    worker; the worker also polls every RUNS_POLL_MS, which catches what a kick missed.
 * 2. A pass claims up to RUNS_CONCURRENCY runs that are `queued`, or `running` with an expired lease (a worker
 *    that crashed or hung), in ONE statement (`UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`):
 *    `status = running`, `attempts + 1`, a fresh `lease_token` (one per pass), `lease_expires_at = now() +
 *    RUN_LEASE_MS`. A run claimed RUN_MAX_ATTEMPTS times without finishing is failed instead.
 * 3. The run is executed node by node from `trigger.nextNodeId` along `nextNodeId`; steps already `succeeded`
 *    (a reclaimed run) are skipped. Every write is fenced by the lease token: a worker whose run was reclaimed
 *    (or deleted) stops at its next write and its transaction rolls back.
 *    - A node whose work stays in the database (an email without SMTP: the mail log row is the delivery; a
 *      node type that fails as unsupported) is committed in ONE fenced statement: the step row with its
 *      outcome, its effect, and — when it is the last node or it failed — the run's end.
 *    - A node with an outside effect (an email over SMTP) first gets a step row `running`, then runs while a
 *      heartbeat extends the lease, then its outcome (and effect) is committed in a fenced transaction.
 * 4. The run ends `succeeded` when a node has no next node, or `failed` at the first failed step.
 *
 * Email nodes and duplicates: the mail log row and the step's `succeeded` are written in ONE fenced
 * statement or transaction, and the log has `UNIQUE (workflow_run_id, node_id)`. Without SMTP the log row IS
 * the delivery, so each email step delivers exactly once. With SMTP the message is handed to the server before
 * that transaction: a crash (or lost lease) after the server accepted it and before the commit makes the
 * reclaimed run send it again — at-least-once, the one duplicate window.
 *
 * Nodes other than `email` fail their step with 'The "<type>" step is not supported yet' and the run fails.
 * An SMTP refusal or timeout fails the step and the run (no automatic retry). Unexpected errors (database
 * down) leave the run `running`; it is reclaimed when its lease expires.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { EmailNodeTemplate, WorkflowNode, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { EmailNodeTemplate as EmailNodeTemplateSchema } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { copy } from '@formloom/contracts/copy';
import { MAX_WORKFLOW_ACTIONS } from '@formloom/contracts/limits';
import { executePrepared, type Db, type Tx } from '@formloom/kit/db';
import { uuidv7 } from '@formloom/kit/ids';
import { mailMessages, workflowRuns, workflowRunSteps, type WorkflowRunRow, type WorkflowRunStepRow } from './db/schema';
import { composeEmail, formatFrom } from './domain/email';
import type { Mailer } from './mailer';
import { GroupCommit } from '@formloom/kit/group-commit';
import { isDatabaseUnavailable } from '@formloom/kit/http';
import { PollingLoop } from '@formloom/kit/polling-loop';
import { contextFromTraceparent, failSpan, inSpan, SpanKind, type Tracer } from '@formloom/kit/telemetry';

/** How a run ended, for metrics (`formloom_workflow_runs_total`, `formloom_workflow_run_duration_seconds`). */
export interface RunFinished {
  runId: string;
  status: 'succeeded' | 'failed';
  /** From the run's first start to its end, in seconds (database clock); 0 when it never started. */
  durationSeconds: number;
}

/** Options of {@link RunWorker}. */
export interface RunWorkerOptions {
  db: Db;
  mailer: Mailer;
  /** The sender address (MAIL_FROM). */
  mailFrom: string;
  /** Poll interval when not kicked (ms). */
  pollMs: number;
  /** How long a claim holds a run without a heartbeat (ms). */
  leaseMs: number;
  /** Claims after which an unfinished run is failed. */
  maxAttempts: number;
  /** Runs executed at once per pass. */
  concurrency: number;
  /** How long a kick waits before its claim, so that runs queued meanwhile join it (ms; default 0). */
  lingerMs?: number;
  /**
   * The service's tracer: each execution of a run is a span `workflow run`, child of the span that queued
   * the run (its `traceparent` column), so the run shows in the submission's trace.
   */
  tracer: Tracer;
  /** Called once per run that ended (succeeded, failed, or given up after RUN_MAX_ATTEMPTS), after commit. */
  onRunFinished?(finished: RunFinished): void;
  log: {
    info(context: object, message?: string): void;
    warn(context: object, message?: string): void;
    error(context: object, message?: string): void;
  };
}

/** Thrown inside a fenced transaction when the run is no longer ours (reclaimed, finished or deleted). */
class LeaseLost extends Error {
  constructor() {
    super('run lease lost');
    this.name = 'LeaseLost';
  }
}

/** The outcome of one node. */
type NodeOutcome = { ok: true; output: unknown } | { ok: false; error: string };

/** What {@link composeEmail} composes. */
type ComposedEmail = Extract<ReturnType<typeof composeEmail>, { ok: true }>['email'];

/** A local node's outcome: the step output and the mail log row to insert, or the step's error. */
type LocalOutcome =
  | { ok: true; output: unknown; mail: typeof mailMessages.$inferInsert & { id: string; messageId: string } }
  | { ok: false; error: string };

/** A walk's outcome; `endedAfterSeconds` (the run's duration) when the run's end is already written. */
type WalkOutcome = ({ ok: true } | { ok: false; error: string }) & { endedAfterSeconds?: number };

/** The columns of a run the worker reads when it claims it. */
type ClaimedRun = Pick<
  WorkflowRunRow,
  'id' | 'workflowId' | 'organizationId' | 'template' | 'triggerData' | 'status' | 'attempts' | 'createdAt' | 'startedAt' | 'finishedAt' | 'traceparent'
>;

/** A claimed run as PostgreSQL returns it (node-postgres parses jsonb; PGlite too; timestamps may be strings). */
interface ClaimedRow {
  id: string;
  workflow_id: string;
  organization_id: number;
  template: WorkflowTemplate;
  trigger_data: FormSubmittedData;
  status: WorkflowRunRow['status'];
  attempts: number;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  traceparent: string | null;
}

/** A run as claimed: its row and the token that fences its writes. */
interface Claimed {
  run: ClaimedRun;
  token: string;
}

function toDate(value: Date | string): Date;
function toDate(value: Date | string | null): Date | null;
function toDate(value: Date | string | null): Date | null {
  return value === null ? null : value instanceof Date ? value : new Date(value);
}

function toClaimedRun(row: ClaimedRow): ClaimedRun {
  return {
    id: row.id,
    workflowId: row.workflow_id,
    organizationId: Number(row.organization_id),
    template: row.template,
    triggerData: row.trigger_data,
    status: row.status,
    attempts: Number(row.attempts),
    createdAt: toDate(row.created_at),
    startedAt: toDate(row.started_at),
    finishedAt: toDate(row.finished_at),
    traceparent: row.traceparent,
  };
}

/** The run worker; see the module doc. `start`/`stop` are driven by the kit (definition.workers). */
export class RunWorker {
  private readonly loop: PollingLoop;
  /**
   * The commits of local nodes ({@link commitLocalNode}) of the runs executing at once, group-committed: the
   * nodes that finish together are written by ONE statement ({@link commitLocalNodes}), fenced per run, so a
   * run whose lease was lost writes nothing and gets no row back without failing the others.
   */
  private readonly nodeCommits: GroupCommit<LocalNodeCommit, number | null | undefined>;

  constructor(private readonly options: RunWorkerOptions) {
    this.nodeCommits = new GroupCommit<LocalNodeCommit, number | null | undefined>({
      name: 'run node commits',
      isolate: (error) => !isDatabaseUnavailable(error),
      maxBatch: 64,
      concurrency: 2,
      write: (batch) => commitLocalNodes(options.db, batch.map((entry) => entry.item), options.leaseMs),
    });
    this.loop = new PollingLoop({
      name: 'run worker',
      pollMs: options.pollMs,
      lingerMs: options.lingerMs,
      log: options.log,
      pass: async () => {
        const claimed = await this.claim();
        await Promise.all(claimed.map((claim) => this.execute(claim)));
        return claimed.length > 0;
      },
    });
  }

  /** Starts polling (and executes what is already queued). */
  start(): void {
    this.loop.start();
  }

  /** Asks for a pass now (after runs were queued). */
  kick(): void {
    this.loop.kick();
  }

  /** Stops polling, waits for the runs in progress, and closes the mailer. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.options.mailer.close();
  }

  /**
   * Claims up to `concurrency` runs in one statement (see the module doc, step 2): the candidates are locked
   * with `FOR UPDATE SKIP LOCKED` (other replicas skip them) and updated in place; those that reached
   * RUN_MAX_ATTEMPTS are failed instead of claimed. All runs of one pass share one fresh lease token (a token
   * fences the writes of one claim of one run: it is always checked together with the run id).
   */
  private async claim(): Promise<Claimed[]> {
    const { db, concurrency, leaseMs, maxAttempts } = this.options;
    const token = uuidv7();
    // Raw SQL: built per pass, and drizzle's query building and row mapping were ~15 % of the engine's CPU.
    const rows = await executePrepared<ClaimedRow>(
      db,
      sql`
        UPDATE workflow_runs r
           SET status = CASE WHEN r.attempts >= ${maxAttempts}::int THEN 'failed' ELSE 'running' END,
               attempts = CASE WHEN r.attempts >= ${maxAttempts}::int THEN r.attempts ELSE r.attempts + 1 END,
               lease_token = CASE WHEN r.attempts >= ${maxAttempts}::int THEN NULL ELSE ${token}::uuid END,
               lease_expires_at = CASE WHEN r.attempts >= ${maxAttempts}::int THEN NULL ELSE ${leaseEnd(leaseMs)} END,
               started_at = CASE WHEN r.attempts >= ${maxAttempts}::int THEN r.started_at ELSE coalesce(r.started_at, now()) END,
               finished_at = CASE WHEN r.attempts >= ${maxAttempts}::int THEN now() ELSE r.finished_at END,
               error = CASE WHEN r.attempts >= ${maxAttempts}::int THEN ${`Gave up after ${maxAttempts} attempts`}::text ELSE r.error END
         WHERE r.id IN (
               SELECT id FROM workflow_runs
                WHERE status = 'queued' OR (status = 'running' AND lease_expires_at < now())
                ORDER BY created_at
                LIMIT ${concurrency}::int
                  FOR UPDATE SKIP LOCKED)
        RETURNING r.id, r.workflow_id, r.organization_id, r.template, r.trigger_data, r.status, r.attempts,
                  r.created_at, r.started_at, r.finished_at, r.traceparent`,
    );
    const runs = rows.map(toClaimedRun);
    const gaveUp = runs.filter((run) => run.status === 'failed');
    if (gaveUp.length > 0) {
      this.options.log.error({ runIds: gaveUp.map((run) => run.id) }, 'run worker: runs failed after too many attempts');
      for (const run of gaveUp) this.options.onRunFinished?.(finished(run.id, 'failed', run.startedAt, run.finishedAt));
    }
    return runs
      .filter((run) => run.status === 'running')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((run) => ({ run, token }));
  }

  /**
   * Runs `fn` in a transaction after checking (and extending) our lease on the run.
   * @throws LeaseLost when the run is no longer ours; the transaction rolls back.
   */
  private async fenced<T>(claim: Claimed, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.options.db.transaction(async (tx) => {
      const [held] = await tx
        .update(workflowRuns)
        .set({ leaseExpiresAt: leaseEnd(this.options.leaseMs) })
        .where(
          and(
            eq(workflowRuns.id, claim.run.id),
            eq(workflowRuns.leaseToken, claim.token),
            eq(workflowRuns.status, 'running'),
          ),
        )
        .returning({ id: workflowRuns.id });
      if (!held) throw new LeaseLost();
      return fn(tx);
    });
  }

  /**
   * Executes one claimed run (see the module doc, steps 3-4) in a span `workflow run` continuing the run's
   * trace. Never throws.
   */
  private async execute(claim: Claimed): Promise<void> {
    const { run } = claim;
    const attributes = {
      'formloom.workflow.id': run.workflowId,
      'formloom.workflow_run.id': run.id,
      'formloom.workflow_run.attempt': run.attempts,
    };
    await inSpan(
      this.options.tracer,
      'workflow run',
      { kind: SpanKind.INTERNAL, parent: contextFromTraceparent(run.traceparent), attributes },
      async (span) => {
        try {
          const outcome = await this.walk(claim);
          const status = outcome.ok ? 'succeeded' : 'failed';
          // The last node's statement usually ended the run already; otherwise end it here.
          const durationSeconds =
            outcome.endedAfterSeconds ??
            (await this.fenced(claim, async (tx) => {
              const [ended] = await tx
                .update(workflowRuns)
                .set({
                  status,
                  error: outcome.ok ? null : outcome.error,
                  finishedAt: sql`now()`,
                  leaseToken: null,
                  leaseExpiresAt: null,
                })
                .where(eq(workflowRuns.id, run.id))
                .returning({ startedAt: workflowRuns.startedAt, finishedAt: workflowRuns.finishedAt });
              return finished(run.id, status, ended?.startedAt ?? null, ended?.finishedAt ?? null).durationSeconds;
            }));
          span.setAttribute('formloom.workflow_run.status', status);
          if (!outcome.ok) failSpan(span, new Error(outcome.error));
          this.options.onRunFinished?.({ runId: run.id, status, durationSeconds });
          this.options.log.info({ runId: run.id, workflowId: run.workflowId, ok: outcome.ok }, 'workflow run finished');
        } catch (error) {
          if (error instanceof LeaseLost) {
            span.setAttribute('formloom.workflow_run.status', 'lease_lost');
            this.options.log.warn({ runId: run.id }, 'run worker: lease lost, leaving the run to its new owner');
            return;
          }
          failSpan(span, error);
          this.options.log.error({ err: error, runId: run.id }, 'run worker: run interrupted; it is retried after its lease');
        }
      },
    );
  }

  /**
   * Walks the nodes; resolves `{ok}` for the run's outcome, with `endedAfterSeconds` when the run's end was
   * already written (with its last node). @throws LeaseLost or database errors.
   */
  private async walk(claim: Claimed): Promise<WalkOutcome> {
    const template: WorkflowTemplate = claim.run.template;
    // A run's steps are written only under a claim: on its first claim there are none to read.
    const existing =
      claim.run.attempts <= 1
        ? []
        : await this.options.db.select().from(workflowRunSteps).where(eq(workflowRunSteps.runId, claim.run.id));
    const previous = new Map<string, WorkflowRunStepRow>(existing.map((step) => [step.nodeId, step]));
    const visited = new Set<string>();
    let nodeId = template.trigger.nextNodeId;
    let seq = 0;
    while (nodeId !== null) {
      if (visited.has(nodeId) || visited.size > MAX_WORKFLOW_ACTIONS) return { ok: false, error: copy.workflows.loopDetected };
      visited.add(nodeId);
      const node = Object.prototype.hasOwnProperty.call(template.nodes, nodeId) ? template.nodes[nodeId] : undefined;
      if (!node) return { ok: false, error: copy.workflows.unknownNode(nodeId) };
      seq += 1;
      const before = previous.get(nodeId);
      if (before?.status === 'succeeded') {
        nodeId = node.nextNodeId;
        continue;
      }
      if (before?.status === 'failed') return { ok: false, error: before.error ?? copy.workflows.nodeNotSupported(node.type) };
      if (!(node.type === 'email' && this.options.mailer.kind === 'smtp')) {
        const startedAt = new Date();
        const local = this.runLocalNode(claim, nodeId, node);
        const ends = !local.ok || node.nextNodeId === null;
        const endedAfterSeconds = await this.commitLocalNode(claim, { nodeId, seq, type: node.type, startedAt, local, ends });
        if (!local.ok) return { ok: false, error: local.error, endedAfterSeconds };
        if (ends) return { ok: true, endedAfterSeconds };
        nodeId = node.nextNodeId;
        continue;
      }
      await this.startStep(claim, nodeId, node, seq, before !== undefined);
      const outcome = await this.withHeartbeat(claim, () => this.runNode(claim, nodeId as string, node));
      if (!outcome.ok) {
        await this.finishStep(claim, nodeId, { ok: false, error: outcome.error });
        return { ok: false, error: outcome.error };
      }
      nodeId = node.nextNodeId;
    }
    return { ok: true };
  }

  /** Records the step as `running` before its node runs (a retry bumps `attempts`). */
  private async startStep(claim: Claimed, nodeId: string, node: WorkflowNode, seq: number, retry: boolean): Promise<void> {
    await this.fenced(claim, async (tx) => {
      if (retry) {
        await tx
          .update(workflowRunSteps)
          .set({ attempts: sql`${workflowRunSteps.attempts} + 1`, startedAt: sql`now()` })
          .where(and(eq(workflowRunSteps.runId, claim.run.id), eq(workflowRunSteps.nodeId, nodeId)));
      } else {
        await tx.insert(workflowRunSteps).values({ runId: claim.run.id, nodeId, seq, type: node.type, status: 'running' });
      }
    });
  }

  /** Marks a step finished (within `tx` when given, else in its own fenced transaction). */
  private async finishStep(claim: Claimed, nodeId: string, outcome: NodeOutcome, tx?: Tx): Promise<void> {
    const write = (db: Tx) =>
      db
        .update(workflowRunSteps)
        .set({
          status: outcome.ok ? 'succeeded' : 'failed',
          output: outcome.ok ? outcome.output : null,
          error: outcome.ok ? null : outcome.error,
          finishedAt: sql`now()`,
        })
        .where(and(eq(workflowRunSteps.runId, claim.run.id), eq(workflowRunSteps.nodeId, nodeId)));
    if (tx) await write(tx);
    else await this.fenced(claim, write);
  }

  /** Extends the lease every third of RUN_LEASE_MS while `fn` runs (a slow SMTP server keeps the claim). */
  private async withHeartbeat<T>(claim: Claimed, fn: () => Promise<T>): Promise<T> {
    const beat = setInterval(() => {
      void this.fenced(claim, async () => undefined).catch(() => undefined);
    }, Math.max(50, Math.floor(this.options.leaseMs / 3)));
    try {
      return await fn();
    } finally {
      clearInterval(beat);
    }
  }

  /** Executes one node. Email nodes finish their own step (with the mail log row); others fail. */
  private async runNode(claim: Claimed, nodeId: string, node: WorkflowNode): Promise<NodeOutcome> {
    if (node.type !== 'email') return { ok: false, error: copy.workflows.nodeNotSupported(node.type) };
    const parsed = EmailNodeTemplateSchema.safeParse(node.template);
    if (!parsed.success) return { ok: false, error: `Invalid email step: ${parsed.error.issues[0]?.message ?? ''}`.trim() };
    return this.sendEmail(claim, nodeId, parsed.data, claim.run.triggerData);
  }

  /**
   * A node whose work stays in the database, computed without writing anything: an email without SMTP (its
   * mail log row and step output), or the failure of a node the engine cannot run.
   */
  private runLocalNode(claim: Claimed, nodeId: string, node: WorkflowNode): LocalOutcome {
    if (node.type !== 'email') return { ok: false, error: copy.workflows.nodeNotSupported(node.type) };
    const parsed = EmailNodeTemplateSchema.safeParse(node.template);
    if (!parsed.success) return { ok: false, error: `Invalid email step: ${parsed.error.issues[0]?.message ?? ''}`.trim() };
    const composed = composeEmail(parsed.data, claim.run.triggerData);
    if (!composed.ok) return composed;
    const { id, messageId, row, output } = this.mailRecord(claim, nodeId, composed.email);
    return { ok: true, output, mail: { ...row, id, messageId } };
  }

  /**
   * Commits a local node (see the module doc, step 3), fenced by the run's lease: extends the lease — or,
   * when `ends`, ends the run (`succeeded` or `failed` with the node's error) — and, only if the run is still
   * ours, upserts the step with its outcome and inserts the mail log row. Group-committed with the nodes of
   * the other runs finishing at once ({@link nodeCommits}). Resolves the run's duration in seconds when it
   * ended it, else undefined. @throws LeaseLost when the run is no longer ours (nothing written).
   */
  private async commitLocalNode(
    claim: Claimed,
    input: { nodeId: string; seq: number; type: string; startedAt: Date; local: LocalOutcome; ends: boolean },
  ): Promise<number | undefined> {
    const result = await this.nodeCommits.submit({ runId: claim.run.id, token: claim.token, ...input });
    if (result === undefined) throw new LeaseLost();
    return input.ends ? Math.max(0, result ?? 0) : undefined;
  }

  /** The mail log row and step output of an email (a new id and Message-ID). */
  private mailRecord(claim: Claimed, nodeId: string, email: ComposedEmail) {
    const { mailer, mailFrom } = this.options;
    const id = uuidv7();
    const messageId = `<${id}@${mailFrom.split('@')[1] ?? 'formloom.local'}>`;
    const row = {
      organizationId: claim.run.organizationId,
      fromAddress: formatFrom(email.fromName, mailFrom),
      toAddresses: email.to,
      ccAddresses: email.cc,
      bccAddresses: email.bcc,
      replyTo: email.replyTo,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      transport: mailer.kind,
      workflowRunId: claim.run.id,
      nodeId,
    };
    const output = {
      to: email.to,
      subject: email.subject,
      messageId,
      ...(email.skipped.length > 0 ? { skipped: email.skipped } : {}),
    };
    return { id, messageId, row, output };
  }

  /** The email node over SMTP (see the module doc "Email nodes and duplicates"). */
  private async sendEmail(
    claim: Claimed,
    nodeId: string,
    template: EmailNodeTemplate,
    data: FormSubmittedData,
  ): Promise<NodeOutcome> {
    const composed = composeEmail(template, data);
    if (!composed.ok) return composed;
    const { email } = composed;
    const { mailer, mailFrom } = this.options;
    const { id, messageId, row, output } = this.mailRecord(claim, nodeId, email);
    if (mailer.kind === 'smtp') {
      try {
        await mailer.send({
          messageId,
          from: { name: email.fromName, address: mailFrom },
          to: email.to,
          cc: email.cc,
          bcc: email.bcc,
          replyTo: email.replyTo,
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
      } catch (error) {
        return { ok: false, error: `SMTP: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
    await this.fenced(claim, async (tx) => {
      await tx
        .insert(mailMessages)
        .values({ ...row, id, messageId })
        .onConflictDoNothing();
      await this.finishStep(claim, nodeId, { ok: true, output }, tx);
    });
    return { ok: true, output };
  }
}

/** A local node's commit: which run (and the lease token fencing it), the node, and its outcome. */
interface LocalNodeCommit {
  runId: string;
  token: string;
  nodeId: string;
  seq: number;
  type: string;
  startedAt: Date;
  local: LocalOutcome;
  /** The node is the run's last (or failed): the run ends with it. */
  ends: boolean;
}

/**
 * Writes the commits of several local nodes (of different runs) in ONE statement: a data-modifying CTE over
 * `jsonb_to_recordset` that, per run still held under its lease token, extends the lease or ends the run,
 * upserts the step (a reclaimed run's step gets `attempts + 1`) and inserts the mail log row. Resolves, per
 * commit in order: the run's duration in seconds when it ended it (`null` when unknown), `null` when it only
 * extended the lease, `undefined` when the lease was lost (nothing written for that run).
 * @throws on database errors (nothing is written then)
 */
async function commitLocalNodes(
  db: Db,
  commits: readonly LocalNodeCommit[],
  leaseMs: number,
): Promise<(number | null | undefined)[]> {
  const rows = commits.map((commit) => {
    const { local } = commit;
    const mail = local.ok ? local.mail : undefined;
    return {
      run_id: commit.runId,
      token: commit.token,
      ends: commit.ends,
      ok: local.ok,
      error: local.ok ? null : local.error,
      node_id: commit.nodeId,
      seq: commit.seq,
      type: commit.type,
      output: local.ok ? (local.output ?? null) : null,
      started_at: commit.startedAt.toISOString(),
      mail_id: mail?.id ?? null,
      organization_id: mail?.organizationId ?? null,
      message_id: mail?.messageId ?? null,
      from_address: mail?.fromAddress ?? null,
      to_addresses: mail?.toAddresses ?? [],
      cc_addresses: mail?.ccAddresses ?? [],
      bcc_addresses: mail?.bccAddresses ?? [],
      reply_to: mail?.replyTo ?? null,
      subject: mail?.subject ?? null,
      body_text: mail?.bodyText ?? null,
      body_html: mail?.bodyHtml ?? null,
      transport: mail?.transport ?? null,
    };
  });
  const held = await executePrepared<{ id: string; duration_s: number | string | null }>(
    db,
    sql`
      WITH e AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(
          run_id uuid, token uuid, ends boolean, ok boolean, error text, node_id text, seq int, type text,
          output jsonb, started_at timestamptz, mail_id uuid, organization_id int, message_id text,
          from_address text, to_addresses jsonb, cc_addresses jsonb, bcc_addresses jsonb, reply_to text,
          subject text, body_text text, body_html text, transport text)
      ), held AS (
        UPDATE workflow_runs r
           SET status = CASE WHEN e.ends THEN CASE WHEN e.ok THEN 'succeeded' ELSE 'failed' END ELSE r.status END,
               error = CASE WHEN e.ends THEN CASE WHEN e.ok THEN NULL ELSE e.error END ELSE r.error END,
               finished_at = CASE WHEN e.ends THEN now() ELSE r.finished_at END,
               lease_token = CASE WHEN e.ends THEN NULL ELSE r.lease_token END,
               lease_expires_at = CASE WHEN e.ends THEN NULL ELSE ${leaseEnd(leaseMs)} END
          FROM e
         WHERE r.id = e.run_id AND r.lease_token = e.token AND r.status = 'running'
        RETURNING r.id, CASE WHEN e.ends THEN extract(epoch FROM (r.finished_at - r.started_at))::float8 END AS duration_s
      ), step AS (
        INSERT INTO workflow_run_steps (run_id, node_id, seq, type, status, output, error, started_at, finished_at)
        SELECT e.run_id, e.node_id, e.seq, e.type, CASE WHEN e.ok THEN 'succeeded' ELSE 'failed' END,
               e.output, e.error, e.started_at, now()
          FROM held JOIN e ON e.run_id = held.id
        ON CONFLICT (run_id, node_id) DO UPDATE
          SET status = excluded.status, output = excluded.output, error = excluded.error,
              started_at = excluded.started_at, finished_at = excluded.finished_at,
              attempts = workflow_run_steps.attempts + 1
      ), mail AS (
        INSERT INTO mail_messages (id, organization_id, message_id, from_address, to_addresses, cc_addresses,
                                   bcc_addresses, reply_to, subject, body_text, body_html, transport,
                                   workflow_run_id, node_id)
        SELECT e.mail_id, e.organization_id, e.message_id, e.from_address, ${textArrayOf(sql`e.to_addresses`)},
               ${textArrayOf(sql`e.cc_addresses`)}, ${textArrayOf(sql`e.bcc_addresses`)}, e.reply_to, e.subject,
               e.body_text, e.body_html, e.transport, e.run_id, e.node_id
          FROM held JOIN e ON e.run_id = held.id
         WHERE e.ok AND e.mail_id IS NOT NULL
        ON CONFLICT DO NOTHING
      )
      SELECT id, duration_s FROM held`,
  );
  const byRun = new Map(held.map((row) => [row.id, row.duration_s === null ? null : Number(row.duration_s)]));
  return commits.map((commit) => (byRun.has(commit.runId) ? (byRun.get(commit.runId) ?? null) : undefined));
}

/** A {@link RunFinished} from the run's timestamps. */
function finished(runId: string, status: RunFinished['status'], startedAt: Date | null, finishedAt: Date | null): RunFinished {
  const durationSeconds = startedAt && finishedAt ? Math.max(0, (finishedAt.getTime() - startedAt.getTime()) / 1000) : 0;
  return { runId, status, durationSeconds };
}

/** The JSON array of strings `json` (a SQL expression) as a SQL `text[]`, in order. */
function textArrayOf(json: SQL) {
  return sql`ARRAY(SELECT value FROM jsonb_array_elements_text(${json}) WITH ORDINALITY AS t (value, n) ORDER BY n)`;
}

/** `now() + ms` as SQL. */
function leaseEnd(ms: number) {
  return sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;
}
