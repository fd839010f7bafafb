/**
 * The run worker: executes workflow runs durably (ARCHITECTURE §1 "Durable time": rows claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED`, so any number of replicas can run and a restart loses nothing). It never
 * names a node type: each node is run by its type's executor (`nodes/registry.ts`, `nodes/executor.ts`).
 *
 * Life of a run:
 * 1. The `form.submitted` consumer inserts it with the inbox row, in one transaction. When this instance's worker
 *    has room (fewer than RUNS_CONCURRENCY runs executing), the run is inserted already claimed under a lease
 *    the worker gave (`running`, first attempt; {@link RunWorker.lease}) and handed to the worker after commit
 *    ({@link RunWorker.adopt}): no claim statement, and the run row is written twice (insert, end) instead of
 *    three times. Otherwise it is inserted `queued` and the worker is kicked; the worker also polls every
 *    RUNS_POLL_MS, which catches what a kick missed — or sooner, when a waiting run comes due before that
 *    (`nextDueInMs`, asked after an idle pass).
 * 2. A pass claims up to RUNS_CONCURRENCY runs in ONE statement (`domain/runs.ts` `claimRuns`): `waiting` runs
 *    whose due time has come, then `queued` runs and `running` runs with an expired lease (a worker that
 *    crashed or hung): `status = running`, `attempts + 1`, a fresh `lease_token` (one per pass),
 *    `lease_expires_at = now() + RUN_LEASE_MS`. A run claimed RUN_MAX_ATTEMPTS times (since it was queued or
 *    last resumed) without finishing is failed instead.
 * 3. The run is executed node by node from `trigger.nextNodeId`. Steps already `succeeded` (a reclaimed run)
 *    are skipped, following the node each of them went on to; a `waiting` step whose run is due succeeds
 *    without running again. Every write is fenced by the lease token: a worker whose run was reclaimed (or
 *    deleted) stops at its next write and writes nothing.
 *    - A node whose executor is local for the configured services (its effect stays in the database: an
 *      email without SMTP, whose mail log row is the delivery; a filter, a branch, a code step), and a node type
 *      without an executor (its step fails with 'The "<type>" step is not supported yet'), writes nothing when
 *      it runs. The run's consecutive local steps are committed together in ONE fenced statement
 *      (`commitSteps`) with the step that ends the run, fails, waits or precedes a node with an outside effect:
 *      their step rows with their outcomes, their effects, and the run's end or wait. A crash before that
 *      statement loses computations only; the next claim runs those steps again. The statement is shared by the
 *      runs committing at once.
 *    - A node with an outside effect (an email over SMTP) first gets a step row `running`, then runs while a
 *      heartbeat extends the lease, then its outcome and effects are committed by the same statement.
 * 4. The node's outcome (`NodeOutcome`): `next` goes on to the node's `nextNodeId` or the node its executor
 *    chose (recorded on the step); `wait` leaves the run `waiting` until its due time (step 2 resumes it: the
 *    waiting step then ends as its executor's `resume` says — by default it succeeds as it was); `fail` fails the
 *    step and the run. The run ends `succeeded` when it goes on to no node. A wait may be ended early from outside
 *    the worker: an approval's decision rewrites the waiting step's output and next node and makes the run due now,
 *    in one transaction (`domain/approvals.ts`), and the next pass resumes it like any due run.
 *    chose (recorded on the step); `wait` leaves the run `waiting` until its due time (step 2 resumes it);
 *    `fail` fails the step and the run. The run ends `succeeded` when it goes on to no node.
 * 5. A user's retry of a failed run (`domain/run-actions.ts` `retryRun`) resets its failed step to `queued` and
 *    queues the run (claims from 0, `retries + 1`) in one transaction. The next claim walks it like a reclaimed
 *    run: succeeded steps are skipped along their recorded next node, never run again; the reset step runs again
 *    as a retry of its row (`attempts + 1`), fenced by the new claim's lease. A test run (`mode = 'edit'`, the
 *    draft on a stored submission) is queued and walked like any run.
 *
 * Effects and duplicates: a local step's effects (mail log rows, `UNIQUE (workflow_run_id, node_id, part)`) and
 * its `succeeded` are written by one statement, so it happens exactly once. An outside effect happens before
 * its commit: a crash (or lost lease) after it and before the commit repeats it when the run is reclaimed —
 * at-least-once, the one duplicate window. An executor's `fail` (an SMTP refusal or timeout) fails the step
 * and the run (no automatic retry). Unexpected errors (database down) leave the run `running`; it is
 * reclaimed when its lease expires.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { WorkflowNode, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import * as copy from '@formloom/contracts/copy';
import { MAX_WORKFLOW_ACTIONS } from '@formloom/contracts/limits';
import { registryOf, type Registry } from '@formloom/contracts/workflows/define';
import type { Db, Tx } from '@formloom/kit/db';
import { uuidv7 } from '@formloom/kit/ids';
import { workflowRuns, workflowRunSteps, type WorkflowRunRow, type WorkflowRunStepRow } from './db/schema';
import { submissionContext } from './domain/email';
import { claimRuns, commitSteps, leaseEnd, nextDueInMs, type ClaimedRunRow, type RunLease, type StepCommit } from './domain/runs';
import type { Mailer } from '@formloom/kit/mail';
import type { MailRecord } from './domain/mail';
import type { ApprovalLinkSigner } from './domain/approval-tokens';
import type { AiProvider } from './ai-provider';
import type { RateLimit } from '@formloom/kit/rate-limit';
import type { SubmissionFilesApi } from './flows-client';
import type { IntegrationsApi } from './integrations-client';
import type { NodeExecutor, NodeOutcome, NodeServices, OutboundServices, StepInput } from './nodes/executor';
import { CodeSandbox } from './sandbox/code-sandbox';
import { WEBHOOK_NODE_RETRY_BASE_MS } from '@formloom/contracts/limits';
import { NODE_EXECUTORS } from './nodes/registry';
import { resumeAsWaited, stepIdempotencyKey, type StepEffects } from './nodes/executor';
import { GroupCommit } from '@formloom/kit/group-commit';
import { isDatabaseUnavailable } from '@formloom/kit/http';
import { PollingLoop } from '@formloom/kit/polling-loop';
import { contextFromTraceparent, failSpan, inSpan, SpanKind, type Tracer } from '@formloom/kit/telemetry';

/** ours: the shortest wait before looking again for a due waiting run after an idle pass (ms). */
const DUE_RECHECK_MS = 20;

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
  /** The per-recipient limit of workflow email to addresses from answers (see `NodeServices.recipientLimit`). */
  recipientLimit?: RateLimit;
  /** The product's public origin (PUBLIC_URL), for links in mail (see `NodeServices.publicUrl`). */
  publicUrl?: string;
  /** Signs approval links (see `NodeServices.approvalLinks`). */
  approvalLinks?: ApprovalLinkSigner;
  /** The AI provider of `ai` steps (see `NodeServices.ai`); absent: AI steps fail as not configured. */
  ai?: AiProvider;
  /** A submission's files for email attachments (see `NodeServices.files`). */
  files?: SubmissionFilesApi;
  /** The integrations service (see `NodeServices.integrations`). */
  integrations?: IntegrationsApi;
  /**
   * Outbound HTTP of the webhook node (see `NodeServices.outbound`): the operator's allowed hosts (default none),
   * a resolver (default the system's) and the retry wait (default WEBHOOK_NODE_RETRY_BASE_MS).
   */
  outbound?: Partial<OutboundServices>;
  /**
   * The code node's sandbox (`sandbox/code-sandbox.ts`), owned by the caller (the service stops it). Default: one
   * of the worker's own with one thread, stopped with the worker.
   */
  codeSandbox?: CodeSandbox;
  /** Poll interval when not kicked (ms); a waiting run resumes at the first pass after its due time. */
  pollMs: number;
  /** How long a claim holds a run without a heartbeat (ms). */
  leaseMs: number;
  /** Claims after which an unfinished run is failed (counted since it was queued or last resumed). */
  maxAttempts: number;
  /** Runs executed at once per pass. */
  concurrency: number;
  /** How long a kick waits before its claim, so that runs queued meanwhile join it (ms; default 0). */
  lingerMs?: number;
  /**
   * The node executors, one per node type (default `NODE_EXECUTORS`, `nodes/registry.ts`); tests add their
   * own. @throws Error from the constructor when two share a type.
   */
  executors?: readonly NodeExecutor[];
  /**
   * The service's tracer: each execution of a run is a span `workflow run`, child of the span that queued
   * the run (its `traceparent` column), so the run shows in the submission's trace.
   */
  tracer: Tracer;
  /**
   * Asked once before a run's first step (`triggers/registry.ts`: its trigger type's check): a reason to drop the
   * run instead of running it — a formAbandoned run whose respondent finished the form meanwhile — or `null`. A
   * dropped run is deleted (it should never have existed). @throws like an unexpected error of a step: the run is
   * claimed again after its lease.
   */
  beforeFirstStep?(run: { template: WorkflowTemplate; triggerData: ClaimedRunRow['trigger_data'] }): Promise<string | null>;
  /** Called once per run that ended (succeeded, failed, or given up after RUN_MAX_ATTEMPTS), after commit. */
  onRunFinished?(finished: RunFinished): void;
  log: {
    info(context: object, message?: string): void;
    warn(context: object, message?: string): void;
    error(context: object, message?: string): void;
  };
}

