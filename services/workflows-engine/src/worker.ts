/**
 * The run worker: executes queued workflow runs durably (ARCHITECTURE §1 "Durable time": rows claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED`, so any number of replicas can run and a restart loses nothing).
 *
 * Life of a run:
 * 1. The `form.submitted` consumer inserts it as `queued` (with the inbox row, one transaction) and kicks the
 *    worker; the worker also polls every RUNS_POLL_MS, which catches what a kick missed.
 * 2. A pass claims up to RUNS_CONCURRENCY runs that are `queued`, or `running` with an expired lease (a worker
 *    that crashed or hung): `status = running`, `attempts + 1`, a fresh `lease_token`, `lease_expires_at =
 *    now() + RUN_LEASE_MS`. A run claimed RUN_MAX_ATTEMPTS times without finishing is failed instead.
 * 3. The run is executed node by node from `trigger.nextNodeId` along `nextNodeId`. Each node gets a step row
 *    (`running`) before it starts; steps already `succeeded` (a reclaimed run) are skipped. While a node runs
 *    a heartbeat extends the lease. Every write is fenced by the lease token: a worker whose run was reclaimed
 *    (or deleted) stops at its next write and its transaction rolls back.
 * 4. The run ends `succeeded` when a node has no next node, or `failed` at the first failed step.
 *
 * Email nodes and duplicates: the mail log row and the step's `succeeded` are written in ONE fenced
 * transaction, and the log has `UNIQUE (workflow_run_id, node_id)`. Without SMTP the log row IS the delivery,
 * so each email step delivers exactly once. With SMTP the message is handed to the server before that
 * transaction: a crash (or lost lease) after the server accepted it and before the commit makes the reclaimed
 * run send it again — at-least-once, the one duplicate window.
 *
 * Nodes other than `email` fail their step with 'The "<type>" step is not supported yet' and the run fails.
 * An SMTP refusal or timeout fails the step and the run (no automatic retry). Unexpected errors (database
 * down) leave the run `running`; it is reclaimed when its lease expires.
 */
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { EmailNodeTemplate, WorkflowNode, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { EmailNodeTemplate as EmailNodeTemplateSchema } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { copy } from '@formloom/contracts/copy';
import { MAX_WORKFLOW_ACTIONS } from '@formloom/contracts/limits';
import type { Db, Tx } from '@formloom/kit/db';
import { uuidv7 } from '@formloom/kit/ids';
import { mailMessages, workflowRuns, workflowRunSteps, type WorkflowRunRow, type WorkflowRunStepRow } from './db/schema';
import { composeEmail, formatFrom } from './domain/email';
import type { Mailer } from './mailer';
import { PollingLoop } from '@formloom/kit/polling-loop';

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

/** A run as claimed: its row and the token that fences its writes. */
interface Claimed {
  run: WorkflowRunRow;
  token: string;
}

/** The run worker; see the module doc. `start`/`stop` are driven by the kit (definition.workers). */
export class RunWorker {
  private readonly loop: PollingLoop;

  constructor(private readonly options: RunWorkerOptions) {
    this.loop = new PollingLoop({
      name: 'run worker',
      pollMs: options.pollMs,
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

  /** Claims up to `concurrency` runs (see the module doc, step 2). */
  private async claim(): Promise<Claimed[]> {
    const { db, concurrency, leaseMs, maxAttempts } = this.options;
    return db.transaction(async (tx) => {
      const candidates = await tx
        .select({ id: workflowRuns.id, attempts: workflowRuns.attempts })
        .from(workflowRuns)
        .where(
          or(
            eq(workflowRuns.status, 'queued'),
            and(eq(workflowRuns.status, 'running'), lt(workflowRuns.leaseExpiresAt, sql`now()`)),
          ),
        )
        .orderBy(asc(workflowRuns.createdAt))
        .limit(concurrency)
        .for('update', { skipLocked: true });
      const exhausted = candidates.filter((row) => row.attempts >= maxAttempts).map((row) => row.id);
      if (exhausted.length > 0) {
        await tx
          .update(workflowRuns)
          .set({
            status: 'failed',
            error: `Gave up after ${maxAttempts} attempts`,
            finishedAt: sql`now()`,
            leaseToken: null,
            leaseExpiresAt: null,
          })
          .where(inArray(workflowRuns.id, exhausted));
        this.options.log.error({ runIds: exhausted }, 'run worker: runs failed after too many attempts');
      }
      const claimed: Claimed[] = [];
      for (const { id } of candidates.filter((row) => row.attempts < maxAttempts)) {
        const token = uuidv7();
        const [run] = await tx
          .update(workflowRuns)
          .set({
            status: 'running',
            attempts: sql`${workflowRuns.attempts} + 1`,
            leaseToken: token,
            leaseExpiresAt: leaseEnd(leaseMs),
            startedAt: sql`coalesce(${workflowRuns.startedAt}, now())`,
          })
          .where(eq(workflowRuns.id, id))
          .returning();
        if (run) claimed.push({ run, token });
      }
      return claimed;
    });
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

  /** Executes one claimed run (see the module doc, steps 3-4). Never throws. */
  private async execute(claim: Claimed): Promise<void> {
    const { run } = claim;
    try {
      const outcome = await this.walk(claim);
      await this.fenced(claim, (tx) =>
        tx
          .update(workflowRuns)
          .set({
            status: outcome.ok ? 'succeeded' : 'failed',
            error: outcome.ok ? null : outcome.error,
            finishedAt: sql`now()`,
            leaseToken: null,
            leaseExpiresAt: null,
          })
          .where(eq(workflowRuns.id, run.id)),
      );
      this.options.log.info({ runId: run.id, workflowId: run.workflowId, ok: outcome.ok }, 'workflow run finished');
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.options.log.warn({ runId: run.id }, 'run worker: lease lost, leaving the run to its new owner');
        return;
      }
      this.options.log.error({ err: error, runId: run.id }, 'run worker: run interrupted; it is retried after its lease');
    }
  }

  /** Walks the nodes; resolves `{ok}` for the run's outcome. @throws LeaseLost or database errors. */
  private async walk(claim: Claimed): Promise<{ ok: true } | { ok: false; error: string }> {
    const template: WorkflowTemplate = claim.run.template;
    const existing = await this.options.db
      .select()
      .from(workflowRunSteps)
      .where(eq(workflowRunSteps.runId, claim.run.id));
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

  /** The email node (see the module doc "Email nodes and duplicates"). */
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
    const id = uuidv7();
    const messageId = `<${id}@${mailFrom.split('@')[1] ?? 'formloom.local'}>`;
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
    const output = {
      to: email.to,
      subject: email.subject,
      messageId,
      ...(email.skipped.length > 0 ? { skipped: email.skipped } : {}),
    };
    await this.fenced(claim, async (tx) => {
      await tx
        .insert(mailMessages)
        .values({
          id,
          organizationId: claim.run.organizationId,
          messageId,
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
        })
        .onConflictDoNothing();
      await this.finishStep(claim, nodeId, { ok: true, output }, tx);
    });
    return { ok: true, output };
  }
}

/** `now() + ms` as SQL. */
function leaseEnd(ms: number) {
  return sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;
}
