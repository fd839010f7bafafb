/**
 * Test harness: a REAL flows service listening on 127.0.0.1 (the engine calls its internal API over HTTP) and
 * the engine, both on in-memory PGlite, sharing one InProcessBus and one JWT issuer. Nothing of ours is mocked.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { listMail, type MailMessagesResponse } from '@formloom/contracts/api/workflows-engine/mail';
import { listWorkflowRuns, type ListRunsQueryInput, type WorkflowRunsResponse } from '@formloom/contracts/api/workflows-engine/runs';
import {
  createWorkflow as createWorkflowEndpoint,
  enableOrDisableWorkflow,
  publishWorkflow,
  type WorkflowResponse,
} from '@formloom/contracts/api/workflows-engine/workflows';
import { buildApp as buildFlows } from '@formloom/flows/app';
import { InProcessBus } from '@formloom/kit/bus/in-process';
import { rowsOf } from '@formloom/kit/db';
import { createTestIssuer, endpointRequest, type TestIssuer } from '@formloom/kit/testing';
import { buildApp as buildEngine } from '../src/app';

/** The internal token both services share. */
export const INTERNAL_TOKEN = 'engine-test-internal-token';

/** Workspace ids: 1 belongs to organization 1, 2 to organization 2. */
export const WS = { main: 1, other: 2 } as const;

/** Test users. */
export const users = {
  /** Organization 1, write access to workspace 1. */
  writer: { id: 1, organizationId: 1, email: 'writer@example.com', workspaces: { [WS.main]: 'write' as const } },
  /** Organization 1, read-only member of workspace 1. */
  reader: { id: 2, organizationId: 1, workspaces: { [WS.main]: 'read' as const } },
  /** Organization 1 admin with write access to workspace 1. */
  admin: { id: 4, organizationId: 1, isAdmin: true, workspaces: { [WS.main]: 'write' as const } },
  /** Organization 2 admin, write access to workspace 2 only. */
  outsider: { id: 3, organizationId: 2, isAdmin: true, workspaces: { [WS.other]: 'write' as const } },
  /** Organization 1, `limited` in workspace 1: reaches only the forms they create there (and their workflows). */
  limited: { id: 5, organizationId: 1, email: 'limited@example.com', workspaces: { [WS.main]: 'limited' as const } },
};
/** A user key of {@link users}. */
export type UserKey = keyof typeof users;

/** The two services, the bus, the issuer and per-user headers. */
export interface Harness {
  bus: InProcessBus;
  issuer: TestIssuer;
  flows: Awaited<ReturnType<typeof buildFlows>>;
  engine: Awaited<ReturnType<typeof buildEngine>>;
  headers: Record<UserKey, { authorization: string }>;
  /** Every `form.submitted` envelope seen on the bus (a separate consumer group). */
  submitted: EventEnvelope[];
  close(): Promise<void>;
}

/**
 * Starts flows (listening on 127.0.0.1:0) and the engine, the engine's consumers first; `engineEnv` adds engine
 * variables (SMTP_URL…).
 */
export async function setup(engineEnv: Record<string, string> = {}): Promise<Harness> {
  const issuer = await createTestIssuer();
  const bus = new InProcessBus({ retryInitialMs: 20, retryMaxMs: 200 });
  const submitted: EventEnvelope[] = [];
  await bus.subscribe({ group: 'test-capture', types: ['form.submitted'], handler: async (event) => void submitted.push(event) });
  const flows = await buildFlows({
    env: {
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
      INTERNAL_TOKEN,
      HOST: '127.0.0.1',
      PORT: '0',
      OUTBOX_POLL_MS: '50',
      // Uploaded files (the every-type form's) go to a directory of the test's own.
      FILE_STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'engine-test-files-')),
    },
    jwks: issuer.jwks,
    bus,
    logger: false,
  });
  const flowsUrl = await flows.listen();
  const engine = await buildEngine({
    env: {
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
      INTERNAL_TOKEN,
      FLOWS_URL: flowsUrl,
      RUNS_POLL_MS: '50',
      RUN_LEASE_MS: '2000',
      ...engineEnv,
    },
    jwks: issuer.jwks,
    bus,
    logger: false,
  });
  // Consumers before producers: the in-process bus keeps no events for groups that have not subscribed.
  await engine.start();
  await flows.start();
  const headers = {} as Record<UserKey, { authorization: string }>;
  for (const key of Object.keys(users) as UserKey[]) headers[key] = await issuer.headers(users[key]);
  return {
    bus,
    issuer,
    flows,
    engine,
    headers,
    submitted,
    async close() {
      await engine.close();
      await flows.close();
      await bus.close();
    },
  };
}

/** The example form of docs/product-rules.md §2: Name (w1, required), Email (w2, EmailInput, required), Plan (w3). */
export function exampleForm(): FlowTemplate {
  return exampleFormTemplate();
}