/** Thrown inside a fenced write when the run is no longer ours (reclaimed, finished or deleted). */
class LeaseLost extends Error {
  constructor() {
    super('run lease lost');
    this.name = 'LeaseLost';
  }
}

/**
 * A walk's outcome: the run ended (`succeeded`, or `failed` with `error`) or waits; `endedAfterSeconds` (the
 * run's duration) when the run's end is already written.
 */
type WalkOutcome =
  | { status: 'succeeded'; endedAfterSeconds?: number }
  | { status: 'failed'; error: string; endedAfterSeconds?: number }
  | { status: 'waiting' }
  | { status: 'dropped'; reason: string };

/** The columns of a run the worker reads when it claims it. */
type ClaimedRun = Pick<
  WorkflowRunRow,
  | 'id'
  | 'workflowId'
  | 'organizationId'
  | 'template'
  | 'triggerData'
  | 'status'
  | 'attempts'
  | 'createdAt'
  | 'startedAt'
  | 'finishedAt'
  | 'traceparent'
  | 'dueAt'
  | 'mode'
  | 'retries'
>;

/** A run as claimed: its row and the token that fences its writes. */
interface Claimed {
  run: ClaimedRun;
  token: string;
}

/** One node of a walk: its id and position, and the node. */
interface WalkStep {
  nodeId: string;
  seq: number;
  node: WorkflowNode;
}

