/**
 * `workspace.deleted` v1 (docs/architecture.md "Workspace management"): when an admin deletes a workspace, the flows
 * service deletes its forms — trashed ones too — with their versions and submissions, and emits `flow.deleted` for
 * each (the engine then deletes their workflows); the forms of other workspaces, and another organization's forms in
 * a workspace of the same id, stay. A redelivery of the same event changes nothing. The real service on PGlite,
 * the event delivered by a real in-process bus.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { WORKSPACE_DELETED, WORKSPACE_DELETED_VERSION, type WorkspaceDeletedData } from '@formloom/contracts/events/workspace-deleted';
import { InProcessBus } from '@formloom/kit/bus/in-process';
import { uuidv7 } from '@formloom/kit/ids';
import { countRows, createFlow, outboxRows, publishedExample, setup, submit, WS, type Harness } from './helpers';

let bus: InProcessBus;
let h: Harness;
beforeAll(async () => {
  bus = new InProcessBus({ retryInitialMs: 20, retryMaxMs: 200 });
  h = await setup({ bus });
  await h.service.start();
});
afterAll(async () => {
  await h.service.close();
  await bus.close();
});

/** Polls `check` every 20 ms until it holds (at most 5 s). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The `workspace.deleted` envelope of workspace `workspaceId` of organization `organizationId`. */
function deletedEvent(organizationId: number, workspaceId: number, id = uuidv7()): EventEnvelope<WorkspaceDeletedData> {
  return {
    id,
    type: WORKSPACE_DELETED,
    version: WORKSPACE_DELETED_VERSION,
    occurredAt: new Date().toISOString(),
    key: String(workspaceId),
    tenant: { organizationId, workspaceId },
    data: { workspaceId },
  };
}

const status = async (publicIdentifier: string) =>
  (await h.service.app.inject({ method: 'GET', url: `/admin/flows/fetch/${publicIdentifier}`, headers: h.headers.writer })).statusCode;

it("deletes the workspace's forms with their submissions and says so for each; other workspaces keep theirs", async () => {
  const live = await publishedExample(h);
  expect((await submit(h, live, { w1: 'Ada', w2: 'ada@example.com' })).statusCode).toBe(201);
  const draft = (await createFlow(h, { name: 'Draft' })).publicIdentifier;
  const trashed = (await createFlow(h, { name: 'Trashed' })).publicIdentifier;
  expect((await h.service.app.inject({ method: 'POST', url: `/admin/flows/${trashed}/trash`, headers: h.headers.writer })).statusCode).toBe(200);
  const kept = (await createFlow(h, { name: 'Elsewhere', workspaceId: WS.second })).publicIdentifier;
  // Organization 2's workspace 2 has a form; organization 1 has no workspace 2, so an event for it must not touch it.
  const foreign = (await createFlow(h, { name: 'Foreign', workspaceId: WS.other }, 'outsider')).publicIdentifier;
  const submissionsBefore = await countRows(h, 'submissions');

  const event = deletedEvent(1, WS.main);
  await bus.publish([event]);
  await eventually(async () => (await status(live)) === 404 && (await status(draft)) === 404 && (await status(trashed)) === 404, 'the forms deleted');

  expect(await status(kept)).toBe(200);
  const foreignStatus = (await h.service.app.inject({ method: 'GET', url: `/admin/flows/fetch/${foreign}`, headers: h.headers.outsider })).statusCode;
  expect(foreignStatus).toBe(200);
  expect(await countRows(h, 'submissions')).toBe(submissionsBefore - 1);
  const deleted = (await outboxRows(h, 'flow.deleted')).filter((row) => [live, draft, trashed].includes(row.key));
  expect(deleted.map((row) => row.key).sort()).toEqual([live, draft, trashed].sort());
  for (const row of deleted) {
    expect(row.envelope.tenant).toEqual({ organizationId: 1, workspaceId: WS.main });
    expect(row.envelope.data).toMatchObject({ flowPublicIdentifier: row.key, workspaceId: WS.main });
  }

  // The same event again: nothing more is deleted or emitted.
  const outboxBefore = await countRows(h, 'outbox');
  await bus.publish([event]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await countRows(h, 'outbox')).toBe(outboxBefore);
  expect(await status(kept)).toBe(200);
});
