/**
 * Approval steps end to end (docs/architecture.md "Approvals"; spec 001 §3, §4, §6), with the real flows service and
 * the engine, on PGlite (a data directory, so the engine can restart on it) and on the machine's PostgreSQL:
 * - each approver gets an email (the mail log: no SMTP) with the submission and one button per state, each a link to
 *   the approver's page with a signed token in its fragment; the run waits as a `waiting` row, its step the request;
 * - the page's calls: `open` shows the submission and the fields (and changes nothing), `decide` checks the fields
 *   for the chosen state, records the decision once and resumes the run on that state's edge, where later nodes read
 *   `nodes.<id>.state`, `…decidedBy`, `…fields.<id>`; a second decision — also one made at the same moment — gets
 *   409 'Already decided: <state> by <who>';
 * - an engine restart during the wait loses nothing; forged, unknown and expired tokens are refused (404, 409) and an
 *   expired request fails its step; the calls are rate limited per address;
 * - over SMTP each approver's message is handed to the server and logged, and its links work; tokens are the same
 *   every time they are made (a copy sent again after a crash works);
 * - the gallery's `approve_or_reject` is created live with the caller as approver.
 */
import type { NodeServices } from '../src/nodes/executor';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decideApproval, openApproval, type ApprovalView } from '@formloom/contracts/api/workflows-engine/approvals';
import { createWorkflow, type WorkflowResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { readApprovalLink } from '@formloom/contracts/rules/approval-links';
import { APPROVAL_PALETTE, type ApprovalNodeTemplate } from '@formloom/contracts/workflows/nodes/approval';
import { openDatabase } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';
import { buildApp as buildEngine } from '../src/app';
import { signApprovalToken, loadApprovalLinkKey } from '../src/domain/approval-tokens';
import { approvalExecutor } from '../src/nodes/approval';
import { engineSql, eventually, finishedRuns, INTERNAL_TOKEN, liveWorkflow, mailOf, publishedForm, runsOf, setup, submit, type Harness } from './helpers';

/** Starting two services on a busy shared machine can take a while (no assertion depends on it). */
const SETUP_TIMEOUT_MS = 180_000;
const SERVER = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PG_NAME = `formloom_wf_approval_engine_test_${process.pid}`;

function postgresUrl(database: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A workflow: the approval `a1` (Approved → `ea`, Rejected → `er`; two approvers; a required 'Why' for Rejected and an optional 'Tier' for both), then an email per state. */
function approvalWorkflow(form: string): WorkflowTemplate {
  const approval: ApprovalNodeTemplate = {
    states: [
      { id: 'yes', name: 'Approved', color: APPROVAL_PALETTE[0], nextNodeId: 'ea' },
      { id: 'no', name: 'Rejected', color: APPROVAL_PALETTE[1], nextNodeId: 'er' },
    ],
    approvers: { type: 'users', approvers: [{ userId: 1, email: 'ada@example.com' }, { email: 'bob@example.com' }], slackServiceId: null },
    sendOver: 'email',
    completionRule: { type: 'atleast_one', count: 1 },
    input: {
      fields: [
        { customFieldId: 'why', label: 'Why', required: true, showForStates: { type: 'custom', customStateIds: ['no'] }, type: 'LongAnswer' },
        {
          customFieldId: 'tier',
          label: 'Tier',
          required: false,
          showForStates: { type: 'all', customStateIds: [] },
          type: 'Dropdown',
          options: [
            { id: 'gold', label: 'Gold' },
            { id: 'silver', label: 'Silver' },
          ],
        },
      ],
    },
    email: {
      subject: 'Approve {{flow.name}}?',
      blocks: [{ type: 'text', text: 'Please decide.' }, { type: 'submission_overview', showHidden: false }, { type: 'approval_buttons' }],
    },
    slack: { message: '', messageType: 'custom_message', includeAllFields: true, channel: null, channelId: null },
  };
  const email = (to: string, subject: string) => ({
    type: 'email' as const,
    nextNodeId: null,
    template: {
      email: { subject, from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Decided.' }] },
      recipients: { type: 'string', list: [{ email: to }] },
    },
  });
  return {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: 'a1' },
    nodes: {
      a1: { type: 'approval', nextNodeId: null, template: approval },
      ea: email('approved@example.com', '{{nodes.a1.state}} by {{nodes.a1.decidedBy}}, tier {{nodes.a1.fields.tier}}'),
      er: email('rejected@example.com', '{{nodes.a1.state}}: {{nodes.a1.fields.why}}'),
    },
  };
}

/** The approval links of a message: per link its token and state. */
function linksIn(text: string): Array<{ token: string; stateId: string | null }> {
  return [...text.matchAll(/https?:\/\/\S+\/approve#\S+/g)].map((match) => readApprovalLink(new URL(match[0]).hash)!);
}

const DATABASES: Array<[string, () => Record<string, string>]> = [
  ['PGlite', () => ({ DATABASE_URL: '', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wf-approval-engine-')) })],
  ['PostgreSQL', () => ({ DATABASE_URL: postgresUrl(PG_NAME) })],
];

describe.each(DATABASES)('approvals on %s', (name, databaseEnv) => {
  let h: Harness;
  let env: Record<string, string>;
  /** The engine after a restart (the harness's own one is closed then). */
  let restarted: Awaited<ReturnType<typeof buildEngine>> | undefined;

  beforeAll(async () => {
    env = { ...databaseEnv(), PUBLIC_URL: 'https://formloom.test', APPROVAL_PUBLIC_RATE_LIMIT: '0' };
    h = await setup(env);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (restarted) {
      await restarted.close();
      await h.flows.close();
      await h.bus.close();
    } else {
      await h.close();
    }
    if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
    if (name === 'PostgreSQL') {
      const admin = await openDatabase({ kind: 'postgres', url: postgresUrl('postgres'), poolSize: 1 });
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${PG_NAME}" WITH (FORCE)`));
      await admin.close();
    }
  });

  const engine = () => restarted ?? h.engine;
  const open = (token: string): Promise<LightMyRequestResponse> => engine().app.inject(endpointRequest(openApproval, { body: { token } }));
  const decide = (token: string, stateId: string, fields: Record<string, unknown> = {}): Promise<LightMyRequestResponse> =>
    engine().app.inject(endpointRequest(decideApproval, { body: { token, stateId, fields } }));
  const runRow = async (runId: string) =>
    (await rowsOfEngine(sql`SELECT status, due_at > now() + interval '29 days' AS due_in_30_days, due_at <= now() AS due FROM workflow_runs WHERE id = ${runId}::uuid`))[0];
  const rowsOfEngine = (query: ReturnType<typeof sql>) => (restarted ? restartedSql(query) : engineSql(h, query));
  const restartedSql = async (query: ReturnType<typeof sql>) => {
    const result = (await restarted!.ctx.db.execute(query)) as unknown as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
    return Array.isArray(result) ? result : (result.rows ?? []);
  };

  /** Submits to a new form with the approval workflow; resolves once the run waits, with the approvers' links. */
  async function waitingApproval(template: (form: string) => WorkflowTemplate = approvalWorkflow) {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, template(form));
    await submit(h, form, { w1: 'Grace Hopper', w2: 'grace@example.com', w3: 'o2' });
    const page = await eventually(() => runsOf(h, workflowId), (runs) => runs.runs[0]?.status === 'waiting', 'the run to wait');
    const run = page.runs[0]!;
    const messages = (await mailOf(h, 'admin', { limit: 1000 })).messages.filter((message) => message.workflowRunId === run.id);
    const linksOf = (address: string) => linksIn(messages.find((message) => message.to.includes(address))!.text);
    return { form, workflowId, run, messages, ada: linksOf('ada@example.com'), bob: linksOf('bob@example.com') };
  }

  it('emails each approver the submission and one link per state, and keeps the run waiting for 30 days', async () => {
    const { run, messages, ada, bob } = await waitingApproval();
    expect(messages.map((message) => message.to).sort()).toEqual([['ada@example.com'], ['bob@example.com']]);
    for (const message of messages) {
      expect(message.subject).toBe('Approve Contact?');
      expect(message.text).toContain('Please decide.');
      expect(message.text).toContain('Grace Hopper');
      expect(message.html).toContain(`background:${APPROVAL_PALETTE[0]}`);
      expect(message.html).toContain('>Rejected</a>');
    }
    expect(ada.map((link) => link.stateId)).toEqual(['yes', 'no']);
    expect(new Set(ada.map((link) => link.token)).size).toBe(1);
    expect(ada[0]!.token).not.toBe(bob[0]!.token);
    expect(messages[0]!.text).toContain('https://formloom.test/approve#token=');

    expect(run.steps).toEqual([
      expect.objectContaining({ nodeId: 'a1', status: 'waiting', output: { approvers: ['ada@example.com', 'bob@example.com'], expiresAt: expect.any(String), sentOver: 'email' } }),
    ]);
    expect(await runRow(run.id)).toMatchObject({ status: 'waiting', due_in_30_days: true, due: false });
  });

  it('opens the request with what was submitted, the options and the fields, and changes nothing', async () => {
    const { run, ada } = await waitingApproval();
    const before = await rowsOfEngine(sql`SELECT due_at, output FROM workflow_runs r JOIN workflow_run_steps s ON s.run_id = r.id WHERE r.id = ${run.id}::uuid`);
    const response = await open(ada[0]!.token);
    expect(response.statusCode).toBe(200);
    const view = response.json<ApprovalView>();
    expect(view).toMatchObject({
      status: 'pending',
      formName: 'Contact',
      approver: 'ada@example.com',
      states: [
        { id: 'yes', name: 'Approved', color: APPROVAL_PALETTE[0] },
        { id: 'no', name: 'Rejected', color: APPROVAL_PALETTE[1] },
      ],
      fields: [
        { customFieldId: 'why', label: 'Why', required: true, type: 'LongAnswer', stateIds: ['no'] },
        { customFieldId: 'tier', label: 'Tier', required: false, type: 'Dropdown', stateIds: null },
      ],
    });
    if (view.status !== 'pending') throw new Error('not pending');
    expect(view.questions.slice(0, 2)).toEqual([
      { label: 'Name', answer: 'Grace Hopper' },
      { label: 'Email', answer: 'grace@example.com' },
    ]);
    expect(new Date(view.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const after = await rowsOfEngine(sql`SELECT due_at, output FROM workflow_runs r JOIN workflow_run_steps s ON s.run_id = r.id WHERE r.id = ${run.id}::uuid`);
    expect(after).toEqual(before);
  });

  it('enforces the fields of the chosen state, records the decision once and resumes the run on its edge', async () => {
    const { workflowId, run, ada, bob } = await waitingApproval();
    const token = bob[1]!.token;

    const missing = await decide(token, 'no', { tier: 'gold' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([{ path: 'fields.why', message: copy.validation.required }]);
    const wrongOption = await decide(token, 'no', { why: 'Budget', tier: 'platinum' });
    expect(wrongOption.statusCode).toBe(400);
    expect(wrongOption.json().error.details).toEqual([{ path: 'fields.tier', message: expect.any(String) }]);
    const unknownState = await decide(token, 'maybe');
    expect(unknownState.statusCode).toBe(400);
    expect(unknownState.json().error).toMatchObject({ message: copy.approval.unknownOption, details: [{ path: 'stateId', message: copy.approval.unknownOption }] });
    expect((await runRow(run.id))?.status).toBe('waiting');

    const decided = await decide(token, 'no', { why: 'Over budget', tier: 'gold' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().decision).toMatchObject({ stateId: 'no', stateName: 'Rejected', decidedBy: 'bob@example.com', color: APPROVAL_PALETTE[1] });

    const [finished] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(finished?.status).toBe('succeeded');
    expect(finished?.steps.map((step) => [step.nodeId, step.status])).toEqual([
      ['a1', 'succeeded'],
      ['er', 'succeeded'],
    ]);
    expect(finished?.steps[0]?.output).toMatchObject({
      state: 'Rejected',
      stateId: 'no',
      decidedBy: 'bob@example.com',
      decidedAt: expect.any(String),
      fields: { why: 'Over budget', tier: 'Gold' },
      values: { why: 'Over budget', tier: 'gold' },
      approvers: ['ada@example.com', 'bob@example.com'],
    });
    const sent = (await mailOf(h, 'admin', { limit: 1000 })).messages.filter((message) => message.workflowRunId === run.id);
    expect(sent.filter((message) => message.to[0] === 'rejected@example.com').map((message) => message.subject)).toEqual(['Rejected: Over budget']);
    expect(sent.some((message) => message.to[0] === 'approved@example.com')).toBe(false);

    // The other approver, and the same one again: the decision stands.
    const second = await decide(ada[0]!.token, 'yes');
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ message: 'Already decided: Rejected by bob@example.com', details: { reason: 'decided' } });
    const again = await open(ada[0]!.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'decided', formName: 'Contact', decision: expect.objectContaining({ stateName: 'Rejected', decidedBy: 'bob@example.com' }) });
    expect(JSON.stringify(again.json())).not.toContain('Grace Hopper');
  });

  it('takes one of two decisions made at the same moment, and runs the chosen edge once', async () => {
    const { workflowId, run, ada, bob } = await waitingApproval();
    const answers = await Promise.all([decide(ada[0]!.token, 'yes'), decide(bob[1]!.token, 'no', { why: 'No' })]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().decision as { stateId: string; stateName: string; decidedBy: string };
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json().error.message).toBe(`Already decided: ${winner.stateName} by ${winner.decidedBy}`);

    const [finished] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(finished?.steps.map((step) => step.nodeId)).toEqual(['a1', winner.stateId === 'yes' ? 'ea' : 'er']);
    const after = (await mailOf(h, 'admin', { limit: 1000 })).messages.filter((message) => message.workflowRunId === run.id);
    expect(after.filter((message) => ['approved@example.com', 'rejected@example.com'].includes(message.to[0]!))).toHaveLength(1);
  });

  it('refuses forged, unknown and malformed tokens with the same 404', async () => {
    const { run, ada } = await waitingApproval();
    const real = ada[0]!.token;
    const flipped = `${real.slice(0, -2)}${real.endsWith('AA') ? 'AB' : 'AA'}`;
    const key = await loadApprovalLinkKey(engine().ctx.db);
    const otherRun = signApprovalToken(key, { runId: '0190a3c8-0000-7000-8000-000000000000', nodeId: 'a1', approverIndex: 0 });
    const otherApprover = signApprovalToken(key, { runId: run.id, nodeId: 'a1', approverIndex: 7 });
    const otherNode = signApprovalToken(key, { runId: run.id, nodeId: 'ea', approverIndex: 0 });
    const wrongKey = signApprovalToken(Buffer.alloc(32, 1), { runId: run.id, nodeId: 'a1', approverIndex: 0 });
    for (const token of [flipped, otherRun, otherApprover, otherNode, wrongKey, 'nonsense', `${real}.x`]) {
      for (const answer of [await open(token), await decide(token, 'yes')]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json().error).toEqual({ code: 'not_found', message: copy.approval.invalidLink });
      }
    }
    expect((await runRow(run.id))?.status).toBe('waiting');
  });

  it('refuses an expired request, and fails its step once the worker reaches it', async () => {
    const { workflowId, run, ada } = await waitingApproval();
    // The request's 30 days are over (the run's due time is its expiry); staged by moving the due time.
    await rowsOfEngine(sql`UPDATE workflow_runs SET due_at = now() - interval '1 second' WHERE id = ${run.id}::uuid`);
    const opened = await open(ada[0]!.token);
    expect(opened.statusCode).toBe(409);
    expect(opened.json().error).toMatchObject({ message: copy.approval.expiredLink, details: { reason: 'expired' } });
    engine().deps.runWorker.kick();
    const [finished] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(finished).toMatchObject({ status: 'failed', error: 'No decision was made within 30 days' });
    expect(finished?.steps).toEqual([expect.objectContaining({ nodeId: 'a1', status: 'failed', error: 'No decision was made within 30 days' })]);
    const late = await decide(ada[0]!.token, 'yes');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(copy.approval.expiredLink);
  });

  it('loses nothing when the engine restarts during the wait: the decision resumes the run', async () => {
    const { run, ada } = await waitingApproval();
    const flowsUrl = h.engine.ctx.config.FLOWS_URL ?? '';
    await h.engine.close();
    restarted = await buildEngine({
      env: { DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', INTERNAL_TOKEN, FLOWS_URL: flowsUrl, RUNS_POLL_MS: '50', RUN_LEASE_MS: '2000', ...env },
      jwks: h.issuer.jwks,
      bus: h.bus,
      logger: false,
    });
    await restarted.start();
    const opened = await open(ada[0]!.token);
    expect(opened.statusCode).toBe(200);
    const decided = await decide(ada[1]!.token, 'yes', { tier: 'silver' });
    expect(decided.statusCode).toBe(200);
    const finished = await eventually(
      async () => (await rowsOfEngine(sql`SELECT status FROM workflow_runs WHERE id = ${run.id}::uuid`))[0]?.status,
      (status) => status === 'succeeded',
      'the run to finish after the restart',
    );
    expect(finished).toBe('succeeded');
    const mails = await rowsOfEngine(sql`SELECT to_addresses, subject FROM mail_messages WHERE workflow_run_id = ${run.id}::uuid AND node_id = 'ea'`);
    expect(mails).toEqual([{ to_addresses: ['approved@example.com'], subject: 'Approved by ada@example.com, tier Silver' }]);
  });
});

describe('approvals over SMTP', () => {
  let smtp: TestSmtpServer;
  let h: Harness;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await setup({ SMTP_URL: smtp.url, MAIL_FROM: 'robot@formloom.test', PUBLIC_URL: 'https://formloom.test', APPROVAL_PUBLIC_RATE_LIMIT: '0' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it('hands each approver their message, logs it, and a decision from its link resumes the run', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, approvalWorkflow(form));
    await submit(h, form, { w1: 'Grace Hopper', w2: 'grace@example.com' });
    await eventually(() => runsOf(h, workflowId), (runs) => runs.runs[0]?.status === 'waiting', 'the run to wait');
    const received = await eventually(async () => smtp.received, (list) => list.length >= 2, 'two SMTP messages');
    expect(received.map((mail) => mail.to).sort()).toEqual([['ada@example.com'], ['bob@example.com']]);
    const ada = received.find((mail) => mail.to.includes('ada@example.com'))!;
    expect(ada.data).toContain('Subject: Approve Contact?');
    // The SMTP copy carries the same links as the mail log's (quoted-printable may wrap lines: read the log's).
    const logged = (await mailOf(h)).messages.find((message) => message.to.includes('ada@example.com'))!;
    const [approve] = linksIn(logged.text);
    expect((await h.engine.app.inject(endpointRequest(decideApproval, { body: { token: approve!.token, stateId: 'yes' } }))).statusCode).toBe(200);
    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.steps.map((step) => [step.nodeId, step.status])).toEqual([
      ['a1', 'succeeded'],
      ['ea', 'succeeded'],
    ]);
  });

  it('makes the same token for the same approver every time, so a copy sent again after a crash has working links', async () => {
    const key = await loadApprovalLinkKey(h.engine.ctx.db);
    const subject = { runId: '0190a3c8-0000-7000-8000-000000000002', nodeId: 'a1', approverIndex: 1 };
    expect(signApprovalToken(key, subject)).toBe(signApprovalToken(await loadApprovalLinkKey(h.engine.ctx.db), subject));
    expect(signApprovalToken(key, subject)).not.toBe(signApprovalToken(key, { ...subject, approverIndex: 0 }));
  });
});

describe('approvals: the rest', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await setup({ PUBLIC_URL: 'https://formloom.test', APPROVAL_PUBLIC_RATE_LIMIT: '3' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await h.close();
  });

  it('limits the public calls per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await h.engine.app.inject({ ...endpointRequest(openApproval, { body: { token: 'nonsense' } }), remoteAddress: '203.0.113.9' })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const other = await h.engine.app.inject({ ...endpointRequest(openApproval, { body: { token: 'nonsense' } }), remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(404);
  });

  it('creates the gallery approve_or_reject live, the caller as the approver', async () => {
    const form = await publishedForm(h);
    const created = await h.engine.app.inject(
      endpointRequest(createWorkflow, {
        headers: h.headers.writer,
        body: { galleryTemplate: 'approve_or_reject', flowPublicIdentifier: form, activate: true },
      }),
    );
    expect(created.statusCode).toBe(200);
    const { workflow } = created.json<WorkflowResponse>();
    expect(workflow).toMatchObject({ name: 'Approve or reject', isActive: true });
    await submit(h, form, { w1: 'Ada', w2: 'ada.l@example.com' });
    const page = await eventually(() => runsOf(h, workflow.id), (runs) => runs.runs[0]?.status === 'waiting', 'the gallery run to wait');
    const messages = (await mailOf(h)).messages.filter((message) => message.workflowRunId === page.runs[0]!.id);
    expect(messages.map((message) => message.to)).toEqual([['writer@example.com']]);
    const [approve] = linksIn(messages[0]!.text);
    expect((await h.engine.app.inject(endpointRequest(decideApproval, { body: { token: approve!.token, stateId: approve!.stateId! } }))).statusCode).toBe(200);
    const [run] = (await finishedRuns(h, workflow.id, 1)).runs;
    expect(run?.status).toBe('succeeded');
    const respondent = (await mailOf(h)).messages.filter((message) => message.workflowRunId === run!.id && message.to[0] === 'ada.l@example.com');
    expect(respondent.map((message) => message.subject)).toEqual(['Your submission was approved']);
  });

  it('fails a Slack approval step with a clear reason: Slack cannot be connected yet', async () => {
    const outcome = await approvalExecutor.run({
      run: { id: '0190a3c8-0000-7000-8000-000000000001', workflowId: 'w', organizationId: 1, attempts: 1 },
      trigger: { type: 'formSubmission', data: { flowId: 1, flowPublicIdentifier: 'f', flowName: 'F', submissionId: 's', submissionTime: new Date().toISOString(), answers: {}, questions: [] } },
      logic: { answers: {} },
      nodeId: 'a1',
      idempotencyKey: 'k',
      node: {
        type: 'approval',
        nextNodeId: null,
        template: { ...(approvalWorkflow('f').nodes.a1!.template as ApprovalNodeTemplate), sendOver: 'slack_dm', approvers: { type: 'users', approvers: [{ email: 'a@example.com' }], slackServiceId: 'svc' } },
      },
      services: {
        mailer: { kind: 'log', send: async () => undefined, close: () => undefined },
        mailFrom: 'x@example.com',
        publicUrl: 'https://x',
        outbound: { allowedHosts: [], retryBaseMs: 0 },
        // Not reached: the step fails before any code could run.
        codeSandbox: undefined as unknown as NodeServices['codeSandbox'],
      },
    });
    expect(outcome).toEqual({ kind: 'fail', error: copy.approval.slackDeliveryUnavailable });
  });
});
