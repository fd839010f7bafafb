/**
 * The delay, filter and branch nodes at run time (spec 001 §3; docs/architecture.md "workflows-engine"), with the
 * real executors of `src/nodes/registry.ts`, on PGlite and on the machine's PostgreSQL:
 * - a delay is durable: the run is a `waiting` row due `delay × units` later (a day is 24 h), which no worker claims
 *   before then — a 71-day delay like any other — and which a new worker after a restart resumes exactly once,
 *   without running the delay again; the claim finds due runs through the partial index on due time;
 * - a filter lets a run through when its condition holds and otherwise stops it, successfully ('Stopped by filter');
 *   the spec's field-to-value map works like the Condition it stands for;
 * - a branch takes the first branch whose condition holds, else 'Otherwise', else ends the run successfully;
 * - an email after a delay and a branch reads their outputs (`{{nodes.<id>.<field>}}`).
 */
import { sql } from 'drizzle-orm';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { migrate, openDatabase, rowsOf, type DatabaseHandle, type DatabaseLocation } from '@formloom/kit/db';
import { uuidv7 } from '@formloom/kit/ids';
import { createMailer } from '@formloom/kit/mail';
import { createTelemetry } from '@formloom/kit/telemetry';
import { migrations } from '../src/db/migrations';
import { workflows } from '../src/db/schema';
import { queueSubmissionRuns } from '../src/domain/runs';
import { RunWorker } from '../src/worker';
import { eventually } from './helpers';

const SERVER = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PG_NAME = `formloom_wf_delay_filter_branch_test_${process.pid}`;
const DAY_S = 24 * 60 * 60;

