/**
 * Runs as a user of n8n or Zapier expects to see them (docs/architecture.md "workflows-engine" → "Runs"), through a
 * real flows service and a local SMTP server (the network edge) that refuses an address until told otherwise:
 * - the runs list: newest first by cursor, the trigger and a summary of its answers, durations, a status filter;
 * - a run in full: each step's input (template and resolved), output, error, attempts and idempotency key;
 * - retrying a failed run resumes at its failed step: the email before it is not sent again (mail log and SMTP),
 *   and two clicks make one retry;
 * - test runs run the draft against a stored submission, show only under the test runs and never count as live;
 *   deleting them (`mode=edit`) keeps the live runs;
 * - the run stats of `GET /admin/workflows`; access (403 for a read member's changes, 404 for another
 *   organization).
 */
import { sql } from 'drizzle-orm';
import {
  getWorkflowRun,
  retryWorkflowRun,
  startTestRun,
  type RetryRunResponse,
  type TestRunResponse,
  type WorkflowRunDetail,
  type WorkflowRunDetailResponse,
} from '@formloom/contracts/api/workflows-engine/runs';
import { saveWorkflow, type WorkflowsResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { endpointRequest } from '@formloom/kit/testing';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';
import {
  call,
  createWorkflow,
  engineSql,
  eventually,
  exampleWorkflow,
  finishedRuns,
  liveWorkflow,
  publishedForm,
  runsOf,
  setup,
  submit,
  type Harness,
  type UserKey,
} from './helpers';

/** Addresses the SMTP server refuses (550) for now. */
const refused = new Set<string>();
let smtp: TestSmtpServer;
let h: Harness;
beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: (address) => refused.has(address) || address.includes('reject') });
  h = await setup({ SMTP_URL: smtp.url, MAIL_FROM: 'robot@formloom.test' });
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