function toDate(value: Date | string): Date;
function toDate(value: Date | string | null): Date | null;
function toDate(value: Date | string | null): Date | null {
  return value === null ? null : value instanceof Date ? value : new Date(value);
}

function toClaimedRun(row: ClaimedRunRow): ClaimedRun {
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
    dueAt: toDate(row.due_at),
    mode: row.mode,
    retries: Number(row.retries),
  };
}

/** The run worker; see the module doc. `start`/`stop` are driven by the kit (definition.workers). */
export class RunWorker {
  private readonly loop: PollingLoop;
  /**
   * The step commits of the runs executing at once, group-committed: the steps that finish together are
   * written by ONE statement (`commitSteps`), fenced per run, so a run whose lease was lost writes nothing and
   * gets no row back without failing the others.
   */
  /** One item: the steps of one run to commit together (see `walk`); its result is that run's (`commitSteps`). */
  private readonly stepCommits: GroupCommit<StepCommit[], number | null | undefined>;
  /** The executors by node type. */
  private readonly executors: Registry<NodeExecutor>;
  /** What executors may use. */
  private readonly services: NodeServices;
  /** The sandbox the worker made itself (no `codeSandbox` option): stopped with it. */
  private readonly ownSandbox: CodeSandbox | null;
  /** Runs executing now (claimed by a pass or adopted), against `concurrency`. */
  private inFlight = 0;
  /** The executions of adopted runs (a pass awaits its own). */
  private readonly adopted = new Set<Promise<void>>();
  /** Between `start` and `stop`: consumers may insert runs claimed for this worker. */
  private accepting = false;
  /** Runs were queued while the worker was full: claim them when an adopted run finishes. */
  private queuedWhileFull = false;

