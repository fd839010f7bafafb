/**
 * Submissions through a real flows service run workflows: the example workflow sends its email,
 * events are turned into runs exactly once, inactive and unpublished workflows do not run, recipients come
 * from answers, unsupported nodes fail, crashed runs are reclaimed, runs are paged and the mail log is admin-only.
 */
import { sql } from 'drizzle-orm';
import type { WorkflowNode, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import * as copy from '@formloom/contracts/copy';
import { firstEmailWidgetId, thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';
import { uuidv7 } from '@formloom/kit/ids';
import {
  call,
  engineSql,
  eventually,
  exampleForm,
  exampleWorkflow,
  finishedRuns,
  liveWorkflow,
  mailOf,
  publishedForm,
  runsOf,
  setup,
  submit,
  type Harness,
} from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.close();
});

/** The mail log messages of one run. */
async function mailOfRun(runId: string) {
  const { messages } = await mailOf(h, 'admin', { limit: 1000 });
  return messages.filter((message) => message.workflowRunId === runId);
}

describe('the issue example workflow', () => {
  it('runs on a submission and logs the email with subject, greeting and the submission overview', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada <b>Lovelace</b>', w2: 'ada.l@example.com', w3: 'o2' });

    const { runs, total } = await finishedRuns(h, workflowId, 1);
    expect(total).toBe(1);
    const [run] = runs;
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    expect(run?.startedAt).not.toBeNull();
    expect(run?.finishedAt).not.toBeNull();
    expect(run?.steps).toHaveLength(1);
    const [step] = run?.steps ?? [];
    expect(step).toMatchObject({ nodeId: 'n1', type: 'email', status: 'succeeded', error: null });
    expect(step?.output).toEqual({ to: ['ada@example.com'], subject: 'Thank you for your submission', messageId: expect.stringMatching(/^<.+@formloom\.local>$/) });

    const [message, ...others] = await mailOfRun(run?.id ?? '');
    expect(others).toHaveLength(0);
    expect(message).toMatchObject({
      to: ['ada@example.com'],
      from: `"${copy.email.defaultSenderName}" <notifications@formloom.local>`,
      subject: 'Thank you for your submission',
      workflowRunId: run?.id,
    });
    expect(message?.text).toContain('Hi there');
    expect(message?.text).toContain('Name: Ada <b>Lovelace</b>');
    expect(message?.text).toContain('Email: ada.l@example.com');
    expect(message?.html).toContain('Hi there');
    expect(message?.html).toContain('<table');
    expect(message?.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(message?.html).not.toContain('<b>Lovelace');
  });

  it('sends to the EmailInput answer ({var: "answers.w2"}) and renders newlines as <br> in HTML', async () => {
    const form = await publishedForm(h);
    const template = exampleWorkflow(form);
    const node = template.nodes.n1 as { template: Record<string, unknown> };
    node.template = {
      email: {
        subject: 'Thanks {{answers.w1}}',
        from: { type: 'formloom_notifications' },
        customFromName: 'Ada Inc',
        blocks: [{ type: 'text', text: 'Line one\nfor {{answers.w1}} & co' }],
      },
      recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }, { email: { var: 'answers.missing' } }] },
    };
    const workflowId = await liveWorkflow(h, template);
    await submit(h, form, { w1: 'Grace', w2: 'grace@example.org' });

    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('succeeded');
    const [message] = await mailOfRun(run?.id ?? '');
    expect(message).toMatchObject({ to: ['grace@example.org'], subject: 'Thanks Grace', from: '"Ada Inc" <notifications@formloom.local>' });
    expect(message?.text).toBe('Line one\nfor Grace & co');
    expect(message?.html).toContain('Line one<br>for Grace &amp; co');
  });

  it('works from the thank_you_email gallery template: the respondent gets the default email', async () => {
    const form = await publishedForm(h);
    const template = thankYouEmailTemplate({ flowPublicIdentifier: form, emailWidgetId: firstEmailWidgetId(exampleForm()) });
    const workflowId = await liveWorkflow(h, template);
    await submit(h, form, { w1: 'Alan', w2: 'alan@example.net' });

    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('succeeded');
    const [message] = await mailOfRun(run?.id ?? '');
    expect(message?.to).toEqual(['alan@example.net']);
    expect(message?.subject).toBe(copy.email.defaultSubject);
    expect(message?.text.startsWith(copy.email.defaultBodyGreeting)).toBe(true);
    expect(message?.text).toContain(copy.email.defaultBodyLine);
  });
});

