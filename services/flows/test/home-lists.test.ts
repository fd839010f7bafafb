/**
 * The home dashboard's backend (spec 000 §2 "Home page", §4 "Dragging", §6; docs/architecture.md §6 flows "The home
 * lists"): the lists' views and six sorts with their ties and pages, each user's stars, views and unread counts, the
 * trash (hidden from the other lists, public link gone, no publishing, restored as it was) and moving a flow to
 * another workspace with its `flow.moved` event — against the real service on PGlite.
 */
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import { FLOW_MOVED } from '@formloom/contracts/events/flow-moved';
import { FORM_SUBMITTED } from '@formloom/contracts/events/form-submitted';
import { FLOWS_PAGE_SIZE_MAX } from '@formloom/contracts/limits';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import { exampleTemplate, outboxRows, setup, submit, WS, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

function inject(options: InjectOptions) {
  return h.service.app.inject(options);
}

type Headers = { authorization: string };

/** Headers of a member of organization 1 with `workspaces` (each describe uses workspaces of its own). */
function member(id: number, workspaces: Record<number, AccessLevel>): Promise<Headers> {
  return h.issuer.headers({ id, organizationId: 1, workspaces });
}

/** A listed flow, as far as these tests read it. */
interface Listed {
  id: number;
  publicIdentifier: string;
  name: string;
  workspaceId: number;
  accessLevel: string;
  updatedAt: string;
  trashedAt: string | null;
  submissionCount: number;
  isStarred: boolean;
  lastViewedAt: string | null;
  unreadCount: number;
}

/** Creates a flow named `name` in `workspaceId` (with the example template when `published`, then publishes it). */
async function createIn(headers: Headers, workspaceId: number, name: string, published = false): Promise<Listed> {
  const created = await inject({
    method: 'POST',
    url: '/admin/flows',
    headers,
    payload: { workspaceId, name, ...(published ? { flowTemplate: exampleTemplate() } : {}) },
  });
  expect(created.statusCode).toBe(201);
  const flow = created.json<{ flow: Listed }>().flow;
  if (published) expect((await inject({ method: 'POST', url: `/admin/flows/${flow.publicIdentifier}/publish`, headers })).statusCode).toBe(200);
  return flow;
}

/** One GET /admin/flows with `query` (a query string without `?`). */
function list(headers: Headers, query: string) {
  return inject({ method: 'GET', url: `/admin/flows?${query}`, headers });
}

/** A page's flows and cursor; fails unless 200. */
async function page(headers: Headers, query: string): Promise<{ flows: Listed[]; nextCursor: string | null }> {
  const response = await list(headers, query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The public identifiers of a whole list, read in pages of `limit`; checks each page's size and cursor. */
async function walk(headers: Headers, query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const next: { flows: Listed[]; nextCursor: string | null } = await page(headers, `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...next.flows.map((flow) => flow.publicIdentifier));
    if (next.nextCursor === null) {
      expect(next.flows.length).toBeLessThanOrEqual(limit);
      return seen;
    }
    // A page with a next one is full.
    expect(next.flows).toHaveLength(limit);
    cursor = next.nextCursor;
  }
  throw new Error('too many pages');
}

const answers = { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' };
let address = 0;
/** Submits a finished response to `publicIdentifier` from an address of its own (no rate limit between tests). */
async function submitFinished(publicIdentifier: string): Promise<void> {
  address += 1;
  const response = await submit(h, publicIdentifier, answers, `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`);
  expect(response.statusCode).toBe(201);
}

/** Saves a respondent's progress (an `in_progress` submission: never counted as a submission). */
async function saveProgress(publicIdentifier: string): Promise<void> {
  const response = await inject({ method: 'PUT', url: `/public/flows/${publicIdentifier}/progress`, payload: { answers: { w1: 'Eve' }, stepId: 's1' } });
  expect(response.statusCode).toBe(200);
}

/** Sets a time column of flow `publicIdentifier` (ties cannot come from `now()` of separate requests). */
async function setFlowTime(publicIdentifier: string, column: 'created_at' | 'updated_at', at: string): Promise<void> {
  await h.service.ctx.db.execute(sql`UPDATE flows SET ${sql.raw(column)} = ${at}::timestamptz WHERE public_identifier = ${publicIdentifier}`);
}

/** Sets user `userId`'s last view of flow `publicIdentifier`. */
async function setLastViewed(publicIdentifier: string, userId: number, at: string): Promise<void> {
  await h.service.ctx.db.execute(sql`
    UPDATE flow_user_states SET last_viewed_at = ${at}::timestamptz
     WHERE user_id = ${userId} AND flow_id = (SELECT id FROM flows WHERE public_identifier = ${publicIdentifier})`);
}

const recordView = (headers: Headers, publicIdentifier: string, results = false) =>
  inject({ method: 'POST', url: `/admin/flows/${publicIdentifier}/views`, headers, payload: { results } });
const star = (headers: Headers, publicIdentifier: string, starred = true) =>
  inject({ method: 'PUT', url: `/admin/flows/${publicIdentifier}/star`, headers, payload: { starred } });

describe('GET /admin/flows sorts and pages', () => {
  const WORKSPACE = 10;
  const OWNER = 10;
  let owner: Headers;
  let other: Headers;
  /** f[1] … f[6], created in that order (ids ascending). */
  const f: Record<number, string> = {};

  beforeAll(async () => {
    owner = await member(OWNER, { [WORKSPACE]: 'write' });
    other = await member(11, { [WORKSPACE]: 'read' });
    const specs: Array<[string, boolean]> = [
      ['beta', false],
      ['Alpha', true],
      ['alpha', false],
      ['Gamma', true],
      ['delta', true],
      ['Beta', false],
    ];
    for (const [i, [name, published]] of specs.entries()) f[i + 1] = (await createIn(owner, WORKSPACE, name, published)).publicIdentifier;

    // Finished submissions: f4 2, f2 2, f5 1 (and a respondent's progress, which is not a submission).
    for (const id of [f[4]!, f[4]!, f[2]!, f[2]!, f[5]!]) await submitFinished(id);
    await saveProgress(f[5]!);
    // The owner opened f1 and f3 in the editor, and f4's Results (which counts as opening it too).
    expect((await recordView(owner, f[1]!)).statusCode).toBe(200);
    expect((await recordView(owner, f[3]!)).statusCode).toBe(200);
    expect((await recordView(owner, f[4]!, true)).statusCode).toBe(200);
    // Since then: one more for f4.
    await submitFinished(f[4]!);

    // Times with ties, set last (publishing bumps `updated_at`).
    const created = ['2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z', '2030-01-02T00:00:00Z', '2030-01-03T00:00:00Z', '2030-01-03T00:00:00Z', '2030-01-01T00:00:00Z'];
    const updated = ['2030-02-03T00:00:00Z', '2030-02-01T00:00:00Z', '2030-02-03T00:00:00Z', '2030-02-02T00:00:00Z', '2030-02-01T00:00:00Z', '2030-02-02T00:00:00Z'];
    for (let i = 1; i <= 6; i++) {
      await setFlowTime(f[i]!, 'created_at', created[i - 1]!);
      await setFlowTime(f[i]!, 'updated_at', updated[i - 1]!);
    }
    await setLastViewed(f[1]!, OWNER, '2030-03-01T00:00:00Z');
    await setLastViewed(f[3]!, OWNER, '2030-03-02T00:00:00Z');
    await setLastViewed(f[4]!, OWNER, '2030-03-01T00:00:00Z');
  });

  // The orders of `FlowSort`'s doc comment, by hand: ties newest id first (alphabetical: lowest id first).
  const expected: Record<string, number[]> = {
    createdDate: [5, 4, 3, 2, 6, 1],
    lastEdited: [3, 1, 6, 4, 5, 2],
    alphabetical: [2, 3, 1, 6, 5, 4],
    submissionCount: [4, 2, 5, 6, 3, 1],
    // f2: 2 never seen; f5: 1 never seen; f4: 3 finished, 2 seen; the others none.
    unread: [2, 5, 4, 6, 3, 1],
    // f3 latest; f4 and f1 at the same time; never opened last.
    lastViewed: [3, 4, 1, 6, 5, 2],
  };

  it.each(Object.keys(expected))('orders by %s, with ties, in pages that never overlap nor skip', async (sort) => {
    const order = expected[sort]!.map((i) => f[i]!);
    const whole = await page(owner, `workspaceId=${WORKSPACE}&sort=${sort}`);
    expect(whole.flows.map((flow) => flow.publicIdentifier)).toEqual(order);
    expect(whole.nextCursor).toBeNull();
    for (const limit of [1, 2, 3, 4, 5, 6]) expect(await walk(owner, `workspaceId=${WORKSPACE}&sort=${sort}`, limit)).toEqual(order);
  });

  it('lists newest first by default, with the caller’s own counts and views', async () => {
    const { flows } = await page(owner, `workspaceId=${WORKSPACE}`);
    expect(flows.map((flow) => flow.publicIdentifier)).toEqual(expected.createdDate!.map((i) => f[i]!));
    const byId = new Map(flows.map((flow) => [flow.publicIdentifier, flow]));
    // Finished submissions only: f5's respondent in progress is not counted.
    expect(byId.get(f[5]!)).toMatchObject({ submissionCount: 1, unreadCount: 1, lastViewedAt: null, isStarred: false, trashedAt: null, accessLevel: 'write' });
    expect(byId.get(f[4]!)).toMatchObject({ submissionCount: 3, unreadCount: 1, lastViewedAt: '2030-03-01T00:00:00.000Z' });
    expect(byId.get(f[2]!)).toMatchObject({ submissionCount: 2, unreadCount: 2 });

    // Another member of the workspace has opened nothing: every finished submission is unread for them.
    const theirs = new Map((await page(other, `workspaceId=${WORKSPACE}`)).flows.map((flow) => [flow.publicIdentifier, flow]));
    expect(theirs.get(f[4]!)).toMatchObject({ submissionCount: 3, unreadCount: 3, lastViewedAt: null, accessLevel: 'read' });
    expect((await page(other, `workspaceId=${WORKSPACE}&view=recents`)).flows).toEqual([]);
  });

  it('ends with a null cursor when the last page is exactly full', async () => {
    const first = await page(owner, `workspaceId=${WORKSPACE}&limit=3`);
    expect(first.flows).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(owner, `workspaceId=${WORKSPACE}&limit=3&cursor=${first.nextCursor}`);
    expect(second.flows).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['not base64url JSON', 'not a cursor!'],
    ['JSON of another shape', Buffer.from('[3]').toString('base64url')],
    ['a negative offset', Buffer.from('{"o":-1}').toString('base64url')],
    ['a fractional offset', Buffer.from('{"o":1.5}').toString('base64url')],
    ['an offset as text', Buffer.from('{"o":"2"}').toString('base64url')],
  ])('refuses a malformed cursor (%s) with a 400 in the error format', async (_name, cursor) => {
    const response = await list(owner, `workspaceId=${WORKSPACE}&cursor=${encodeURIComponent(cursor)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_error', message: copy.errors.validation, details: [{ path: 'querystring.cursor', message: copy.validation.invalidValue }] },
    });
  });

  it.each([
    ['view', 'view=archived'],
    ['sort', 'sort=newest'],
    ['limit 0', 'limit=0'],
    ['limit over the maximum', `limit=${FLOWS_PAGE_SIZE_MAX + 1}`],
  ])('refuses an invalid %s', async (_name, query) => {
    const response = await list(owner, `workspaceId=${WORKSPACE}&${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  it('answers a cursor past the end with an empty last page', async () => {
    const far = Buffer.from('{"o":100}').toString('base64url');
    expect(await page(owner, `workspaceId=${WORKSPACE}&cursor=${far}`)).toEqual({ flows: [], nextCursor: null });
  });
});

describe('stars and recents', () => {
  const A = 20;
  const B = 21;
  let writer: Headers;
  let reader: Headers;

  beforeAll(async () => {
    writer = await member(20, { [A]: 'write', [B]: 'write' });
    reader = await member(21, { [A]: 'read' });
  });

  it('are each user’s own, across the caller’s workspaces', async () => {
    const one = await createIn(writer, A, 'One');
    const two = await createIn(writer, A, 'Two');
    const three = await createIn(writer, B, 'Three');
    expect((await star(writer, one.publicIdentifier)).json()).toEqual({ success: true });
    expect((await star(writer, three.publicIdentifier)).statusCode).toBe(200);
    // View access is enough to star.
    expect((await star(reader, two.publicIdentifier)).statusCode).toBe(200);

    const starred = async (headers: Headers, query = '') =>
      (await page(headers, `view=starred${query}`)).flows.map((flow) => flow.publicIdentifier);
    // Without workspaceId: every workspace of the caller.
    expect(await starred(writer)).toEqual([three.publicIdentifier, one.publicIdentifier]);
    expect(await starred(writer, `&workspaceId=${A}`)).toEqual([one.publicIdentifier]);
    expect(await starred(reader)).toEqual([two.publicIdentifier]);
    const all = (await page(writer, `workspaceId=${A}`)).flows;
    expect(all.map((flow) => [flow.name, flow.isStarred])).toEqual([
      ['Two', false],
      ['One', true],
    ]);

    // Starring again changes nothing; unstarring takes it off the list (and unstarring again is no error).
    expect((await star(writer, one.publicIdentifier)).statusCode).toBe(200);
    expect(await starred(writer)).toEqual([three.publicIdentifier, one.publicIdentifier]);
    expect((await star(writer, one.publicIdentifier, false)).statusCode).toBe(200);
    expect((await star(writer, one.publicIdentifier, false)).statusCode).toBe(200);
    expect(await starred(writer)).toEqual([three.publicIdentifier]);
    expect(await starred(reader)).toEqual([two.publicIdentifier]);

    // Recents: what the caller opened, most recent first with sort=lastViewed.
    expect((await recordView(writer, two.publicIdentifier)).json()).toEqual({ success: true });
    expect((await recordView(writer, one.publicIdentifier)).statusCode).toBe(200);
    const recents = await page(writer, 'view=recents&sort=lastViewed');
    expect(recents.flows.map((flow) => flow.publicIdentifier)).toEqual([one.publicIdentifier, two.publicIdentifier]);
    expect(recents.flows.every((flow) => typeof flow.lastViewedAt === 'string')).toBe(true);
    expect((await page(reader, 'view=recents')).flows).toEqual([]);
  });

  it('answers 404 for a flow of another organization, 401 without a session', async () => {
    const flow = await createIn(writer, A, 'Private');
    for (const response of [await star(h.headers.outsider, flow.publicIdentifier), await recordView(h.headers.outsider, flow.publicIdentifier)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.flows.flowNotFound } });
    }
    expect((await inject({ method: 'PUT', url: `/admin/flows/${flow.publicIdentifier}/star`, payload: { starred: true } })).statusCode).toBe(401);
    expect((await star(writer, 'nosuchflow')).statusCode).toBe(404);
  });

  it('a workspace not the caller’s answers 404 Workspace not found', async () => {
    const response = await list(reader, `workspaceId=${B}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.flows.workspaceNotFound } });
  });
});

