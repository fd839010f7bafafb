/**
 * Paging through the Results at any depth (`GET /admin/flows/:publicIdentifier/submissions` with `after`, the cursor
 * of the previous page, and `includeTotal=false`) and the counts the database keeps per form and status (migration
 * `0008_submission_counts`): a walk by cursor sees every response once, in order, with any filter; the kept counts
 * follow every write — a submission, a saved progress, its finish, a delete, a deleted form. Against the real
 * service on PGlite.
 */
import { sql } from 'drizzle-orm';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { countSubmissions, listSubmissions, type SubmissionsResponse } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { publishedExample, setup, submit, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

function list(publicIdentifier: string, query: Record<string, unknown>) {
  return h.service.app.inject(endpointRequest(listSubmissions, { params: { publicIdentifier }, query, headers: h.headers.writer }));
}

/** Every response `query` keeps, walked page by page with `nextCursor`: the names (`w1`) in order and the pages. */
async function walk(publicIdentifier: string, query: Record<string, unknown>): Promise<{ names: unknown[]; pages: number; totals: unknown[] }> {
  const names: unknown[] = [];
  const totals: unknown[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const response = await list(publicIdentifier, { ...query, ...(after ? { after, includeTotal: 'false' } : {}) });
    expect(response.statusCode).toBe(200);
    const body = response.json<SubmissionsResponse>();
    names.push(...body.responses.map((r) => r.questions.find((q) => q.id === 'w1')?.value));
    totals.push(body.totalResponses);
    after = body.nextCursor ?? undefined;
    pages += 1;
  } while (after && pages < 50);
  return { names, pages, totals };
}

/** The kept count of flow `publicIdentifier`'s responses of `status`, and the count of its rows. */
async function counts(publicIdentifier: string, status: 'finished' | 'in_progress'): Promise<{ kept: number; rows: number }> {
  const [row] = rowsOf<{ kept: number; rows: number }>(
    await h.service.ctx.db.execute(sql`
      SELECT (SELECT COALESCE(sum(n), 0)::int FROM submission_counts c WHERE c.flow_id = f.id AND c.status = ${status}) AS kept,
             (SELECT count(*)::int FROM submissions s WHERE s.flow_id = f.id AND s.status = ${status}) AS rows
        FROM flows f WHERE f.public_identifier = ${publicIdentifier}`),
  );
  return row ?? { kept: 0, rows: 0 };
}

describe('paging by cursor', () => {
  let id: string;
  const names = Array.from({ length: 11 }, (_, i) => `n${String(i).padStart(2, '0')}`);
  beforeAll(async () => {
    id = await publishedExample(h);
    for (const [i, name] of names.entries()) {
      expect((await submit(h, id, { w1: name, w2: `${name}@example.com`, ...(i % 2 === 0 ? { w3: 'o2' } : {}) })).statusCode).toBe(201);
    }
    // Two responses in the same millisecond: the cursor orders them by id, and neither is skipped or repeated.
    await h.service.ctx.db.execute(sql`UPDATE submissions SET submission_time = (SELECT min(submission_time) FROM submissions s2 WHERE s2.flow_id = submissions.flow_id) WHERE answers->>'w1' IN ('n00', 'n01')`);
  });

  it('walks every response once, newest first, and the oldest first the other way', async () => {
    const newest = await walk(id, { limit: 3 });
    expect(newest.pages).toBe(4);
    expect([...newest.names].sort()).toEqual(names);
    expect(new Set(newest.names).size).toBe(names.length);
    const oldest = await walk(id, { limit: 3, sort: 'asc' });
    expect(oldest.names).toEqual([...newest.names].reverse());
  });

  it('counts on the first page only when asked not to count after it', async () => {
    const { totals } = await walk(id, { limit: 4 });
    expect(totals).toEqual([11, undefined, undefined]);
  });

  it('counts what the filters keep on its own (GET …/submissions/count)', async () => {
    const count = (query: Record<string, unknown>) =>
      h.service.app.inject(endpointRequest(countSubmissions, { params: { publicIdentifier: id }, query, headers: h.headers.writer }));
    expect((await count({})).json()).toEqual({ totalResponses: 11 });
    expect((await count({ filter: JSON.stringify({ equals: [{ var: 'answers.w3' }, 'o2'] }) })).json()).toEqual({ totalResponses: 6 });
    expect((await count({ status: 'in_progress' })).json()).toEqual({ totalResponses: 0 });
    const outsider = await h.service.app.inject(endpointRequest(countSubmissions, { params: { publicIdentifier: id }, headers: h.headers.outsider }));
    expect(outsider.statusCode).toBe(404);
  });

  it('ends with nextCursor null on a full last page', async () => {
    const first = (await list(id, { limit: 11 })).json<SubmissionsResponse>();
    expect(first.responses).toHaveLength(11);
    expect(first.nextCursor).toBeNull();
  });

  it('keeps the filters from page to page', async () => {
    const filter = JSON.stringify({ equals: [{ var: 'answers.w3' }, 'o2'] });
    const { names: found } = await walk(id, { limit: 2, sort: 'asc', filter });
    expect(found).toEqual(['n00', 'n02', 'n04', 'n06', 'n08', 'n10']);
    const searched = await walk(id, { limit: 1, search: 'n1' });
    expect(searched.names).toEqual(['n10']);
  });

  it('skips `offset` responses after the cursor', async () => {
    const first = (await list(id, { limit: 2 })).json<SubmissionsResponse>();
    const jumped = (await list(id, { limit: 2, after: first.nextCursor, offset: 2 })).json<SubmissionsResponse>();
    const plain = (await list(id, { limit: 2, offset: 4 })).json<SubmissionsResponse>();
    expect(jumped.responses.map((r) => r.submissionId)).toEqual(plain.responses.map((r) => r.submissionId));
  });

  it.each([['not base64url', '%%%'], ['not a cursor', Buffer.from('["yesterday","x"]').toString('base64url')]])(
    'refuses a cursor that is %s with 400',
    async (_what, after) => {
      const response = await list(id, { after });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].path).toBe('querystring.after');
      if (_what === 'not a cursor') expect(response.json().error.message).toBe(copy.results.cursorInvalid);
    },
  );
});