describe('which workflows run', () => {
  it('queues runs only for active, published workflows of the submitted form', async () => {
    const form = await publishedForm(h);
    const otherForm = await publishedForm(h);
    const live = await liveWorkflow(h, exampleWorkflow(form));
    const disabled = await liveWorkflow(h, exampleWorkflow(form));
    await call(h, 'POST', '/admin/workflows/enableOrDisable', 'writer', { id: disabled, isActive: false });
    const neverEnabled = await liveWorkflow(h, exampleWorkflow(form), { enable: false });
    const unpublished = await liveWorkflow(h, exampleWorkflow(form), { publish: false });
    const elsewhere = await liveWorkflow(h, exampleWorkflow(otherForm));

    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    // Runs of one event are queued in one transaction: once the live workflow's run exists, the others
    // would exist too.
    await finishedRuns(h, live, 1);
    for (const id of [disabled, neverEnabled, unpublished, elsewhere]) {
      expect((await runsOf(h, id)).total).toBe(0);
    }
  });

  it('turns the same form.submitted envelope delivered twice (and a copy with a new id) into exactly one run', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    const submissionId = await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    await finishedRuns(h, workflowId, 1);
    const envelope = await eventually(
      async () => h.submitted.find((event) => (event.data as { submissionId?: string }).submissionId === submissionId),
      (found) => found !== undefined,
      'the captured form.submitted envelope',
    );
    if (!envelope) throw new Error('no envelope');

    await h.bus.publish([envelope]);
    await h.bus.publish([envelope]);
    // Same submission under a new event id: the inbox lets it through; UNIQUE (workflow, submission) does not.
    const copyId = uuidv7();
    await h.bus.publish([{ ...envelope, id: copyId }]);
    // The three share the submission's key, so they are handled in order: once the copy is in the inbox, the
    // two duplicates before it were handled too.
    await eventually(
      () => engineSql(h, sql`SELECT 1 FROM inbox WHERE event_id = ${copyId}::uuid`),
      (rows) => rows.length === 1,
      'the copy in the inbox',
    );
    await submit(h, form, { w1: 'Bob', w2: 'bob@example.com' });
    const { runs, total } = await finishedRuns(h, workflowId, 2);
    expect(total).toBe(2);
    expect(runs.filter((run) => run.triggerEventId === envelope.id)).toHaveLength(1);
  });

  it('runs the submissions that arrive together in shared transactions, each exactly once', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    const people = Array.from({ length: 20 }, (_, index) => `person${index}`);
    await Promise.all(people.map((name) => submit(h, form, { w1: name, w2: `${name}@example.com` })));
    const { runs, total } = await finishedRuns(h, workflowId, people.length);
    expect(total).toBe(people.length);
    expect(runs.every((run) => run.status === 'succeeded' && run.steps.length === 1)).toBe(true);
    const [written] = await engineSql(
      h,
      sql`SELECT count(*)::int AS mails, count(DISTINCT m.workflow_run_id)::int AS runs,
                 count(DISTINCT s.xmin::text)::int AS step_transactions
            FROM workflow_run_steps s JOIN workflow_runs r ON r.id = s.run_id
            LEFT JOIN mail_messages m ON m.workflow_run_id = r.id
           WHERE r.workflow_id = ${workflowId}::uuid`,
    );
    // One email per run; the steps of runs that finished together were written by the same statement.
    expect(written).toMatchObject({ mails: people.length, runs: people.length });
    expect(Number(written?.step_transactions)).toBeLessThan(people.length);
  });
});

