/**
 * The run worker's node outcomes (docs/architecture.md "workflows-engine", "Adding a node type"), proved with
 * executors registered in this test only — one that waits and one that chooses where the run goes on, under node
 * types that have no executor of their own (`twilio`, `discord`) — beside the real email executor, on PGlite and on
 * the machine's PostgreSQL:
 * - a waiting run is a `waiting` row with a due time (ARCHITECTURE §1 "Durable time"): no worker claims it
 *   before it is due; after, a new worker (a restart) resumes it at its next node, without running the waiting
 *   node again, and two workers racing for due runs resume each exactly once (`FOR UPDATE SKIP LOCKED`);
 * - a chosen next node is followed, and followed again when the run is reclaimed after a crash;
 * - runs the consumer inserts already claimed under the worker's lease are executed once, without a claim; runs
 *   whose worker stopped before executing them are claimed again once the lease expires; a worker executing
 *   RUNS_CONCURRENCY runs gives no lease and leaves queued runs until it has room.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { defineNode } from '@formloom/contracts/workflows/define';
import { migrate, openDatabase, rowsOf, type DatabaseHandle, type DatabaseLocation } from '@formloom/kit/db';
import { uuidv7 } from '@formloom/kit/ids';
import { createTelemetry } from '@formloom/kit/telemetry';
import { migrations } from '../src/db/migrations';
import { workflows } from '../src/db/schema';
import { queueSubmissionRuns, type QueuedRuns, type RunLease } from '../src/domain/runs';
import { listRuns } from '../src/domain/run-history';
import { createMailer } from '@formloom/kit/mail';
import { defineExecutor } from '../src/nodes/executor';
import { NODE_EXECUTORS } from '../src/nodes/registry';
import { RunWorker } from '../src/worker';
import { eventually } from './helpers';

const SERVER = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PG_NAME = `formloom_engine_outcomes_test_${process.pid}`;

function postgresUrl(database: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

const DATABASES: Array<[string, DatabaseLocation]> = [
  ['PGlite', { kind: 'pglite', dataDir: undefined }],
  ['PostgreSQL', { kind: 'postgres', url: postgresUrl(PG_NAME), poolSize: 4 }],
];

/** How many times each test-only executor ran, by run id. */
const ran = { delay: new Map<string, number>(), branch: new Map<string, number>() };
function count(counter: Map<string, number>, runId: string): void {
  counter.set(runId, (counter.get(runId) ?? 0) + 1);
}

/** A waiting node as a test defines it (type `twilio`): waits `minutes` (the real delay node: `nodes/delay.ts`). */
const delayNode = defineNode({
  type: 'twilio',
  schema: z.object({ minutes: z.number().positive() }),
  defaultTemplate: () => ({ minutes: 30 }),
  rules: () => [],
  describe: () => 'Waits',
});
const delayExecutor = defineExecutor(delayNode, {
  local: () => true,
  execute: ({ run, template }) => {
    count(ran.delay, run.id);
    const until = new Date(Date.now() + template.minutes * 60_000);
    return { kind: 'wait', until, output: { until: until.toISOString() } };
  },
});

/**
 * A choosing node as a test defines it (type `discord`): goes on to the node its template names, not to its
 * nextNodeId (the real branch node: `nodes/branch.ts`).
 */
const branchNode = defineNode({
  type: 'discord',
  schema: z.object({ goTo: z.string() }),
  defaultTemplate: () => ({ goTo: '' }),
  rules: () => [],
  describe: () => 'Chooses',
});
const branchExecutor = defineExecutor(branchNode, {
  local: () => true,
  execute: ({ run, template }) => {
    count(ran.branch, run.id);
    return { kind: 'next', next: template.goTo, output: { chose: template.goTo } };
  },
});

/**
 * A gate as a test defines it, on the `getCurrentUserOrThrow` node type (which has no executor of its own): an outside
 * effect that completes when the test opens the gate.
 */
const gate = { open: () => undefined as void, opened: Promise.resolve() };
function closeGate(): void {
  gate.opened = new Promise<void>((resolve) => (gate.open = resolve));
}
const gateNode = defineNode({
  type: 'getCurrentUserOrThrow',
  schema: z.object({}),
  defaultTemplate: () => ({}),
  rules: () => [],
  describe: () => 'Waits for the test',
});
const gateExecutor = defineExecutor(gateNode, {
  local: () => false,
  execute: async () => {
    await gate.opened;
    return { kind: 'next' };
  },
});