describe('the counts the database keeps', () => {
  it('follow submissions, progress, finishing, deleting and the form going away', async () => {
    const id = await publishedExample(h);
    for (const name of ['a', 'b', 'c']) expect((await submit(h, id, { w1: name, w2: `${name}@example.com` })).statusCode).toBe(201);
    expect(await counts(id, 'finished')).toEqual({ kept: 3, rows: 3 });

    // A respondent's progress is counted in progress, then finished when they submit it.
    const saved = await h.service.app.inject(endpointRequest(saveProgress, { params: { publicIdentifier: id }, body: { answers: { w1: 'd' }, stepId: 's1' } }));
    expect(saved.statusCode).toBe(200);
    const { progress } = saved.json<{ progress: { progressId: string; progressToken: string } }>();
    expect(await counts(id, 'in_progress')).toEqual({ kept: 1, rows: 1 });
    const finished = await h.service.app.inject({
      method: 'POST',
      url: `/public/flows/${id}/submissions`,
      payload: { answers: { w1: 'd', w2: 'd@example.com' }, progressId: progress.progressId, progressToken: progress.progressToken },
    });
    expect(finished.statusCode).toBe(201);
    expect(await counts(id, 'in_progress')).toEqual({ kept: 0, rows: 0 });
    expect(await counts(id, 'finished')).toEqual({ kept: 4, rows: 4 });

    const listed = (await list(id, {})).json<SubmissionsResponse>();
    expect(listed.totalResponses).toBe(4);
    const deleted = await h.service.app.inject({ method: 'DELETE', url: `/admin/flows/${id}/submissions/${listed.responses[0]!.submissionId}`, headers: h.headers.writer });
    expect(deleted.statusCode).toBe(200);
    expect(await counts(id, 'finished')).toEqual({ kept: 3, rows: 3 });
    expect((await list(id, {})).json<SubmissionsResponse>().totalResponses).toBe(3);

    const removed = await h.service.app.inject({ method: 'DELETE', url: `/admin/flows/${id}`, headers: h.headers.writer });
    expect(removed.statusCode).toBe(200);
    const [left] = rowsOf<{ n: number }>(await h.service.ctx.db.execute(sql`SELECT count(*)::int AS n FROM submission_counts c LEFT JOIN flows f ON f.id = c.flow_id WHERE f.id IS NULL`));
    expect(left?.n).toBe(0);
  });
});