describe('execution', () => {
  it('fails the step and the run of a node type the engine cannot run yet (an integration step, complete in the editor)', async () => {
    const form = await publishedForm(h);
    const template: WorkflowTemplate = exampleWorkflow(form);
    // A complete Discord step (it publishes): its action is not in the integrations service yet.
    const discord = { serviceId: 1, integrationId: null, config: { messageType: 'custom_message', message: 'New: {{answers.w1}}', channel: '#leads' } };
    template.nodes = {
      n1: { ...(template.nodes.n1 as WorkflowNode), nextNodeId: 'n1x' },
      n1x: { type: 'discord', template: discord, nextNodeId: null },
    };
    const workflowId = await liveWorkflow(h, template);
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });

    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('failed');
    expect(run?.error).toBe(copy.workflows.nodeNotSupported('discord'));
    expect(run?.steps.map((step) => [step.nodeId, step.status, step.error])).toEqual([
      ['n1', 'succeeded', null],
      ['n1x', 'failed', copy.workflows.nodeNotSupported('discord')],
    ]);
  });

  it('fails the email step when no recipient resolves to a valid address', async () => {
    const form = await publishedForm(h);
    const template = exampleWorkflow(form);
    (template.nodes.n1?.template as { recipients: unknown }).recipients = { type: 'picker', list: [{ email: { var: 'answers.w1' } }] };
    const workflowId = await liveWorkflow(h, template);
    await submit(h, form, { w1: 'not an address', w2: 'ada@example.com' });

    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('failed');
    expect(run?.steps[0]?.error).toBe(`${copy.workflows.noValidRecipients} (not an address)`);
    expect(await mailOfRun(run?.id ?? '')).toHaveLength(0);
  });

  it('reclaims a run that crashed mid-step and sends its email exactly once', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const [done] = (await finishedRuns(h, workflowId, 1)).runs;
    const runId = done?.id ?? '';

    // Stage the state a crash leaves: the step recorded as running, no mail committed, the lease expired.
    await engineSql(h, sql`DELETE FROM mail_messages WHERE workflow_run_id = ${runId}`);
    await engineSql(h, sql`UPDATE workflow_run_steps SET status = 'running', output = NULL, finished_at = NULL WHERE run_id = ${runId}`);
    await engineSql(
      h,
      sql`UPDATE workflow_runs SET status = 'running', finished_at = NULL, lease_token = ${uuidv7()},
          lease_expires_at = now() - interval '1 second' WHERE id = ${runId}`,
    );

    const { runs } = await eventually(() => runsOf(h, workflowId), (page) => page.runs[0]?.status === 'succeeded', 'the reclaimed run');
    expect(runs[0]?.steps[0]?.status).toBe('succeeded');
    expect(await mailOfRun(runId)).toHaveLength(1);
    const [row] = await engineSql(h, sql`SELECT attempts FROM workflow_runs WHERE id = ${runId}`);
    expect(row?.attempts).toBe(2);
  });

  it('does not send again when a reclaimed run had already finished its email step', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const runId = (await finishedRuns(h, workflowId, 1)).runs[0]?.id ?? '';

    await engineSql(
      h,
      sql`UPDATE workflow_runs SET status = 'running', finished_at = NULL, lease_token = ${uuidv7()},
          lease_expires_at = now() - interval '1 second' WHERE id = ${runId}`,
    );
    const { runs } = await eventually(() => runsOf(h, workflowId), (page) => page.runs[0]?.status === 'succeeded', 'the reclaimed run');
    expect(runs[0]?.steps).toHaveLength(1);
    expect(await mailOfRun(runId)).toHaveLength(1);
    const [step] = await engineSql(h, sql`SELECT attempts FROM workflow_run_steps WHERE run_id = ${runId}`);
    expect(step?.attempts).toBe(1);
  });
});

describe('GET /admin/mail', () => {
  it('is for admins of the organization only', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    await finishedRuns(h, workflowId, 1);

    expect((await call(h, 'GET', '/admin/mail', null)).statusCode).toBe(401);
    const notAdmin = await call(h, 'GET', '/admin/mail', 'writer');
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual({ error: { code: 'forbidden', message: copy.auth.adminOnly } });

    const mine = await mailOf(h, 'admin');
    expect(mine.total).toBeGreaterThan(0);
    expect(await mailOf(h, 'outsider')).toEqual({ messages: [], total: 0 });

    const page = await mailOf(h, 'admin', { limit: 1, offset: 0 });
    expect(page.messages).toHaveLength(1);
    expect(page.total).toBe(mine.total);
    const sentAt = mine.messages.map((message) => message.sentAt);
    expect([...sentAt].sort().reverse()).toEqual(sentAt);
    expect((await call(h, 'GET', '/admin/mail?limit=1001', 'admin')).statusCode).toBe(400);
  });
});