/** An email node to `to` with `subject`, going on to `next`. */
function email(to: string, subject: string, next: string | null) {
  return {
    type: 'email' as const,
    nextNodeId: next,
    template: {
      email: { subject, from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Hi {{answers.w1}}' }] },
      recipients: { type: 'string', list: [{ email: to }] },
    },
  };
}

/** A workflow on `form`: n1 emails `first`, then n2 emails `second`. */
function twoEmails(form: string, first: string, second: string, subject = 'Thanks {{answers.w1}}'): WorkflowTemplate {
  const template = exampleWorkflow(form);
  template.nodes = { n1: email(first, subject, 'n2'), n2: email(second, 'Second', null) };
  return template;
}

/** One run in full, as `user`. */
async function detailOf(workflowId: string, runId: string, user: UserKey = 'writer') {
  return h.engine.app.inject(endpointRequest(getWorkflowRun, { params: { id: workflowId, runId }, headers: h.headers[user] }));
}

/** One run in full as the writer; fails the test unless 200. */
async function runOf(workflowId: string, runId: string): Promise<WorkflowRunDetail> {
  const response = await detailOf(workflowId, runId);
  if (response.statusCode !== 200) throw new Error(`run failed: ${response.statusCode} ${response.body}`);
  return response.json<WorkflowRunDetailResponse>().run;
}

/** `POST …/retry` as `user`. */
function retry(workflowId: string, runId: string, body: { retries?: number } = {}, user: UserKey = 'writer') {
  return h.engine.app.inject(endpointRequest(retryWorkflowRun, { params: { id: workflowId, runId }, body, headers: h.headers[user] }));
}

/** `POST …/testRuns` as `user`. */
function testRun(workflowId: string, body: { submissionId?: string } = {}, user: UserKey = 'writer') {
  return h.engine.app.inject(endpointRequest(startTestRun, { params: { id: workflowId }, body, headers: h.headers[user] }));
}

/** The mail log rows of a run (SQL: the log outlives nothing here, and admins read it elsewhere). */
async function mailRows(runId: string) {
  return engineSql(h, sql`SELECT node_id, to_addresses FROM mail_messages WHERE workflow_run_id = ${runId}::uuid ORDER BY sent_at`);
}

/** Messages the SMTP server accepted for `address`. */
const receivedBy = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe('the runs list', () => {
  it('pages runs newest first by cursor, with their trigger, a summary of the answers and durations', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    const names = ['Ada', 'Grace', 'Alan'];
    for (const [index, name] of names.entries()) {
      await submit(h, form, { w1: name, w2: `${name.toLowerCase()}@example.com`, w3: 'o2' });
      await finishedRuns(h, workflowId, index + 1);
    }

    const first = await runsOf(h, workflowId, { limit: 2 });
    expect(first.total).toBe(3);
    expect(first.runs.map((run) => run.trigger.summary[0]?.value)).toEqual(['Alan', 'Grace']);
    expect(first.nextCursor).not.toBeNull();
    const second = await runsOf(h, workflowId, { limit: 2, cursor: first.nextCursor ?? '' });
    expect(second.runs.map((run) => run.trigger.summary[0]?.value)).toEqual(['Ada']);
    expect(second.nextCursor).toBeNull();

    const [run] = first.runs;
    expect(run).toMatchObject({ workflowId, mode: 'live', status: 'succeeded', retries: 0, error: null });
    expect(run?.trigger).toEqual({
      type: 'formSubmission',
      submissionId: expect.any(String),
      submissionTime: expect.any(String),
      summary: [
        { name: 'Name', value: 'Alan' },
        { name: 'Email', value: 'alan@example.com' },
        { name: 'Plan', value: 'Pro' },
      ],
    });
    expect(run?.durationMs).toEqual(expect.any(Number));
    expect(run?.steps).toEqual([expect.objectContaining({ nodeId: 'n1', status: 'succeeded', attempts: 1, durationMs: expect.any(Number) })]);

    const bad = await call(h, 'GET', `/admin/workflows/${workflowId}/runs?cursor=nonsense`, 'writer');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(copy.workflowRuns.badCursor);
    expect((await call(h, 'GET', `/admin/workflows/${workflowId}/runs?status=finished`, 'writer')).statusCode).toBe(400);
    expect((await call(h, 'GET', `/admin/workflows/${workflowId}/runs?limit=1001`, 'writer')).statusCode).toBe(400);
  });

  it('filters by status', async () => {
    const form = await publishedForm(h);
    const template = exampleWorkflow(form);
    (template.nodes.n1?.template as { recipients: unknown }).recipients = { type: 'picker', list: [{ email: { var: 'answers.w2' } }] };
    const workflowId = await liveWorkflow(h, template);
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    await submit(h, form, { w1: 'Eve', w2: 'reject@example.com' });
    await finishedRuns(h, workflowId, 2);

    const failed = await runsOf(h, workflowId, { status: 'failed' });
    expect(failed.total).toBe(1);
    expect(failed.runs.map((run) => [run.status, run.trigger.summary[0]?.value])).toEqual([['failed', 'Eve']]);
    expect(failed.runs[0]?.error).toMatch(/^SMTP: /);
    expect((await runsOf(h, workflowId, { status: 'succeeded,failed' })).total).toBe(2);
    expect((await runsOf(h, workflowId, { status: 'queued,running,waiting' })).runs).toEqual([]);
  });
});

