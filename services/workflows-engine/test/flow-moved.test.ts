/**
 * `flow.moved` v1 (spec 000 §4 "Dragging"; the form's workspace decides access to its workflows, spec 001 §6) with
 * the real flows service and engine on one in-process bus, PGlite: the event (published here on the bus as flows
 * emits it) moves the form's workflows and webhook subscriptions to the new workspace — its members may read and
 * list them, members of only the old one get 404 and no longer see them listed; a redelivery (same id) and a copy
 * of the move (another id) change nothing; another organization's workflows and subscriptions on the same public
 * identifier stay where they are.
 */
import { sql } from 'drizzle-orm';
import { createWebhook, deleteWebhook, listWebhookDeliveries, type CreateWebhookResponse } from '@formloom/contracts/api/workflows-engine/webhooks';
import { getWorkflow, listWorkflows, type WorkflowResponse, type WorkflowsResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import { listWorkflowRuns, type WorkflowRunsResponse } from '@formloom/contracts/api/workflows-engine/runs';
import * as copy from '@formloom/contracts/copy';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { FLOW_MOVED, FLOW_MOVED_VERSION, type FlowMovedData } from '@formloom/contracts/events/flow-moved';
import { uuidv7 } from '@formloom/kit/ids';
import { endpointRequest, metricValue, parseMetrics } from '@formloom/kit/testing';
import { engineSql, eventually, exampleWorkflow, finishedRuns, liveWorkflow, publishedForm, setup, submit, WS, type Harness } from './helpers';

/** A second workspace of organization 1 (the form moves there). */
const NEW_WS = 3;

let h: Harness;
/** Organization 1, write access to the new workspace only. */
let newMember: { authorization: string };
/** Organization 1, write access to the old workspace (WS.main) only. */
let oldMember: { authorization: string };

beforeAll(async () => {
  // Subscriptions to 127.0.0.1 pass the outbound guard; nothing is submitted to them after they are made.
  h = await setup({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  newMember = await h.issuer.headers({ id: 11, organizationId: 1, workspaces: { [NEW_WS]: 'write' } });
  oldMember = await h.issuer.headers({ id: 12, organizationId: 1, workspaces: { [WS.main]: 'write' } });
});
afterAll(async () => {
  await h.close();
});

/** The `flow.moved` envelope of form `flowPublicIdentifier` (organization 1) from WS.main to NEW_WS. */
function movedEvent(flowId: number, flowPublicIdentifier: string): EventEnvelope<FlowMovedData> {
  return {
    id: uuidv7(),
    type: FLOW_MOVED,
    version: FLOW_MOVED_VERSION,
    occurredAt: new Date().toISOString(),
    key: flowPublicIdentifier,
    tenant: { organizationId: 1, workspaceId: NEW_WS },
    data: { flowId, flowPublicIdentifier, fromWorkspaceId: WS.main, workspaceId: NEW_WS },
  };
}

/** How many `flow.moved` events the engine's consumer group handled with `outcome` (its `/metrics`). */
async function consumed(outcome: 'processed' | 'duplicate'): Promise<number> {
  const response = await h.engine.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  const labels = { service: 'workflows-engine', group: 'workflows-engine', type: FLOW_MOVED, outcome };
  return metricValue(parseMetrics(response.body), 'formloom_consumer_events_total', labels) ?? 0;
}

/** Publishes `event` and waits until the engine has handled it `outcome` (one more than before). */
async function deliver(event: EventEnvelope<FlowMovedData>, outcome: 'processed' | 'duplicate'): Promise<void> {
  const before = await consumed(outcome);
  await h.bus.publish([event]);
  await eventually(() => consumed(outcome), (count) => count === before + 1, `flow.moved ${outcome}`);
}

/** Every engine row of form `pid` that keeps a workspace: `{table, id, organization_id, workspace_id, updated_at}`. */
async function workspaceRows(pid: string): Promise<Array<Record<string, unknown>>> {
  return engineSql(
    h,
    sql`SELECT 'workflows' AS "table", id, organization_id, workspace_id, updated_at FROM workflows
         WHERE flow_public_identifier = ${pid}
        UNION ALL
        SELECT 'webhook_subscriptions', id, organization_id, workspace_id, NULL FROM webhook_subscriptions
         WHERE flow_public_identifier = ${pid}
        ORDER BY 1, 2`,
  );
}

/** Subscribes a receiver on 127.0.0.1 to form `formId` as the writer; fails the test unless 201. */
async function subscribe(formId: string, path: string): Promise<string> {
  const response = await h.engine.app.inject(
    endpointRequest(createWebhook, { headers: h.headers.writer, body: { formId, url: `http://127.0.0.1:9${path}` } }),
  );
  if (response.statusCode !== 201) throw new Error(`webhook create failed: ${response.statusCode} ${response.body}`);
  return response.json<CreateWebhookResponse>().id;
}

it('moves the form’s workflows and webhooks to the new workspace, once, and only in its organization', async () => {
  const form = await publishedForm(h);
  const workflowId = await liveWorkflow(h, exampleWorkflow(form));
  await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
  await finishedRuns(h, workflowId, 1);
  const webhookId = await subscribe(form, '/live');
  const deletedWebhookId = await subscribe(form, '/deleted');
  const deleted = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.writer, body: { webhookId: deletedWebhookId } }));
  expect(deleted.statusCode).toBe(200);
  const [flowRow] = await engineSql(h, sql`SELECT flow_id FROM workflows WHERE id = ${workflowId}`);
  const flowId = Number(flowRow!.flow_id);

  // Another organization's workflow and subscription on the same public identifier (the tables allow it).
  const foreignWorkflowId = uuidv7();
  const foreignWebhookId = uuidv7();
  await engineSql(
    h,
    sql`INSERT INTO workflows (id, organization_id, workspace_id, flow_id, flow_public_identifier, name, draft_template)
        VALUES (${foreignWorkflowId}, 2, ${WS.other}, 999, ${form}, 'Theirs', ${JSON.stringify(exampleWorkflow(form))}::jsonb)`,
  );
  await engineSql(
    h,
    sql`INSERT INTO webhook_subscriptions (id, organization_id, workspace_id, flow_public_identifier, url, secret_encrypted, created_by)
        VALUES (${foreignWebhookId}, 2, ${WS.other}, ${form}, 'https://example.com/theirs', 'v1.x.x.x', 3)`,
  );

  // Before the move the old workspace's member sees the workflow, the new one's does not.
  const read = (headers: { authorization: string }) =>
    h.engine.app.inject(endpointRequest(getWorkflow, { params: { id: workflowId }, headers }));
  const list = async (headers: { authorization: string }) => {
    const response = await h.engine.app.inject(endpointRequest(listWorkflows, { query: { flowPublicIdentifier: form }, headers }));
    expect(response.statusCode).toBe(200);
    return response.json<WorkflowsResponse>().workflows.map((workflow) => workflow.id);
  };
  const before = await read(oldMember);
  expect(before.statusCode).toBe(200);
  expect((await read(newMember)).statusCode).toBe(404);

  const event = movedEvent(flowId, form);
  await deliver(event, 'processed');

  // The new workspace's member reads and lists the workflow, its runs and the webhook's delivery log.
  const fresh = await read(newMember);
  expect(fresh.statusCode).toBe(200);
  expect(await list(newMember)).toEqual([workflowId]);
  const runs = await h.engine.app.inject(endpointRequest(listWorkflowRuns, { params: { id: workflowId }, headers: newMember }));
  expect(runs.statusCode).toBe(200);
  expect(runs.json<WorkflowRunsResponse>().runs).toHaveLength(1);
  const deliveries = (headers: { authorization: string }) =>
    h.engine.app.inject(endpointRequest(listWebhookDeliveries, { params: { webhookId }, headers }));
  expect((await deliveries(newMember)).statusCode).toBe(200);

  // A member of only the old workspace no longer finds them (never learning they exist).
  const gone = await read(oldMember);
  expect(gone.statusCode).toBe(404);
  expect(gone.json<{ error: { message: string } }>().error.message).toBe(copy.workflows.workflowNotFound);
  expect(await list(oldMember)).toEqual([]);
  expect((await h.engine.app.inject(endpointRequest(listWorkflowRuns, { params: { id: workflowId }, headers: oldMember }))).statusCode).toBe(404);
  const refused = await deliveries(oldMember);
  expect(refused.statusCode).toBe(404);
  expect(refused.json<{ error: { message: string } }>().error.message).toBe(copy.webhooks.webhookNotFound);

  // Every row of the form in organization 1 moved (the deleted subscription too); organization 2's did not.
  const moved = await workspaceRows(form);
  expect(new Set(moved.map((row) => JSON.stringify([row.table, row.id, row.organization_id, row.workspace_id])))).toEqual(
    new Set(
      [
        ['webhook_subscriptions', webhookId, 1, NEW_WS],
        ['webhook_subscriptions', deletedWebhookId, 1, NEW_WS],
        ['webhook_subscriptions', foreignWebhookId, 2, WS.other],
        ['workflows', workflowId, 1, NEW_WS],
        ['workflows', foreignWorkflowId, 2, WS.other],
      ].map((row) => JSON.stringify(row)),
    ),
  );
  expect((await h.engine.app.inject(endpointRequest(getWorkflow, { params: { id: foreignWorkflowId }, headers: h.headers.outsider }))).statusCode).toBe(200);
  // The workflow itself did not change: its `updatedAt` is the one before the move.
  expect(fresh.json<WorkflowResponse>().workflow.updatedAt).toBe(before.json<WorkflowResponse>().workflow.updatedAt);

  // A redelivery (same event id) is an inbox hit; a copy of the move under another id finds every row there.
  await deliver(event, 'duplicate');
  await deliver(movedEvent(flowId, form), 'processed');
  expect(await workspaceRows(form)).toEqual(moved);
  expect((await read(newMember)).statusCode).toBe(200);
  expect((await read(oldMember)).statusCode).toBe(404);
});