describe('unread', () => {
  it('counts the finished submissions since the caller last opened the Results, never below 0', async () => {
    const writer = await member(30, { 30: 'write' });
    const flow = await createIn(writer, 30, 'Survey', true);
    const unread = async () => (await page(writer, 'workspaceId=30')).flows[0]!;
    expect(await unread()).toMatchObject({ submissionCount: 0, unreadCount: 0 });

    await submitFinished(flow.publicIdentifier);
    await submitFinished(flow.publicIdentifier);
    await saveProgress(flow.publicIdentifier);
    expect(await unread()).toMatchObject({ submissionCount: 2, unreadCount: 2 });
    // Opening the editor is not reading the Results.
    await recordView(writer, flow.publicIdentifier);
    expect(await unread()).toMatchObject({ unreadCount: 2, lastViewedAt: expect.any(String) });
    await recordView(writer, flow.publicIdentifier, true);
    expect(await unread()).toMatchObject({ unreadCount: 0 });

    await submitFinished(flow.publicIdentifier);
    expect(await unread()).toMatchObject({ submissionCount: 3, unreadCount: 1 });

    // Seen 3; two deleted since: 1 finished, and nothing unread (not -2).
    await recordView(writer, flow.publicIdentifier, true);
    const listed = await inject({ method: 'GET', url: `/admin/flows/${flow.publicIdentifier}/submissions`, headers: writer });
    const ids = listed.json<{ responses: Array<{ submissionId: string }> }>().responses.map((r) => r.submissionId);
    for (const id of ids.slice(0, 2)) {
      expect((await inject({ method: 'DELETE', url: `/admin/flows/${flow.publicIdentifier}/submissions/${id}`, headers: writer })).statusCode).toBe(200);
    }
    expect(await unread()).toMatchObject({ submissionCount: 1, unreadCount: 0 });
    await submitFinished(flow.publicIdentifier);
    await submitFinished(flow.publicIdentifier);
    await submitFinished(flow.publicIdentifier);
    // 4 finished, 3 seen.
    expect(await unread()).toMatchObject({ submissionCount: 4, unreadCount: 1 });
  });
});