  constructor(private readonly options: RunWorkerOptions) {
    this.executors = registryOf(options.executors ?? NODE_EXECUTORS);
    this.ownSandbox = options.codeSandbox ? null : new CodeSandbox({ log: options.log });
    this.services = {
      mailer: options.mailer,
      mailFrom: options.mailFrom,
      recipientLimit: options.recipientLimit,
      publicUrl: options.publicUrl,
      approvalLinks: options.approvalLinks,
      ai: options.ai,
      files: options.files,
      integrations: options.integrations,
      outbound: {
        allowedHosts: options.outbound?.allowedHosts ?? [],
        lookup: options.outbound?.lookup,
        retryBaseMs: options.outbound?.retryBaseMs ?? WEBHOOK_NODE_RETRY_BASE_MS,
      },
      codeSandbox: options.codeSandbox ?? this.ownSandbox!,
    };
    this.stepCommits = new GroupCommit<StepCommit[], number | null | undefined>({
      name: 'run step commits',
      isolate: (error) => !isDatabaseUnavailable(error),
      maxBatch: 64,
      concurrency: 2,
      write: async (batch) => {
        const results = await commitSteps(options.db, batch.flatMap((entry) => entry.item), options.leaseMs);
        // One result per step; every step of an item is one run's and shares its result: the item's last.
        let index = 0;
        return batch.map((entry) => {
          index += entry.item.length;
          return results[index - 1];
        });
      },
    });
    this.loop = new PollingLoop({
      name: 'run worker',
      pollMs: options.pollMs,
      lingerMs: options.lingerMs,
      log: options.log,
      pass: async () => {
        const room = this.options.concurrency - this.inFlight;
        if (room <= 0) {
          this.queuedWhileFull = true;
          return false;
        }
        const claimed = await this.claim(room);
        this.inFlight += claimed.length;
        await Promise.all(claimed.map((claim) => this.execute(claim).finally(() => (this.inFlight -= 1))));
        return claimed.length > 0;
      },
      // A waiting run (a delay) is resumed at its due time, not up to RUNS_POLL_MS after it. Not while every slot
      // is taken (a finishing run kicks the loop), and never sooner than DUE_RECHECK_MS: a due run another replica
      // holds (SKIP LOCKED) must not make this one spin.
      nextWorkInMs: async () => {
        if (this.inFlight >= this.options.concurrency) return null;
        const next = await nextDueInMs(options.db);
        return next === null ? null : Math.max(DUE_RECHECK_MS, next);
      },
    });
  }

  /** Starts polling (and executes what is already queued or due); consumers may insert runs claimed from now. */
  start(): void {
    this.accepting = true;
    this.loop.start();
  }

  /** Asks for a pass now (after runs were queued). */
  kick(): void {
    if (this.inFlight >= this.options.concurrency) this.queuedWhileFull = true;
    this.loop.kick();
  }

  /**
   * A lease for runs a consumer is about to insert, claimed for this worker (see the module doc, step 1): a
   * fresh token and RUN_LEASE_MS while the worker runs and fewer than RUNS_CONCURRENCY runs are executing;
   * `undefined` otherwise (queue them). The runs inserted under it must be handed to {@link adopt} after
   * commit. Consumers applying batches at the same moment can each get one, so the worker may briefly execute
   * more than RUNS_CONCURRENCY runs (by at most those batches' runs).
   */
  lease(): RunLease | undefined {
    if (!this.accepting || this.inFlight >= this.options.concurrency) return undefined;
    return { token: uuidv7(), leaseMs: this.options.leaseMs };
  }

  /**
   * Executes runs a consumer inserted claimed under `lease` (after its transaction committed). After `stop`
   * they are left as they are: their lease expires and a worker claims them again.
   */
  adopt(rows: readonly ClaimedRunRow[], lease: RunLease): void {
    if (!this.accepting) return;
    for (const row of rows) {
      this.inFlight += 1;
      const execution: Promise<void> = this.execute({ run: toClaimedRun(row), token: lease.token }).finally(() => {
        this.inFlight -= 1;
        this.adopted.delete(execution);
        if (this.queuedWhileFull && this.accepting) {
          this.queuedWhileFull = false;
          this.loop.kick();
        }
      });
      this.adopted.add(execution);
    }
  }