/** An email node to `address` (the real executor, to the mail log). */
function emailTo(address: string, nextNodeId: string | null = null): WorkflowTemplate['nodes'][string] {
  return {
    type: 'email',
    nextNodeId,
    template: {
      email: { subject: `For ${address}`, from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Hi' }] },
      recipients: { type: 'string', list: [{ email: address }] },
    },
  };
}

describe.each(DATABASES)('node outcomes on %s', (_name, location) => {
  let handle: DatabaseHandle;
  const workers: RunWorker[] = [];

  beforeAll(async () => {
    handle = await openDatabase(location);
    await migrate(handle, migrations);
  });

  afterAll(async () => {
    gate.open();
    await Promise.all(workers.map((worker) => worker.stop()));
    await handle.close();
    if (location.kind === 'postgres') {
      const admin = await openDatabase({ kind: 'postgres', url: postgresUrl('postgres'), poolSize: 1 });
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${PG_NAME}" WITH (FORCE)`));
      await admin.close();
    }
  });

  /** A started worker with the real executors and this test's (a new one is what a restart gives). */
  function startWorker(): RunWorker {
    const worker = new RunWorker({
      db: handle.db,
      mailer: createMailer({ smtpUrl: undefined, timeoutMs: 1000 }),
      mailFrom: 'notifications@formloom.local',
      pollMs: 50,
      leaseMs: 2000,
      maxAttempts: 5,
      concurrency: 4,
      executors: [...NODE_EXECUTORS, delayExecutor, branchExecutor, gateExecutor],
      tracer: createTelemetry({ serviceName: 'workflows-engine-test' }).tracer,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    workers.push(worker);
    worker.start();
    return worker;
  }

  /** An active, published workflow on a new form; returns the form's public identifier and the workflow id. */
  async function liveWorkflow(nodes: WorkflowTemplate['nodes'], first: string): Promise<{ form: string; workflowId: string }> {
    const form = `f${uuidv7().slice(-10)}`;
    const template: WorkflowTemplate = {
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: first },
      nodes,
    };
    const workflowId = uuidv7();
    await handle.db.insert(workflows).values({
      id: workflowId,
      organizationId: 1,
      workspaceId: 1,
      flowId: 1,
      flowPublicIdentifier: form,
      name: 'Test',
      draftTemplate: template,
      publishedTemplate: template,
      isActive: true,
    });
    return { form, workflowId };
  }

  /** Queues the runs of one submission of `form` (as the form.submitted consumer does); returns their ids. */
  async function submit(form: string): Promise<string[]> {
    return (await submitUnder(form)).runIds;
  }

  /** Queues the runs of one submission of `form`, inserted claimed under `lease` when given. */
  async function submitUnder(form: string, lease?: RunLease): Promise<QueuedRuns> {
    const data: FormSubmittedData = {
      flowId: 1,
      flowPublicIdentifier: form,
      flowName: 'Contact',
      submissionId: uuidv7(),
      submissionTime: new Date().toISOString(),
      answers: {},
      questions: [],
    };
    const event: EventEnvelope = {
      id: uuidv7(),
      type: 'form.submitted',
      version: 1,
      occurredAt: data.submissionTime,
      key: data.submissionId,
      tenant: { organizationId: 1, workspaceId: 1 },
      data,
    };
    return handle.db.transaction((tx) => queueSubmissionRuns(tx, [{ event, data }], lease));
  }

  async function query(statement: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
    return rowsOf(await handle.db.execute(statement));
  }

  /** The runs' rows: status, claim count, whether it is due, whether a lease is held. */
  async function runsById(ids: readonly string[]) {
    const rows = await query(sql`
      SELECT id, status, attempts, lease_token IS NOT NULL AS leased, due_at IS NOT NULL AND due_at <= now() AS due,
             due_at > now() + interval '59 minutes' AS due_in_an_hour
        FROM workflow_runs WHERE id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
    return new Map(rows.map((row) => [String(row.id), row]));
  }

  async function stepsOf(runId: string) {
    return query(sql`SELECT node_id, status, attempts, next_node_id, output FROM workflow_run_steps WHERE run_id = ${runId}::uuid ORDER BY seq`);
  }

  async function mailOf(runId: string) {
    return query(sql`SELECT to_addresses FROM mail_messages WHERE workflow_run_id = ${runId}::uuid`);
  }

  function finished(ids: readonly string[]) {
    return eventually(
      () => runsById(ids),
      (rows) => ids.every((id) => ['succeeded', 'failed'].includes(String(rows.get(id)?.status))),
      `runs ${ids.join(', ')} to finish`,
    );
  }

  it('keeps a waiting run as a row with its due time, unclaimed until due, then resumes it in a new worker', async () => {
    const delayed = await liveWorkflow({ d1: { type: 'twilio', template: { minutes: 60 }, nextNodeId: 'n1' }, n1: emailTo('ada@example.com') }, 'd1');
    const first = startWorker();
    const [runId = ''] = await submit(delayed.form);
    first.kick();

    const waiting = await eventually(() => runsById([runId]), (rows) => rows.get(runId)?.status === 'waiting', 'the run to wait');
    expect(waiting.get(runId)).toMatchObject({ attempts: 0, leased: false, due: false, due_in_an_hour: true });
    expect(await stepsOf(runId)).toEqual([
      { node_id: 'd1', status: 'waiting', attempts: 1, next_node_id: 'n1', output: { until: expect.any(String) } },
    ]);
    expect(await mailOf(runId)).toEqual([]);
    // The runs list shows the waiting run and its waiting step as such.
    const listed = await listRuns(handle.db, delayed.workflowId, { limit: 10, mode: 'live' });
    expect(listed.runs[0]).toMatchObject({ status: 'waiting', finishedAt: null, steps: [{ nodeId: 'd1', status: 'waiting' }] });

    // A restart: the first worker stops, a new one takes over. It runs what is queued, but not the waiting run.
    await first.stop();
    const second = startWorker();
    const plain = await liveWorkflow({ n1: emailTo('bob@example.com') }, 'n1');
    const [otherId = ''] = await submit(plain.form);
    second.kick();
    await finished([otherId]);
    expect((await runsById([runId])).get(runId)?.status).toBe('waiting');

    // Its due time comes.
    await query(sql`UPDATE workflow_runs SET due_at = now() - interval '1 second' WHERE id = ${runId}::uuid`);
    second.kick();
    const done = await finished([runId]);
    expect(done.get(runId)).toMatchObject({ status: 'succeeded', attempts: 1, leased: false });
    expect(await stepsOf(runId)).toEqual([
      { node_id: 'd1', status: 'succeeded', attempts: 1, next_node_id: 'n1', output: { until: expect.any(String) } },
      expect.objectContaining({ node_id: 'n1', status: 'succeeded', attempts: 1, next_node_id: null }),
    ]);
    expect(await mailOf(runId)).toEqual([{ to_addresses: ['ada@example.com'] }]);
    expect(ran.delay.get(runId)).toBe(1);
  });

  it('resumes each due run exactly once when two workers race for them', async () => {
    const delayed = await liveWorkflow({ d1: { type: 'twilio', template: { minutes: 5 }, nextNodeId: 'n1' }, n1: emailTo('ada@example.com') }, 'd1');
    const racers = [startWorker(), startWorker()];
    const runIds = (await Promise.all(Array.from({ length: 6 }, () => submit(delayed.form)))).flat();
    expect(runIds).toHaveLength(6);
    await eventually(() => runsById(runIds), (rows) => runIds.every((id) => rows.get(id)?.status === 'waiting'), 'every run to wait');

    await query(sql`UPDATE workflow_runs SET due_at = now() - interval '1 second' WHERE id IN (${sql.join(runIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
    for (const worker of racers) worker.kick();
    const done = await finished(runIds);
    for (const runId of runIds) {
      expect(done.get(runId)).toMatchObject({ status: 'succeeded', attempts: 1 });
      expect(await mailOf(runId)).toHaveLength(1);
      expect((await stepsOf(runId)).map((step) => [step.node_id, step.attempts])).toEqual([
        ['d1', 1],
        ['n1', 1],
      ]);
      expect(ran.delay.get(runId)).toBe(1);
    }
  });

  it('follows the node an executor chose, also when the run is reclaimed after a crash', async () => {
    const chosen = await liveWorkflow(
      {
        b1: { type: 'discord', template: { goTo: 'n2' }, nextNodeId: 'n1' },
        n1: emailTo('declared@example.com'),
        n2: emailTo('chosen@example.com'),
      },
      'b1',
    );
    startWorker();
    const [runId = ''] = await submit(chosen.form);
    await finished([runId]);
    expect((await stepsOf(runId)).map((step) => [step.node_id, step.status, step.next_node_id])).toEqual([
      ['b1', 'succeeded', 'n2'],
      ['n2', 'succeeded', null],
    ]);
    expect(await mailOf(runId)).toEqual([{ to_addresses: ['chosen@example.com'] }]);

    // Stage a crash after the branch: its step is kept, the email's step and mail are not, the lease expired.
    await query(sql`DELETE FROM workflow_run_steps WHERE run_id = ${runId}::uuid AND node_id = 'n2'`);
    await query(sql`DELETE FROM mail_messages WHERE workflow_run_id = ${runId}::uuid`);
    await query(sql`UPDATE workflow_runs SET status = 'running', finished_at = NULL, lease_token = ${uuidv7()}::uuid,
                    lease_expires_at = now() - interval '1 second' WHERE id = ${runId}::uuid`);
    const done = await finished([runId]);
    expect(done.get(runId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await mailOf(runId)).toEqual([{ to_addresses: ['chosen@example.com'] }]);
    expect(ran.branch.get(runId)).toBe(1);
  });

  it('executes runs inserted claimed under its lease once, without claiming them again', async () => {
    const plain = await liveWorkflow({ n1: emailTo('ada@example.com') }, 'n1');
    const worker = startWorker();
    const lease = worker.lease();
    expect(lease).toBeDefined();
    const queued = await submitUnder(plain.form, lease);
    expect(queued.claimed.map((row) => row.id)).toEqual(queued.runIds);
    const [runId = ''] = queued.runIds;
    expect((await runsById([runId])).get(runId)).toMatchObject({ status: 'running', attempts: 1, leased: true });

    worker.adopt(queued.claimed, lease as RunLease);
    const done = await finished([runId]);
    expect(done.get(runId)).toMatchObject({ status: 'succeeded', attempts: 1, leased: false });
    expect(await mailOf(runId)).toEqual([{ to_addresses: ['ada@example.com'] }]);
  });

  it('claims a run inserted claimed again once its lease expires when its worker stopped before executing it', async () => {
    const plain = await liveWorkflow({ n1: emailTo('bob@example.com') }, 'n1');
    const crashed = startWorker();
    const lease = crashed.lease() as RunLease;
    const [runId = ''] = (await submitUnder(plain.form, lease)).runIds;
    await crashed.stop();
    expect(crashed.lease()).toBeUndefined();

    const survivor = startWorker();
    // Under the lease nobody else takes it…
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await runsById([runId])).get(runId)).toMatchObject({ status: 'running', attempts: 1 });
    expect(await stepsOf(runId)).toEqual([]);
    // …once the lease is over, a worker does.
    await query(sql`UPDATE workflow_runs SET lease_expires_at = now() - interval '1 second' WHERE id = ${runId}::uuid`);
    survivor.kick();
    const done = await finished([runId]);
    expect(done.get(runId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await mailOf(runId)).toEqual([{ to_addresses: ['bob@example.com'] }]);
  });

  it('gives no lease while it executes RUNS_CONCURRENCY runs, and runs what was queued meanwhile when it has room', async () => {
    const held = await liveWorkflow({ g1: { type: 'getCurrentUserOrThrow', template: {}, nextNodeId: null } }, 'g1');
    const plain = await liveWorkflow({ n1: emailTo('cy@example.com') }, 'n1');
    // Only this worker runs (the earlier tests' workers would take the queued run).
    await Promise.all(workers.map((other) => other.stop()));
    closeGate();
    const worker = startWorker();
    const heldRuns: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const lease = worker.lease() as RunLease;
      expect(lease).toBeDefined();
      const queued = await submitUnder(held.form, lease);
      worker.adopt(queued.claimed, lease);
      heldRuns.push(...queued.runIds);
    }
    expect(worker.lease()).toBeUndefined();

    const [queuedId = ''] = await submit(plain.form);
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await runsById([queuedId])).get(queuedId)).toMatchObject({ status: 'queued', attempts: 0 });

    gate.open();
    const done = await finished([...heldRuns, queuedId]);
    for (const id of [...heldRuns, queuedId]) expect(done.get(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await mailOf(queuedId)).toEqual([{ to_addresses: ['cy@example.com'] }]);
  });
});