describe('the kept finished counts behind the Submission count and Unread orders', () => {
  // Migration 0011: one flow_finished_counts row per flow, kept by the triggers on submissions and flows. The orders
  // must follow every way a finished count changes, ties included (newest id first).
  const A = 50;
  const B = 51;
  const USER = 50;
  let writer: Headers;
  const ids = async (query: string) => (await page(writer, query)).flows.map((flow) => flow.name);
  const counts = async (workspaceId: number) =>
    Object.fromEntries((await page(writer, `workspaceId=${workspaceId}&sort=submissionCount`)).flows.map((flow) => [flow.name, [flow.submissionCount, flow.unreadCount]]));

  /** Every flow's kept row equals its finished submissions counted one by one, and its workspace is the flow's. */
  async function expectCountsKept(): Promise<void> {
    const result = await h.service.ctx.db.execute(sql`
      SELECT f.id FROM flows f LEFT JOIN flow_finished_counts c ON c.flow_id = f.id
       WHERE c.flow_id IS NULL OR c.workspace_id <> f.workspace_id
          OR c.n <> (SELECT count(*) FROM submissions s WHERE s.flow_id = f.id AND s.status = 'finished')
          OR c.n <> (SELECT COALESCE(sum(k.n), 0) FROM submission_counts k WHERE k.flow_id = f.id AND k.status = 'finished')`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([]);
  }

  beforeAll(async () => {
    writer = await member(USER, { [A]: 'write', [B]: 'write' });
  });

  it('follow submissions finished, deleted, a duplicate, a move and the Results read, in pages', async () => {
    // Created in this order: ids ascending.
    const one = await createIn(writer, A, 'One', true);
    const two = await createIn(writer, A, 'Two', true);
    const three = await createIn(writer, A, 'Three', true);
    await createIn(writer, A, 'Four');
    await submitFinished(one.publicIdentifier);
    await submitFinished(one.publicIdentifier);
    await submitFinished(two.publicIdentifier);
    // A respondent of Three in progress: not counted, until they finish.
    const started = await inject({ method: 'PUT', url: `/public/flows/${three.publicIdentifier}/progress`, payload: { answers: { w1: 'Eve' }, stepId: 's1' } });
    expect(started.statusCode).toBe(200);
    const { progressId, progressToken } = started.json<{ progress: { progressId: string; progressToken: string } }>().progress;
    const order = ['submissionCount', 'unread'];
    for (const sort of order) expect(await ids(`workspaceId=${A}&sort=${sort}`)).toEqual(['One', 'Two', 'Four', 'Three']);

    // Finished: Three 1, tied with Two (newest id first).
    const finished = await inject({
      method: 'POST',
      url: `/public/flows/${three.publicIdentifier}/submissions`,
      payload: { answers, progressId, progressToken },
      remoteAddress: '10.7.0.1',
    });
    expect(finished.statusCode).toBe(201);
    for (const sort of order) expect(await ids(`workspaceId=${A}&sort=${sort}`)).toEqual(['One', 'Three', 'Two', 'Four']);

    // One's two submissions deleted: 0, tied with Four (newest id first).
    const listed = await inject({ method: 'GET', url: `/admin/flows/${one.publicIdentifier}/submissions`, headers: writer });
    for (const { submissionId } of listed.json<{ responses: Array<{ submissionId: string }> }>().responses) {
      const deleted = await inject({ method: 'DELETE', url: `/admin/flows/${one.publicIdentifier}/submissions/${submissionId}`, headers: writer });
      expect(deleted.statusCode).toBe(200);
    }
    for (const sort of order) expect(await ids(`workspaceId=${A}&sort=${sort}`)).toEqual(['Three', 'Two', 'Four', 'One']);

    // A duplicate has none (and the newest id), until it gets two.
    const duplicated = await inject({ method: 'POST', url: `/admin/flows/${two.publicIdentifier}/duplicate`, headers: writer });
    expect(duplicated.statusCode).toBe(201);
    const copy = duplicated.json<{ flow: Listed }>().flow;
    expect(await ids(`workspaceId=${A}&sort=submissionCount`)).toEqual(['Three', 'Two', copy.name, 'Four', 'One']);
    expect((await inject({ method: 'POST', url: `/admin/flows/${copy.publicIdentifier}/publish`, headers: writer })).statusCode).toBe(200);
    await submitFinished(copy.publicIdentifier);
    await submitFinished(copy.publicIdentifier);
    expect(await ids(`workspaceId=${A}&sort=submissionCount`)).toEqual([copy.name, 'Three', 'Two', 'Four', 'One']);

    // Three moves to workspace B with its count.
    expect((await inject({ method: 'POST', url: `/admin/flows/${three.publicIdentifier}/move`, headers: writer, payload: { workspaceId: B } })).statusCode).toBe(200);
    expect(await ids(`workspaceId=${A}&sort=submissionCount`)).toEqual([copy.name, 'Two', 'Four', 'One']);
    expect(await counts(B)).toEqual({ Three: [1, 1] });

    // Reading the copy's Results: nothing unread there, so it goes behind Two (1 unread), tied with the zeros by id.
    expect((await recordView(writer, copy.publicIdentifier, true)).statusCode).toBe(200);
    expect(await ids(`workspaceId=${A}&sort=unread`)).toEqual(['Two', copy.name, 'Four', 'One']);
    expect(await counts(A)).toEqual({ [copy.name]: [2, 0], Two: [1, 1], Four: [0, 0], One: [0, 0] });
    // Across the caller's workspaces, and page by page.
    for (const sort of order) {
      const whole = await ids(`sort=${sort}`);
      expect(whole.filter((name) => name === 'Three')).toHaveLength(1);
      const names = new Map((await page(writer, `sort=${sort}`)).flows.map((flow) => [flow.publicIdentifier, flow.name]));
      for (const limit of [1, 2, 3]) expect((await walk(writer, `sort=${sort}`, limit)).map((id) => names.get(id))).toEqual(whole);
    }
    // Three and Two tie at 1 unread: newest id first.
    expect(await ids('sort=unread')).toEqual(['Three', 'Two', copy.name, 'Four', 'One']);

    // Deleted forever: its row goes with it.
    expect((await inject({ method: 'DELETE', url: `/admin/flows/${one.publicIdentifier}`, headers: writer })).statusCode).toBe(200);
    expect(await ids(`workspaceId=${A}&sort=submissionCount`)).toEqual([copy.name, 'Two', 'Four']);
    await expectCountsKept();
  });
});

describe('the trash', () => {
  const trash = (publicIdentifier: string, headers: Headers = h.headers.writer) =>
    inject({ method: 'POST', url: `/admin/flows/${publicIdentifier}/trash`, headers });
  const restore = (publicIdentifier: string, headers: Headers = h.headers.writer) =>
    inject({ method: 'POST', url: `/admin/flows/${publicIdentifier}/restore`, headers });
  const ids = async (query: string) => (await page(h.headers.writer, query)).flows.map((flow) => flow.publicIdentifier);

  it('hides a flow from the other lists, closes its public link and publishing, and restores it as it was', async () => {
    const flow = await createIn(h.headers.writer, WS.main, 'To trash', true);
    const id = flow.publicIdentifier;
    const first = await submit(h, id, answers, '10.8.0.3');
    expect(first.statusCode).toBe(201);
    const editLink = new URL(first.json<{ submission: { editLink: string } }>().submission.editLink);
    const openEditLink = () =>
      inject({ method: 'GET', url: `/public/flows/${id}/submissions/${editLink.searchParams.get('edit')}?token=${editLink.searchParams.get('token')}` });
    expect((await openEditLink()).statusCode).toBe(200);
    expect((await star(h.headers.writer, id)).statusCode).toBe(200);
    expect((await recordView(h.headers.writer, id)).statusCode).toBe(200);
    const before = (await page(h.headers.writer, `workspaceId=${WS.main}&limit=${FLOWS_PAGE_SIZE_MAX}`)).flows.find((listed) => listed.publicIdentifier === id)!;

    // A read-only member may not; another organization does not see it.
    expect((await trash(id, h.headers.reader)).statusCode).toBe(403);
    expect((await trash(id, h.headers.outsider)).statusCode).toBe(404);

    const trashed = await trash(id);
    expect(trashed.statusCode).toBe(200);
    const trashedFlow = trashed.json<{ flow: Listed }>().flow;
    expect(trashedFlow).toMatchObject({ publicIdentifier: id, trashedAt: expect.any(String), updatedAt: before.updatedAt });
    // Idempotent: the first time stays.
    expect((await trash(id)).json().flow.trashedAt).toBe(trashedFlow.trashedAt);

    expect(await ids(`workspaceId=${WS.main}&limit=${FLOWS_PAGE_SIZE_MAX}`)).not.toContain(id);
    expect(await ids('view=starred')).not.toContain(id);
    expect(await ids('view=recents')).not.toContain(id);
    expect(await ids('view=trash')).toEqual([id]);
    expect(await ids(`view=trash&workspaceId=${WS.second}`)).toEqual([]);
    expect((await inject({ method: 'GET', url: '/v1/api/forms', headers: h.headers.writer })).json().map((form: { formId: string }) => form.formId)).not.toContain(id);
    // The editor still opens it.
    expect((await inject({ method: 'GET', url: `/admin/flows/fetch/${id}`, headers: h.headers.writer })).json().flow.trashedAt).toBe(trashedFlow.trashedAt);

    // Its public link: 404 'Form not found' for the form, a submission and a progress save.
    const notFound = { error: { code: 'not_found', message: copy.flows.flowNotFound } };
    const template = await inject({ method: 'GET', url: `/public/flows/templates/${id}` });
    expect([template.statusCode, template.json()]).toEqual([404, notFound]);
    const submitted = await submit(h, id, answers, '10.8.0.1');
    expect([submitted.statusCode, submitted.json()]).toEqual([404, notFound]);
    const progress = await inject({ method: 'PUT', url: `/public/flows/${id}/progress`, payload: { answers: { w1: 'Eve' }, stepId: 's1' } });
    expect([progress.statusCode, progress.json()]).toEqual([404, notFound]);
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 sample'], { type: 'application/pdf' }), 'a.pdf');
    const upload = await inject({ method: 'POST', url: `/public/flows/${id}/uploads?fieldId=w1`, payload: form });
    expect([upload.statusCode, upload.json()]).toEqual([404, notFound]);
    // Its edit links answer as a wrong link does.
    const edit = await openEditLink();
    expect([edit.statusCode, edit.json().error.message]).toEqual([404, copy.publicForm.editLinkInvalid]);

    // It cannot be published.
    const publish = await inject({ method: 'POST', url: `/admin/flows/${id}/publish`, headers: h.headers.writer });
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toEqual({ error: { code: 'conflict', message: copy.home.flowInTrash } });

    expect((await restore(id, h.headers.reader)).statusCode).toBe(403);
    const restored = await restore(id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().flow).toMatchObject({ trashedAt: null, isPublished: true, updatedAt: before.updatedAt });
    expect((await restore(id)).statusCode).toBe(200);

    expect(await ids('view=trash')).toEqual([]);
    const after = (await page(h.headers.writer, `workspaceId=${WS.main}&limit=${FLOWS_PAGE_SIZE_MAX}`)).flows.find((listed) => listed.publicIdentifier === id);
    expect(after).toEqual(before);
    expect((await inject({ method: 'GET', url: `/public/flows/templates/${id}` })).statusCode).toBe(200);
    expect((await openEditLink()).statusCode).toBe(200);
    expect((await submit(h, id, answers, '10.8.0.2')).statusCode).toBe(201);
    expect((await inject({ method: 'POST', url: `/admin/flows/${id}/publish`, headers: h.headers.writer })).statusCode).toBe(200);
  });
});

describe('POST /admin/flows/:publicIdentifier/move', () => {
  const move = (publicIdentifier: string, workspaceId: number, headers: Headers = h.headers.writer) =>
    inject({ method: 'POST', url: `/admin/flows/${publicIdentifier}/move`, headers, payload: { workspaceId } });

  it('moves a flow to another workspace of the caller, with flow.moved in the outbox', async () => {
    const flow = await createIn(h.headers.writer, WS.main, 'Mover', true);
    const id = flow.publicIdentifier;
    // A submission before: the submit path has the flow (and its workspace) in its cache.
    await submitFinished(id);
    const events = (await outboxRows(h, FLOW_MOVED)).length;
    const { updatedAt } = (await inject({ method: 'GET', url: `/admin/flows/fetch/${id}`, headers: h.headers.writer })).json().flow;

    const moved = await move(id, WS.second);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().flow).toMatchObject({ publicIdentifier: id, workspaceId: WS.second, accessLevel: 'write', isPublished: true, updatedAt });

    const rows = await outboxRows(h, FLOW_MOVED);
    expect(rows).toHaveLength(events + 1);
    expect(rows.at(-1)).toMatchObject({
      type: FLOW_MOVED,
      key: id,
      envelope: {
        tenant: { organizationId: 1, workspaceId: WS.second },
        data: { flowId: flow.id, flowPublicIdentifier: id, fromWorkspaceId: WS.main, workspaceId: WS.second },
      },
    });

    const inMain = (await page(h.headers.writer, `workspaceId=${WS.main}&limit=${FLOWS_PAGE_SIZE_MAX}`)).flows.map((listed) => listed.publicIdentifier);
    const inSecond = (await page(h.headers.writer, `workspaceId=${WS.second}&limit=${FLOWS_PAGE_SIZE_MAX}`)).flows;
    expect(inMain).not.toContain(id);
    expect(inSecond.find((listed) => listed.publicIdentifier === id)).toMatchObject({ workspaceId: WS.second, submissionCount: 1 });
    // The reader (workspace 1 only) no longer reaches it.
    expect((await inject({ method: 'GET', url: `/admin/flows/fetch/${id}`, headers: h.headers.reader })).statusCode).toBe(404);

    // Its link and submissions stay; the next submission's event names the new workspace.
    await submitFinished(id);
    const submitted = await outboxRows(h, FORM_SUBMITTED);
    expect(submitted.at(-1)).toMatchObject({ envelope: { tenant: { organizationId: 1, workspaceId: WS.second } } });
  });

  it('refuses its own workspace, a workspace not the caller’s, and a caller without change access to both', async () => {
    const flow = await createIn(h.headers.writer, WS.main, 'Stayer');
    const id = flow.publicIdentifier;
    const events = (await outboxRows(h, FLOW_MOVED)).length;

    const same = await move(id, WS.main);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: { code: 'validation_error', message: copy.home.alreadyInWorkspace } });

    for (const foreign of [WS.other, 99]) {
      const response = await move(id, foreign);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.flows.workspaceNotFound } });
    }

    const forbidden = { error: { code: 'forbidden', message: copy.auth.writeAccessRequired } };
    // Write on the flow's workspace, read on the target.
    const readOnTarget = await move(id, WS.second, await member(40, { [WS.main]: 'write', [WS.second]: 'read' }));
    expect([readOnTarget.statusCode, readOnTarget.json()]).toEqual([403, forbidden]);
    // Read on the flow's workspace, write on the target.
    const readOnSource = await move(id, WS.second, await member(41, { [WS.main]: 'read', [WS.second]: 'write' }));
    expect([readOnSource.statusCode, readOnSource.json()]).toEqual([403, forbidden]);
    // Another organization: the flow is not found.
    const outsider = await move(id, WS.other, h.headers.outsider);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.message).toBe(copy.flows.flowNotFound);

    expect((await outboxRows(h, FLOW_MOVED)).length).toBe(events);
    expect((await inject({ method: 'GET', url: `/admin/flows/fetch/${id}`, headers: h.headers.writer })).json().flow.workspaceId).toBe(WS.main);
  });
});