  /** Stops polling and adopting, waits for the runs in progress, and closes the mailer (and its own sandbox). */
  async stop(): Promise<void> {
    this.accepting = false;
    await this.loop.stop();
    await Promise.all([...this.adopted]);
    this.options.mailer.close();
    await this.ownSandbox?.stop();
  }

  /**
   * Claims up to `limit` runs in one statement (see the module doc, step 2). All runs of one pass share
   * one fresh lease token (a token fences the writes of one claim of one run: it is always checked together
   * with the run id). Runs given up after RUN_MAX_ATTEMPTS are reported as finished and not executed.
   */
  private async claim(limit: number): Promise<Claimed[]> {
    const { db, leaseMs, maxAttempts } = this.options;
    const token = uuidv7();
    const runs = (await claimRuns(db, { limit, leaseMs, maxAttempts, token })).map(toClaimedRun);
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
          if (outcome.status === 'waiting') {
            span.setAttribute('formloom.workflow_run.status', 'waiting');
            this.options.log.info({ runId: run.id, workflowId: run.workflowId }, 'workflow run waiting');
            return;
          }
          if (outcome.status === 'dropped') {
            span.setAttribute('formloom.workflow_run.status', 'dropped');
            this.options.log.info({ runId: run.id, workflowId: run.workflowId, reason: outcome.reason }, 'workflow run dropped before its first step');
            return;
          }
          const { status } = outcome;
          const error = outcome.status === 'failed' ? outcome.error : null;
          // The last node's statement usually ended the run already; otherwise end it here.
          const durationSeconds =
            outcome.endedAfterSeconds ??
            (await this.fenced(claim, async (tx) => {
              const [ended] = await tx
                .update(workflowRuns)
                .set({ status, error, finishedAt: sql`now()`, leaseToken: null, leaseExpiresAt: null })
                .where(eq(workflowRuns.id, run.id))
                .returning({ startedAt: workflowRuns.startedAt, finishedAt: workflowRuns.finishedAt });
              return finished(run.id, status, ended?.startedAt ?? null, ended?.finishedAt ?? null).durationSeconds;
            }));
          span.setAttribute('formloom.workflow_run.status', status);
          if (error !== null) failSpan(span, new Error(error));
          this.options.onRunFinished?.({ runId: run.id, status, durationSeconds });
          this.options.log.info({ runId: run.id, workflowId: run.workflowId, ok: error === null }, 'workflow run finished');
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
   * Walks the nodes (see the module doc, steps 3-4); resolves the run's outcome, with `endedAfterSeconds` when
   * the run's end was already written with its last step. @throws LeaseLost or database errors.
   */
  private async walk(claim: Claimed): Promise<WalkOutcome> {
    const template: WorkflowTemplate = claim.run.template;
    // A run's steps are written only under a claim: on the first claim of a run that never waited and was never
    // retried there are none.
    const existing =
      claim.run.attempts <= 1 && claim.run.dueAt === null && claim.run.retries === 0
        ? []
        : await this.options.db.select().from(workflowRunSteps).where(eq(workflowRunSteps.runId, claim.run.id));
    if (existing.length === 0 && this.options.beforeFirstStep) {
      const reason = await this.options.beforeFirstStep({ template, triggerData: claim.run.triggerData });
      if (reason !== null) {
        await this.fenced(claim, (tx) => tx.delete(workflowRuns).where(eq(workflowRuns.id, claim.run.id)));
        return { status: 'dropped', reason };
      }
    }
    const previous = new Map<string, WorkflowRunStepRow>(existing.map((step) => [step.nodeId, step]));
    const visited = new Set<string>();
    // The outputs of the steps so far, by node id: later nodes read them as `nodes.<id>.<field>` (contracts `logic.ts`).
    const outputs: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    let nodeId = template.trigger.nextNodeId;
    let seq = 0;
    /** Steps run but not committed yet (local ones that went on; see below). */
    const pending: StepCommit[] = [];
    while (nodeId !== null) {
      // The steps that ran are committed before the run ends on a problem of the graph itself.
      const stop = async (error: string): Promise<WalkOutcome> => {
        if (pending.length > 0) await this.commit(pending.splice(0));
        return { status: 'failed', error };
      };
      if (visited.has(nodeId) || visited.size > MAX_WORKFLOW_ACTIONS) return stop(copy.workflows.loopDetected);
      visited.add(nodeId);
      const node = Object.prototype.hasOwnProperty.call(template.nodes, nodeId) ? template.nodes[nodeId] : undefined;
      if (!node) return stop(copy.workflows.unknownNode(nodeId));
      seq += 1;
      const before = previous.get(nodeId);
      if (before?.status === 'succeeded') {
        outputs[nodeId] = before.output;
        nodeId = before.nextNodeId;
        continue;
      }
      // A run ends with its failed step in the same statement, and a retry resets that step to `queued` before it
      // queues the run again: a claimed run never meets a failed step. Should one be there, the run fails again.
      if (before?.status === 'failed') return stop(before.error ?? copy.workflows.nodeNotSupported(node.type));
      const step: WalkStep = { nodeId, seq, node };
      // A node with an outside effect starts with its step row written `running`: the local steps before it are
      // committed first, so that what a retry finds done is done.
      const executor = this.executors.find(node.type);
      const local = before?.status === 'waiting' || !executor || executor.local(this.services);
      if (!local && pending.length > 0) await this.commit(pending.splice(0));
      // A step reset by a retry (`queued`), or interrupted (`running`), runs again below as a retry of its row
      // (`attempts + 1`), under this claim's lease like any step.
      // A waiting step whose run was claimed again is due: it ends as its executor's `resume` says (by default it
      // succeeds as it was), without running again.
      const ran: { outcome: NodeOutcome; started: boolean; startedAt: Date } =
        before?.status === 'waiting'
          ? { outcome: this.resume(node, before), started: true, startedAt: before.startedAt }
          : await this.runNode(claim, step, executor, local, before !== undefined, outputs);
      const { outcome } = ran;
      const next = outcome.kind === 'fail' ? null : outcome.next === undefined ? node.nextNodeId : outcome.next;
      const ends = outcome.kind === 'fail' || (outcome.kind === 'next' && next === null);
      pending.push({
        runId: claim.run.id,
        token: claim.token,
        nodeId,
        seq,
        type: node.type,
        startedAt: ran.startedAt,
        started: ran.started,
        status: outcome.kind === 'next' ? 'succeeded' : outcome.kind === 'fail' ? 'failed' : 'waiting',
        output: outcome.kind === 'fail' ? null : (outcome.output ?? null),
        error: outcome.kind === 'fail' ? outcome.error : null,
        next,
        ends,
        dueAt: outcome.kind === 'wait' ? outcome.until : null,
        mails: outcome.kind === 'fail' ? [] : effectMails(outcome.effects),
      });
      // Local steps that go on are kept in memory and committed with the next step that ends, waits, fails or
      // reaches outside: a crash before that commit loses only computations, which the next claim repeats (a
      // local step's effects, such as a mail log row, are written by the same statement, so never twice).
      if (outcome.kind === 'next' && !ends && local) {
        outputs[nodeId] = outcome.output ?? null;
        nodeId = next;
        continue;
      }
      const result = await this.commit(pending.splice(0));
      const endedAfterSeconds = ends ? Math.max(0, result ?? 0) : undefined;
      if (outcome.kind === 'fail') return { status: 'failed', error: outcome.error, endedAfterSeconds };
      if (outcome.kind === 'wait') return { status: 'waiting' };
      outputs[nodeId] = outcome.output ?? null;
      if (ends) return { status: 'succeeded', endedAfterSeconds };
      nodeId = next;
    }
    if (pending.length > 0) await this.commit(pending.splice(0));
    return { status: 'succeeded' };
  }

  /**
   * Commits `steps` (one run's, in order) in the next group commit; resolves the run's duration when the last step
   * ended it (`null` when it goes on or waits). @throws LeaseLost when the run is no longer held.
   */
  private async commit(steps: StepCommit[]): Promise<number | null> {
    const result = await this.stepCommits.submit(steps);
    if (result === undefined) throw new LeaseLost();
    return result;
  }

  /** How a due waiting step of `node` ends: its executor's `resume`, or (no executor) it succeeds as it was. */
  private resume(node: WorkflowNode, waiting: WorkflowRunStepRow): NodeOutcome {
    const step = { output: waiting.output, next: waiting.nextNodeId };
    return this.executors.find(node.type)?.resume(step) ?? resumeAsWaited(step);
  }

  /**
   * Runs one node with its type's executor (see the module doc, step 3): a type without an executor fails as
   * not supported; a local executor only computes; an outside one runs after its step row is written
   * `running` (a retry bumps its `attempts`), under a heartbeat. Resolves the outcome, whether the step row
   * exists already, and when the step started. `executor` and `local`: as `walk` looked them up for the node.
   * `outputs`: the earlier steps' outputs by node id (the logic context's `nodes`). @throws LeaseLost or database errors.
   */
  private async runNode(
    claim: Claimed,
    step: WalkStep,
    executor: NodeExecutor | undefined,
    local: boolean,
    retry: boolean,
    outputs: Record<string, unknown>,
  ): Promise<{ outcome: NodeOutcome; started: boolean; startedAt: Date }> {
    const startedAt = new Date();
    if (!executor) return { outcome: { kind: 'fail', error: copy.workflows.nodeNotSupported(step.node.type) }, started: false, startedAt };
    const { run } = claim;
    const input: StepInput = {
      run: { id: run.id, workflowId: run.workflowId, organizationId: run.organizationId, attempts: run.attempts },
      trigger: { type: run.template.trigger.type, data: run.triggerData },
      logic: { ...submissionContext(run.triggerData), nodes: { ...outputs } },
      nodeId: step.nodeId,
      idempotencyKey: stepIdempotencyKey(run.id, step.nodeId),
      node: step.node,
      services: this.services,
    };
    // A local step writes nothing before it commits; one that takes a while (a code step queued for the sandbox's
    // thread) keeps the run's lease with the same heartbeat (nothing is written when it is quick).
    if (local) return { outcome: await this.withHeartbeat(claim, () => executor.run(input)), started: false, startedAt };
    await this.startStep(claim, step, retry);
    return { outcome: await this.withHeartbeat(claim, () => executor.run(input)), started: true, startedAt };
  }

  /** Records the step as `running` before its node runs (a retry — after a crash or a user's retry — bumps `attempts`). */
  private async startStep(claim: Claimed, step: WalkStep, retry: boolean): Promise<void> {
    await this.fenced(claim, async (tx) => {
      if (retry) {
        await tx
          .update(workflowRunSteps)
          .set({ status: 'running', error: null, finishedAt: null, attempts: sql`${workflowRunSteps.attempts} + 1`, startedAt: sql`now()` })
          .where(and(eq(workflowRunSteps.runId, claim.run.id), eq(workflowRunSteps.nodeId, step.nodeId)));
      } else {
        await tx.insert(workflowRunSteps).values({ runId: claim.run.id, nodeId: step.nodeId, seq: step.seq, type: step.node.type, status: 'running' });
      }
    });
  }

  /**
   * Extends the lease every third of RUN_LEASE_MS while `fn` runs (a slow SMTP server, or a code step waiting for the
   * sandbox, keeps the claim).
   */
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
}

/** The mail log rows of a step's effects: its `mail`, then its `mails`. */
function effectMails(effects: StepEffects | undefined): MailRecord[] {
  if (!effects) return [];
  return [...(effects.mail ? [effects.mail] : []), ...(effects.mails ?? [])];
}

/** A {@link RunFinished} from the run's timestamps. */
function finished(runId: string, status: RunFinished['status'], startedAt: Date | null, finishedAt: Date | null): RunFinished {
  const durationSeconds = startedAt && finishedAt ? Math.max(0, (finishedAt.getTime() - startedAt.getTime()) / 1000) : 0;
  return { runId, status, durationSeconds };
}