function postgresUrl(database: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

const DATABASES: Array<[string, DatabaseLocation]> = [
  ['PGlite', { kind: 'pglite', dataDir: undefined }],
  ['PostgreSQL', { kind: 'postgres', url: postgresUrl(PG_NAME), poolSize: 4 }],
];

type Nodes = WorkflowTemplate['nodes'];

/** An email node to `address` with `subject` (the real executor, to the mail log). */
function emailTo(address: string, subject = `For ${address}`, nextNodeId: string | null = null): Nodes[string] {
  return {
    type: 'email',
    nextNodeId,
    template: {
      email: { subject, from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Hi' }] },
      recipients: { type: 'string', list: [{ email: address }] },
    },
  };
}

/** `{<op>: [{var: 'answers.<id>'}, value]}` inside an `and` group. */
function when(operator: string, widgetId: string, value: unknown): Record<string, unknown> {
  return { and: [{ [operator]: [{ var: `answers.${widgetId}` }, value] }] };
}

describe.each(DATABASES)('delay, filter and branch on %s', (_name, location) => {
  let handle: DatabaseHandle;
  const workers: RunWorker[] = [];

  beforeAll(async () => {
    handle = await openDatabase(location);
    await migrate(handle, migrations);
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await handle.close();
    if (location.kind === 'postgres') {
      const admin = await openDatabase({ kind: 'postgres', url: postgresUrl('postgres'), poolSize: 1 });
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${PG_NAME}" WITH (FORCE)`));
      await admin.close();
    }
  });

  /** A started worker with the real executors (a new one is what a restart gives). */
  function startWorker(pollMs = 50): RunWorker {
    const worker = new RunWorker({
      db: handle.db,
      mailer: createMailer({ smtpUrl: undefined, timeoutMs: 1000 }),
      mailFrom: 'notifications@formloom.local',
      pollMs,
      leaseMs: 2000,
      maxAttempts: 5,
      concurrency: 4,
      tracer: createTelemetry({ serviceName: 'workflows-engine-test' }).tracer,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    workers.push(worker);
    worker.start();
    return worker;
  }

  /** An active, published workflow on a new form whose trigger leads to `first`; returns the form. */
  async function liveWorkflow(nodes: Nodes, first: string): Promise<string> {
    const form = `f${uuidv7().slice(-10)}`;
    const template: WorkflowTemplate = { trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: first }, nodes };
    await handle.db.insert(workflows).values({
      id: uuidv7(),
      organizationId: 1,
      workspaceId: 1,
      flowId: 1,
      flowPublicIdentifier: form,
      name: 'Test',
      draftTemplate: template,
      publishedTemplate: template,
      isActive: true,
    });
    return form;
  }

  /** Queues the run of one submission of `form` with `answers` (as the form.submitted consumer does); its id. */
  async function submit(form: string, answers: Record<string, unknown> = {}): Promise<string> {
    const data: FormSubmittedData = {
      flowId: 1,
      flowPublicIdentifier: form,
      flowName: 'Contact',
      submissionId: uuidv7(),
      submissionTime: new Date().toISOString(),
      answers,
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
    const { runIds } = await handle.db.transaction((tx) => queueSubmissionRuns(tx, [{ event, data }]));
    for (const worker of workers) worker.kick();
    return runIds[0] ?? '';
  }

  async function query(statement: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
    return rowsOf(await handle.db.execute(statement));
  }

  async function runOf(runId: string) {
    const [row] = await query(sql`SELECT status, attempts, error, lease_token IS NOT NULL AS leased, due_at <= now() AS due FROM workflow_runs WHERE id = ${runId}::uuid`);
    return row ?? {};
  }

  async function stepsOf(runId: string) {
    return query(sql`SELECT node_id, type, status, attempts, next_node_id, output FROM workflow_run_steps WHERE run_id = ${runId}::uuid ORDER BY seq`);
  }

  async function mailOf(runId: string) {
    return query(sql`SELECT node_id, to_addresses, subject FROM mail_messages WHERE workflow_run_id = ${runId}::uuid ORDER BY node_id`);
  }

  function finished(runId: string) {
    return eventually(() => runOf(runId), (row) => row.status === 'succeeded' || row.status === 'failed', `run ${runId} to finish`);
  }

  function waiting(runId: string) {
    return eventually(() => runOf(runId), (row) => row.status === 'waiting', `run ${runId} to wait`);
  }

  /** Moves a waiting run's due time to the past (what the passing of its delay would do). */
  async function makeDue(runId: string): Promise<void> {
    await query(sql`UPDATE workflow_runs SET due_at = now() - interval '1 second' WHERE id = ${runId}::uuid`);
    for (const worker of workers) worker.kick();
  }

  describe('delay', () => {
    it('keeps a 71-day delay as a waiting row due 71 × 24 h later, untouched by a restart, then resumes it once', async () => {
      const form = await liveWorkflow({ d1: { type: 'delay', template: { delay: 71, units: 'days' }, nextNodeId: 'n1' }, n1: emailTo('ada@example.com') }, 'd1');
      const first = startWorker();
      const runId = await submit(form);
      expect(await waiting(runId)).toMatchObject({ attempts: 0, leased: false, due: false });
      const [timing] = await query(sql`
        SELECT extract(epoch FROM r.due_at - s.started_at)::float8 AS after_s,
               to_char(r.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS due_iso
          FROM workflow_runs r JOIN workflow_run_steps s ON s.run_id = r.id WHERE r.id = ${runId}::uuid`);
      // 71 days of 24 h from when the step ran (the database's and this process's clocks agree within a minute).
      expect(Math.abs(Number(timing?.after_s) - 71 * DAY_S)).toBeLessThan(60);
      const [waitingStep] = await stepsOf(runId);
      expect(waitingStep).toMatchObject({ node_id: 'd1', type: 'delay', status: 'waiting', next_node_id: 'n1', output: { until: timing?.due_iso } });
      expect(await mailOf(runId)).toEqual([]);

      // A restart: the worker stops, a new one starts and executes other runs, but not the waiting one.
      await first.stop();
      const second = startWorker();
      const other = await liveWorkflow({ n1: emailTo('bob@example.com') }, 'n1');
      const otherRun = await submit(other);
      await finished(otherRun);
      second.kick();
      expect(await runOf(runId)).toMatchObject({ status: 'waiting', attempts: 0 });

      // 71 days later: the new worker resumes it, the delay step succeeds with its output unchanged (it did not run
      // again: a second run would have computed a later due time), and the email goes once.
      await makeDue(runId);
      expect(await finished(runId)).toMatchObject({ status: 'succeeded', attempts: 1, leased: false });
      expect(await stepsOf(runId)).toEqual([
        { node_id: 'd1', type: 'delay', status: 'succeeded', attempts: 1, next_node_id: 'n1', output: waitingStep?.output },
        expect.objectContaining({ node_id: 'n1', type: 'email', status: 'succeeded', attempts: 1 }),
      ]);
      expect((await mailOf(runId)).map((mail) => mail.to_addresses)).toEqual([['ada@example.com']]);
    });

    it('counts hours and minutes too (fractions allowed)', async () => {
      startWorker();
      const hours = await liveWorkflow({ d1: { type: 'delay', template: { delay: 1.5, units: 'hours' }, nextNodeId: null } }, 'd1');
      const minutes = await liveWorkflow({ d1: { type: 'delay', template: { delay: 30, units: 'minutes' }, nextNodeId: null } }, 'd1');
      for (const [form, seconds] of [
        [hours, 90 * 60],
        [minutes, 30 * 60],
      ] as const) {
        const runId = await submit(form);
        await waiting(runId);
        const [timing] = await query(sql`
          SELECT extract(epoch FROM r.due_at - s.started_at)::float8 AS after_s
            FROM workflow_runs r JOIN workflow_run_steps s ON s.run_id = r.id WHERE r.id = ${runId}::uuid`);
        expect(Math.abs(Number(timing?.after_s) - seconds)).toBeLessThan(60);
        // A delay with nothing after it ends the run once it is over.
        await makeDue(runId);
        expect(await finished(runId)).toMatchObject({ status: 'succeeded' });
      }
    });

    it('resumes a short delay at its due time, not at the worker\'s next poll', async () => {
      // Only a worker that polls every 10 minutes: nothing but the delay's own due time can wake it in time.
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      startWorker(600_000);
      const form = await liveWorkflow({ d1: { type: 'delay', template: { delay: 0.05, units: 'minutes' }, nextNodeId: 'n1' }, n1: emailTo('eve@example.com') }, 'd1');
      const runId = await submit(form);
      await waiting(runId);
      // 3 s later the delay is over; the email goes without any kick or poll (eventually gives up after 15 s).
      expect(await finished(runId)).toMatchObject({ status: 'succeeded' });
      const [timing] = await query(sql`
        SELECT extract(epoch FROM s.finished_at - r.due_at)::float8 AS late_s
          FROM workflow_runs r JOIN workflow_run_steps s ON s.run_id = r.id AND s.node_id = 'd1' WHERE r.id = ${runId}::uuid`);
      expect(Number(timing?.late_s)).toBeLessThan(5);
      expect(await mailOf(runId)).toHaveLength(1);
    });

    if (location.kind === 'postgres') {
      it("finds due runs through the partial index on due time, not by reading every waiting run", async () => {
        // The claim's `due` set (domain/runs.ts claimRuns), planned with sequential scans priced out so that the
        // few rows of a test table do not make a scan look cheaper than the index.
        const plan = await handle.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          return rowsOf<Record<string, string>>(
            await tx.execute(sql`EXPLAIN SELECT id, due_at FROM workflow_runs WHERE status = 'waiting' AND due_at <= now() ORDER BY due_at LIMIT 32 FOR UPDATE SKIP LOCKED`),
          );
        });
        expect(plan.map((row) => Object.values(row)[0]).join('\n')).toMatch(/Index Scan using workflow_runs_due/);
      });
    }
  });

  describe('filter', () => {
    it('lets a run through when its condition holds, and stops it successfully otherwise', async () => {
      startWorker();
      const form = await liveWorkflow({ f1: { type: 'filter', template: { condition: when('equals', 'w3', 'o2') }, nextNodeId: 'n1' }, n1: emailTo('pro@example.com') }, 'f1');
      const pro = await submit(form, { w3: 'o2' });
      const free = await submit(form, { w3: 'o1' });
      const unanswered = await submit(form, {});

      expect(await finished(pro)).toMatchObject({ status: 'succeeded', error: null });
      expect((await stepsOf(pro)).map((step) => [step.node_id, step.status, step.output])).toEqual([
        ['f1', 'succeeded', { passed: true, message: 'Condition met' }],
        ['n1', 'succeeded', expect.anything()],
      ]);
      expect((await mailOf(pro)).map((mail) => mail.to_addresses)).toEqual([['pro@example.com']]);

      for (const runId of [free, unanswered]) {
        // Not a failure: the run succeeded, and its one step says why it stopped.
        expect(await finished(runId)).toMatchObject({ status: 'succeeded', error: null });
        expect(await stepsOf(runId)).toEqual([
          { node_id: 'f1', type: 'filter', status: 'succeeded', attempts: 1, next_node_id: null, output: { passed: false, message: 'Stopped by filter' } },
        ]);
        expect(await mailOf(runId)).toEqual([]);
      }
    });

    it("reads the spec's field-to-value map as the conditions it stands for", async () => {
      startWorker();
      // "a value is either plain (equals) or a one-key object whose key is an operator" (spec 001 §3).
      const condition = { w3: 'o2', seats: { gte: 3 }, country: { not: 'FR' } };
      const form = await liveWorkflow({ f1: { type: 'filter', template: { condition }, nextNodeId: 'n1' }, n1: emailTo('team@example.com') }, 'f1');
      const through = await submit(form, { w3: 'o2', seats: 3, country: 'DE' });
      const tooFew = await submit(form, { w3: 'o2', seats: 2, country: 'DE' });
      const france = await submit(form, { w3: 'o2', seats: 5, country: 'FR' });
      await finished(through);
      expect((await stepsOf(through)).map((step) => step.node_id)).toEqual(['f1', 'n1']);
      for (const runId of [tooFew, france]) {
        await finished(runId);
        expect((await stepsOf(runId)).map((step) => step.output)).toEqual([{ passed: false, message: 'Stopped by filter' }]);
      }
    });
  });

  describe('branch', () => {
    /** Branches Big (seats > 10) → nBig and Pro (plan Pro) → nPro, and 'Otherwise' → `otherwise`. */
    function branches(otherwise: string | null): Nodes {
      return {
        b1: {
          type: 'branch',
          nextNodeId: otherwise,
          template: {
            branches: [
              { id: 'Big', nextNodeId: 'nBig', condition: when('gt', 'seats', 10) },
              { id: 'Pro', nextNodeId: 'nPro', condition: when('equals', 'w3', 'o2') },
            ],
          },
        },
        nBig: emailTo('big@example.com'),
        nPro: emailTo('pro@example.com'),
        ...(otherwise ? { [otherwise]: emailTo('other@example.com') } : {}),
      };
    }

    it('takes the first branch whose condition holds, else Otherwise', async () => {
      startWorker();
      const form = await liveWorkflow(branches('nOther'), 'b1');
      const both = await submit(form, { seats: 20, w3: 'o2' });
      const pro = await submit(form, { seats: 2, w3: 'o2' });
      const neither = await submit(form, { seats: 2, w3: 'o1' });
      const taken = async (runId: string) => {
        await finished(runId);
        const steps = await stepsOf(runId);
        return { steps: steps.map((step) => [step.node_id, step.next_node_id]), output: steps[0]?.output, mail: (await mailOf(runId)).map((mail) => mail.to_addresses) };
      };
      expect(await taken(both)).toEqual({ steps: [['b1', 'nBig'], ['nBig', null]], output: { branch: 'Big' }, mail: [['big@example.com']] });
      expect(await taken(pro)).toEqual({ steps: [['b1', 'nPro'], ['nPro', null]], output: { branch: 'Pro' }, mail: [['pro@example.com']] });
      expect(await taken(neither)).toEqual({
        steps: [['b1', 'nOther'], ['nOther', null]],
        output: { branch: 'Otherwise', message: 'No branch matched' },
        mail: [['other@example.com']],
      });
    });

    it('ends the run successfully when no branch matches and nothing follows Otherwise', async () => {
      startWorker();
      const form = await liveWorkflow(branches(null), 'b1');
      const runId = await submit(form, { seats: 1, w3: 'o1' });
      expect(await finished(runId)).toMatchObject({ status: 'succeeded', error: null });
      expect(await stepsOf(runId)).toEqual([
        { node_id: 'b1', type: 'branch', status: 'succeeded', attempts: 1, next_node_id: null, output: { branch: null, message: 'No branch matched' } },
      ]);
      expect(await mailOf(runId)).toEqual([]);
    });

    it('lets an email after a delay and a branch read their outputs', async () => {
      startWorker();
      const form = await liveWorkflow(
        {
          d1: { type: 'delay', template: { delay: 10, units: 'minutes' }, nextNodeId: 'b1' },
          b1: {
            type: 'branch',
            nextNodeId: null,
            template: { branches: [{ id: 'Pro plan', nextNodeId: 'n1', condition: when('equals', 'w3', 'o2') }] },
          },
          n1: emailTo('pro@example.com', 'Took {{nodes.b1.branch}} after waiting until {{nodes.d1.until}}'),
        },
        'd1',
      );
      const runId = await submit(form, { w3: 'o2' });
      await waiting(runId);
      const [delayed] = await stepsOf(runId);
      await makeDue(runId);
      expect(await finished(runId)).toMatchObject({ status: 'succeeded' });
      const until = (delayed?.output as { until: string }).until;
      expect(await mailOf(runId)).toEqual([{ node_id: 'n1', to_addresses: ['pro@example.com'], subject: `Took Pro plan after waiting until ${until}` }]);
    });
  });
});