/** Creates and publishes a form through flows' HTTP API as `user`; returns its public identifier. */
export async function publishedForm(h: Harness, user: UserKey = 'writer', workspaceId: number = WS.main): Promise<string> {
  const created = await h.flows.app.inject(
    endpointRequest(createFlow, { headers: h.headers[user], body: { workspaceId, name: 'Contact', flowTemplate: exampleForm() } }),
  );
  if (created.statusCode !== 201) throw new Error(`flow create failed: ${created.statusCode} ${created.body}`);
  const { publicIdentifier } = created.json<{ flow: { publicIdentifier: string } }>().flow;
  const published = await h.flows.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier }, headers: h.headers[user] }));
  if (published.statusCode !== 200) throw new Error(`flow publish failed: ${published.statusCode} ${published.body}`);
  return publicIdentifier;
}

/** Submits answers to a form through flows' public API; fails the test unless 201. */
export async function submit(h: Harness, publicIdentifier: string, answers: Record<string, unknown>): Promise<string> {
  const response = await h.flows.app.inject(endpointRequest(submitAnswers, { params: { publicIdentifier }, body: { answers } }));
  if (response.statusCode !== 201) throw new Error(`submit failed: ${response.statusCode} ${response.body}`);
  return response.json<{ submission: { submissionId: string } }>().submission.submissionId;
}

/** The example workflow template, verbatim, on `publicIdentifier`. */
export function exampleWorkflow(publicIdentifier: string): WorkflowTemplate {
  return JSON.parse(
    `{ "trigger": { "type": "formSubmission", "template": { "flowPublicIdentifier": "${publicIdentifier}" }, "nextNodeId": "n1" }, "nodes": { "n1": { "type": "email", "nextNodeId": null, "template": { "email": { "subject": "Thank you for your submission", "from": { "type": "formloom_notifications" }, "blocks": [ { "type": "text", "text": "Hi there" }, { "type": "submission_overview", "showHidden": false } ] }, "recipients": { "type": "string", "list": [ { "email": "ada@example.com" } ] } } } } }`,
  ) as WorkflowTemplate;
}

/** Calls the engine. */
export function call(h: Harness, method: 'GET' | 'POST' | 'DELETE', url: string, user: UserKey | null, payload?: unknown) {
  return h.engine.app.inject({
    method,
    url,
    headers: user ? h.headers[user] : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Creates a workflow as `user`; returns its id. Fails the test unless 200. */
export async function createWorkflow(h: Harness, template: WorkflowTemplate, user: UserKey = 'writer', name = 'Thank you'): Promise<string> {
  const response = await h.engine.app.inject(
    endpointRequest(createWorkflowEndpoint, { headers: h.headers[user], body: { template, isHidden: false, name } }),
  );
  if (response.statusCode !== 200) throw new Error(`workflow create failed: ${response.statusCode} ${response.body}`);
  return response.json<WorkflowResponse>().workflow.id;
}

/** Creates, publishes and (unless `enable` is false) enables a workflow; returns its id. */
export async function liveWorkflow(h: Harness, template: WorkflowTemplate, options: { enable?: boolean; publish?: boolean } = {}): Promise<string> {
  const id = await createWorkflow(h, template);
  if (options.publish !== false) {
    const published = await h.engine.app.inject(endpointRequest(publishWorkflow, { headers: h.headers.writer, body: { id, template } }));
    if (published.statusCode !== 200) throw new Error(`publish failed: ${published.statusCode} ${published.body}`);
  }
  if (options.enable !== false) {
    const enabled = await h.engine.app.inject(
      endpointRequest(enableOrDisableWorkflow, { headers: h.headers.writer, body: { id, isActive: true } }),
    );
    if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  }
  return id;
}

/** The runs page of a workflow (live runs unless `query.mode` says `edit`), read as the writer. */
export async function runsOf(h: Harness, workflowId: string, query: ListRunsQueryInput = {}): Promise<WorkflowRunsResponse> {
  const response = await h.engine.app.inject(endpointRequest(listWorkflowRuns, { params: { id: workflowId }, query, headers: h.headers.writer }));
  if (response.statusCode !== 200) throw new Error(`runs failed: ${response.statusCode} ${response.body}`);
  return response.json<WorkflowRunsResponse>();
}

/** The mail log as `user` (an admin). */
export async function mailOf(h: Harness, user: UserKey = 'admin', query: { limit?: number; offset?: number } = {}): Promise<MailMessagesResponse> {
  const response = await h.engine.app.inject(endpointRequest(listMail, { query, headers: h.headers[user] }));
  if (response.statusCode !== 200) throw new Error(`mail failed: ${response.statusCode} ${response.body}`);
  return response.json<MailMessagesResponse>();
}

/**
 * Polls `read` until `done` holds and returns the last value. The deadline only stops a broken test from
 * hanging; no assertion depends on how long it took.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until a workflow has `count` finished runs (live, or of `mode`) and returns the runs page. */
export function finishedRuns(h: Harness, workflowId: string, count: number, mode: 'live' | 'edit' = 'live'): Promise<WorkflowRunsResponse> {
  return eventually(
    () => runsOf(h, workflowId, { mode }),
    (page) => page.runs.filter((run) => run.status === 'succeeded' || run.status === 'failed').length >= count,
    `${count} finished runs of ${workflowId}`,
  );
}

/** Runs SQL on the engine's own database (to stage a crashed run). */
export async function engineSql(h: Harness, query: SQL): Promise<Array<Record<string, unknown>>> {
  return rowsOf(await h.engine.ctx.db.execute(query));
}