describe('a run in full', () => {
  it('shows each step with its input as the template has it and as the run read it, its output and idempotency key', async () => {
    const form = await publishedForm(h);
    const template = twoEmails(form, 'ada@example.com', 'reject@example.com');
    const workflowId = await liveWorkflow(h, template);
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const [listed] = (await finishedRuns(h, workflowId, 1)).runs;
    const runId = listed?.id ?? '';

    const run = await runOf(workflowId, runId);
    expect(run).toMatchObject({ id: runId, status: 'failed', mode: 'live', notReached: [] });
    expect(run.trigger.data).toMatchObject({ answers: { w1: 'Ada', w2: 'ada@example.com' }, flowPublicIdentifier: form });
    const [n1, n2] = run.steps;
    expect(n1).toMatchObject({
      nodeId: 'n1',
      type: 'email',
      seq: 1,
      status: 'succeeded',
      attempts: 1,
      nextNodeId: 'n2',
      idempotencyKey: `${runId}:n1`,
      error: null,
      input: { template: template.nodes.n1?.template },
    });
    expect(n1?.input.resolved).toMatchObject({ email: { subject: 'Thanks Ada', blocks: [{ type: 'text', text: 'Hi Ada' }] } });
    expect(n1?.output).toMatchObject({ to: ['ada@example.com'], subject: 'Thanks Ada' });
    expect(n2).toMatchObject({ nodeId: 'n2', seq: 2, status: 'failed', attempts: 1, idempotencyKey: `${runId}:n2`, output: null });
    expect(n2?.error).toMatch(/^SMTP: /);
  });

  it("lists the nodes a failed run did not reach, and answers 404 'Run not found' for another workflow's run", async () => {
    const form = await publishedForm(h);
    const template = exampleWorkflow(form);
    template.nodes = { n1: email('reject@example.com', 'One', 'n2'), n2: email('ada@example.com', 'Two', 'n3'), n3: email('ada@example.com', 'Three', null) };
    const workflowId = await liveWorkflow(h, template);
    const other = await liveWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const runId = (await finishedRuns(h, workflowId, 1)).runs[0]?.id ?? '';

    expect((await runOf(workflowId, runId)).notReached).toEqual([
      { nodeId: 'n2', type: 'email' },
      { nodeId: 'n3', type: 'email' },
    ]);
    const wrong = await detailOf(other, runId);
    expect([wrong.statusCode, wrong.json()]).toEqual([404, { error: { code: 'not_found', message: copy.workflowRuns.runNotFound } }]);
  });
});

describe('retrying a failed run', () => {
  it('resumes at the failed step: the email that was sent is not sent again, and two clicks make one retry', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, twoEmails(form, 'first-retry@example.com', 'flaky-retry@example.com'));
    refused.add('flaky-retry@example.com');
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const [failed] = (await finishedRuns(h, workflowId, 1)).runs;
    const runId = failed?.id ?? '';
    expect(failed?.status).toBe('failed');
    expect(failed?.steps.map((step) => [step.nodeId, step.status])).toEqual([
      ['n1', 'succeeded'],
      ['n2', 'failed'],
    ]);
    expect(await mailRows(runId)).toEqual([{ node_id: 'n1', to_addresses: ['first-retry@example.com'] }]);
    expect(receivedBy('first-retry@example.com')).toHaveLength(1);

    // The recipient's mailbox works again; the user clicks 'Retry from this step' twice.
    refused.delete('flaky-retry@example.com');
    const [one, two] = await Promise.all([retry(workflowId, runId, { retries: 0 }), retry(workflowId, runId, { retries: 0 })]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect([one.json<RetryRunResponse>().retried, two.json<RetryRunResponse>().retried].sort()).toEqual([false, true]);

    const run = await eventually(() => runOf(workflowId, runId), (value) => value.status === 'succeeded', 'the retried run');
    expect(run).toMatchObject({ retries: 1, error: null, notReached: [] });
    expect(run.steps.map((step) => [step.nodeId, step.status, step.attempts, step.error])).toEqual([
      ['n1', 'succeeded', 1, null],
      ['n2', 'succeeded', 2, null],
    ]);
    expect(run.steps[1]?.idempotencyKey).toBe(`${runId}:n2`);
    // Each email once: the mail log and the SMTP server agree.
    expect(await mailRows(runId)).toEqual([
      { node_id: 'n1', to_addresses: ['first-retry@example.com'] },
      { node_id: 'n2', to_addresses: ['flaky-retry@example.com'] },
    ]);
    expect(receivedBy('first-retry@example.com')).toHaveLength(1);
    expect(receivedBy('flaky-retry@example.com')).toHaveLength(1);

    // The same click again, late: nothing more. A run that did not fail cannot be retried.
    expect((await retry(workflowId, runId, { retries: 0 })).json<RetryRunResponse>()).toMatchObject({ retried: false, run: { status: 'succeeded' } });
    const refusedRetry = await retry(workflowId, runId, { retries: 1 });
    expect([refusedRetry.statusCode, refusedRetry.json().error.message]).toEqual([409, copy.workflowRuns.onlyFailedCanRetry]);
    expect(receivedBy('first-retry@example.com')).toHaveLength(1);
  });

  it('retries again after a retry that failed again, and counts each retry', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, twoEmails(form, 'ok-twice@example.com', 'reject-twice@example.com'));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const runId = (await finishedRuns(h, workflowId, 1)).runs[0]?.id ?? '';

    expect((await retry(workflowId, runId, { retries: 0 })).json<RetryRunResponse>().retried).toBe(true);
    await eventually(() => runOf(workflowId, runId), (run) => run.status === 'failed' && run.retries === 1, 'the first retry to fail');
    // Without `retries`, a failed run is retried.
    expect((await retry(workflowId, runId)).json<RetryRunResponse>().retried).toBe(true);
    const run = await eventually(() => runOf(workflowId, runId), (value) => value.status === 'failed' && value.retries === 2, 'the second retry');
    expect(run.steps.map((step) => [step.nodeId, step.status, step.attempts])).toEqual([
      ['n1', 'succeeded', 1],
      ['n2', 'failed', 3],
    ]);
    expect(receivedBy('ok-twice@example.com')).toHaveLength(1);
  });
});

describe('test runs', () => {
  it('run the draft against the latest or a chosen submission, apart from the live runs', async () => {
    const form = await publishedForm(h);
    const live = exampleWorkflow(form);
    const workflowId = await liveWorkflow(h, live);
    const adaId = await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const bobId = await submit(h, form, { w1: 'Bob', w2: 'bob@example.com' });
    await finishedRuns(h, workflowId, 2);

    // A new draft, saved but not published.
    const draft = exampleWorkflow(form);
    (draft.nodes.n1?.template as { email: { subject: string } }).email.subject = 'Draft for {{answers.w1}}';
    const saved = await h.engine.app.inject(endpointRequest(saveWorkflow, { headers: h.headers.writer, body: { id: workflowId, template: draft } }));
    expect(saved.statusCode).toBe(200);

    const latest = await testRun(workflowId);
    expect(latest.statusCode).toBe(201);
    expect(latest.json<TestRunResponse>().run).toMatchObject({ mode: 'edit', trigger: { submissionId: bobId } });
    const chosen = await testRun(workflowId, { submissionId: adaId });
    expect(chosen.json<TestRunResponse>().run.trigger.submissionId).toBe(adaId);

    const tests = await finishedRuns(h, workflowId, 2, 'edit');
    expect(tests.total).toBe(2);
    expect(tests.runs.map((run) => [run.status, (run.steps[0]?.output as { subject: string }).subject])).toEqual([
      ['succeeded', 'Draft for Ada'],
      ['succeeded', 'Draft for Bob'],
    ]);
    // Live runs and the workflow's stats do not count them.
    expect((await runsOf(h, workflowId)).total).toBe(2);
    const listed = await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${form}`, 'writer');
    expect(listed.json<WorkflowsResponse>().workflows.find((workflow) => workflow.id === workflowId)?.stats).toMatchObject({ total: 2, succeeded: 2 });

    const unknown = await testRun(workflowId, { submissionId: '0190a0b0-0000-7000-8000-000000000000' });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, copy.flows.submissionNotFound]);
    expect((await testRun(workflowId, { submissionId: 'not-an-id' })).statusCode).toBe(404);
  });

  it('refuse a form without submissions, an incomplete draft, and a read member', async () => {
    const form = await publishedForm(h);
    const workflowId = await createWorkflow(h, exampleWorkflow(form));
    const none = await testRun(workflowId);
    expect([none.statusCode, none.json().error.message]).toEqual([422, copy.workflowRuns.noSubmissionsYet]);

    const draft = exampleWorkflow(form);
    (draft.nodes.n1?.template as { email: { subject: string } }).email.subject = '';
    await h.engine.app.inject(endpointRequest(saveWorkflow, { headers: h.headers.writer, body: { id: workflowId, template: draft } }));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const incomplete = await testRun(workflowId);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/^template\.nodes\.n1/) })]));
    expect((await testRun(workflowId, {}, 'reader')).statusCode).toBe(403);
    expect((await testRun(workflowId, {}, 'outsider')).statusCode).toBe(404);
    expect((await runsOf(h, workflowId, { mode: 'edit' })).total).toBe(0);
  });

  it('are deleted by DELETE …/workflowRuns/…?mode=edit, which keeps the live runs', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    await finishedRuns(h, workflowId, 1);
    expect((await testRun(workflowId)).statusCode).toBe(201);
    const testRunId = (await finishedRuns(h, workflowId, 1, 'edit')).runs[0]?.id ?? '';
    expect(await mailRows(testRunId)).toHaveLength(1);

    for (const mode of ['', '?mode=live']) {
      const refusedDelete = await call(h, 'DELETE', `/v1/admin/flow/${form}/workflowRuns/${workflowId}${mode}`, 'writer');
      expect([refusedDelete.statusCode, refusedDelete.json().error.message]).toEqual([400, copy.workflowRuns.onlyTestRunsDeleted]);
    }
    expect((await call(h, 'DELETE', `/v1/admin/flow/${form}/workflowRuns/${workflowId}?mode=edit`, 'reader')).statusCode).toBe(403);
    const otherForm = await publishedForm(h);
    expect((await call(h, 'DELETE', `/v1/admin/flow/${otherForm}/workflowRuns/${workflowId}?mode=edit`, 'writer')).statusCode).toBe(404);

    const deleted = await call(h, 'DELETE', `/v1/admin/flow/${form}/workflowRuns/${workflowId}?mode=edit`, 'writer');
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { success: true }]);
    expect((await runsOf(h, workflowId, { mode: 'edit' })).total).toBe(0);
    expect((await runsOf(h, workflowId)).total).toBe(1);
    // What the test run sent stays in the mail log.
    expect(await mailRows(testRunId)).toHaveLength(1);
    // The form's numeric id names it too.
    const [flowRow] = await engineSql(h, sql`SELECT flow_id FROM workflows WHERE id = ${workflowId}::uuid`);
    expect((await call(h, 'DELETE', `/v1/admin/flow/${String(flowRow?.flow_id)}/workflowRuns/${workflowId}?mode=edit`, 'writer')).statusCode).toBe(200);
  });
});

describe('run stats in the list of a form’s workflows', () => {
  it('counts live runs by outcome and names the last one', async () => {
    const form = await publishedForm(h);
    const template = exampleWorkflow(form);
    (template.nodes.n1?.template as { recipients: unknown }).recipients = { type: 'picker', list: [{ email: { var: 'answers.w2' } }] };
    const busy = await liveWorkflow(h, template);
    const idle = await createWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    await submit(h, form, { w1: 'Bob', w2: 'bob@example.com' });
    await submit(h, form, { w1: 'Eve', w2: 'reject@example.com' });
    const newest = (await finishedRuns(h, busy, 3)).runs[0];

    const { workflows } = (await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${form}`, 'reader')).json<WorkflowsResponse>();
    expect(workflows.find((workflow) => workflow.id === busy)?.stats).toEqual({
      total: 3,
      succeeded: 2,
      failed: 1,
      inProgress: 0,
      lastRun: { id: newest?.id, status: newest?.status, createdAt: newest?.createdAt, finishedAt: newest?.finishedAt },
    });
    expect(workflows.find((workflow) => workflow.id === idle)?.stats).toEqual({ total: 0, succeeded: 0, failed: 0, inProgress: 0, lastRun: null });
  });
});

describe('access to runs', () => {
  it('lets a read member read runs but not retry them; another organization gets 404 everywhere', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, twoEmails(form, 'ada@example.com', 'reject-access@example.com'));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const runId = (await finishedRuns(h, workflowId, 1)).runs[0]?.id ?? '';

    expect((await call(h, 'GET', `/admin/workflows/${workflowId}/runs`, 'reader')).statusCode).toBe(200);
    expect((await detailOf(workflowId, runId, 'reader')).statusCode).toBe(200);
    const forbidden = await retry(workflowId, runId, {}, 'reader');
    expect([forbidden.statusCode, forbidden.json().error.code]).toEqual([403, 'forbidden']);
    expect((await runOf(workflowId, runId)).retries).toBe(0);

    for (const response of [
      await call(h, 'GET', `/admin/workflows/${workflowId}/runs`, 'outsider'),
      await detailOf(workflowId, runId, 'outsider'),
      await retry(workflowId, runId, {}, 'outsider'),
      await testRun(workflowId, {}, 'outsider'),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([404, { error: { code: 'not_found', message: copy.workflows.workflowNotFound } }]);
    }
    expect((await call(h, 'GET', `/admin/workflows/${workflowId}/runs`, null)).statusCode).toBe(401);
  });
});
