/**
 * `npm run bench:home`: how fast the home dashboard's lists answer for a workspace of 10,000 forms — the target
 * (spec: the home dashboard handles 10,000 flows; docs/benchmarks.md §15): `GET /admin/flows` answers a page
 * (50 forms) in < 50 ms p95 in each of the six sort orders, on embedded PGlite and on the machine's PostgreSQL.
 *
 * What it does, for each database of `DATABASES` in turn:
 * 1. builds the flows service itself (`services/flows/src/app.ts`, the real app, its migrations) on a fresh database of
 *    its own: embedded PGlite in a new directory (`DATA_DIR`, as the embedded product keeps it; deleted afterwards),
 *    or PostgreSQL `formloom_bench_home[_<BENCH_TAG>]` at `PG_URL` (dropped first and afterwards unless
 *    `KEEP_DATABASE=1`);
 * 2. seeds, in bulk SQL, what the service itself would have written (deterministic: a seeded random source):
 *    `FORMS` flows in workspace 1 (organization 1), plus `OTHER_FORMS` in workspace 2 of the same organization (the
 *    caller's too) and as many in workspace 3 of another organization — one in 100 of workspace 1's made by user 3, a
 *    `limited` member there — names from common form titles de-duplicated
 *    per workspace as the service does ('Contact us (2)'), ids in creation order, created over three years, edited
 *    since, 70 % published (a version-1 snapshot, a tenth with unpublished changes since, 5 % of them closed), 2 %
 *    in the trash; `SUBMISSIONS` finished submissions spread over the published forms of workspace 1 with a heavy
 *    tail (a third of them none, ties on small counts), one in 50 more in progress, a tenth as many on the other
 *    workspaces' forms — inserted by several statements at once on PostgreSQL, so `submission_counts` is kept by
 *    the service's own triggers over several shards; the caller's (user 1) stars (2 %), views (10 %) and Results
 *    views (4 %, the count seen then: a part of today's, a few above it as after deletions) and another member's;
 *    then `VACUUM ANALYZE`;
 * 3. over HTTP (undici, one request at a time, `REQUESTS` measured after `WARMUP` warm-up ones) as user 1 with write
 *    access to workspaces 1 and 2: for each sort, view `all` of workspace 1 — the first page (limit 50), the next
 *    pages 2–5 by `nextCursor` (taken in turn) and page 20 by `nextCursor` — then the Starred tab (every workspace of
 *    the caller, created date) and the Recents tab (every workspace, last viewed), as the web app asks them; then as
 *    user 3, `limited` in workspace 1, each sort's first page of their own forms there (and checks its size); prints
 *    p50 / p95 / p99 / max (ms, from the request's start to the last byte of the body) per scenario;
 * 4. with `CHECK=1` (the default) checks every sort's whole list, read page by page, against an independent query
 *    that counts the submissions themselves (the order, ties included, and each form's `submissionCount` and
 *    `unreadCount`); exits 1 on a difference.
 * The figures also go to `results/home-lists-<date>.json` and `results/home-lists-latest.json`.
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | `DATABASES` | `pglite,postgres` | which databases, in order |
 * | `PG_URL` | `postgres://postgres@127.0.0.1:5432` | the PostgreSQL server |
 * | `BENCH_TAG` | unset | suffix of the PostgreSQL database's name (one per checkout on a shared server) |
 * | `FORMS` | 10000 | forms in the measured workspace |
 * | `OTHER_FORMS` | 1000 | forms in each of the two other workspaces |
 * | `SUBMISSIONS` | 100000 | finished submissions on the measured workspace's forms |
 * | `REQUESTS` | 200 | measured requests per scenario |
 * | `WARMUP` | 20 | warm-up requests per scenario |
 * | `CHECK` | `1` | `0`: skip the check of the whole lists |
 * | `EXPLAIN` | unset | `1`: print `EXPLAIN ANALYZE` of each sort's first page (the service's own statement) |
 * | `KEEP_DATABASE` | unset | `1`: keep the PostgreSQL database (and the PGlite directory) afterwards |
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { request } from 'undici';
import { sql, type SQL } from 'drizzle-orm';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { listFlows, type FlowListView, type FlowSort } from '@formloom/contracts/api/flows/flows';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { dedupeFlowName } from '@formloom/contracts/rules/flow-name';
import { rowsOf, type DbOrTx } from '@formloom/kit/db';
import { publicIdentifier } from '@formloom/kit/ids';
import { createTestIssuer } from '@formloom/kit/testing';
import { buildApp } from '../../services/flows/src/app';
import { pageFlowsQuery } from '../../services/flows/src/db/flows-repository';
import { distribution, type Distribution } from './stats';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE = `formloom_bench_home${process.env.BENCH_TAG ? `_${process.env.BENCH_TAG.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}` : ''}`;
const DATABASES = (process.env.DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim()) as Array<'pglite' | 'postgres'>;
const FORMS = Number(process.env.FORMS ?? 10_000);
const OTHER_FORMS = Number(process.env.OTHER_FORMS ?? 1_000);
const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WARMUP = Number(process.env.WARMUP ?? 20);
const CHECK = process.env.CHECK !== '0';
const EXPLAIN = process.env.EXPLAIN === '1';
const KEEP = process.env.KEEP_DATABASE === '1';
const RESULTS_DIR = path.join(__dirname, 'results');

/** The caller: user 1 of organization 1, writing in workspaces 1 (measured) and 2; workspace 3 is another organization's. */
const USER = 1;
const OTHER_USER = 2;
/** A `limited` member of workspace 1 (spec 000 §6): they created one form in 100 there, and see only those. */
const LIMITED_USER = 3;
const WORKSPACE = 1;
const SORTS: readonly FlowSort[] = ['createdDate', 'lastViewed', 'lastEdited', 'submissionCount', 'alphabetical', 'unread'];
const DAY_MS = 86_400_000;

/** A small seeded random source (mulberry32): the same data on every run and database. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Titles people give forms, and what they add to tell them apart. */
const TITLES = [
  'Contact us', 'Customer feedback', 'Event registration', 'Job application', 'NPS survey', 'Order form', 'Webinar sign-up',
  'Bug report', 'Product quiz', 'Newsletter sign-up', 'Employee onboarding', 'Exit interview', 'Volunteer application',
  'Course evaluation', 'Booking request', 'Lead capture', 'Support ticket', 'RSVP', 'Membership renewal', 'Donation form',
  'Market research', 'Beta waitlist', 'Partner application', 'Refund request', 'Quote request', 'Vendor registration',
  'Team retrospective', 'Conference feedback', 'Patient intake', 'Rental application', 'Scholarship application',
  'Photo contest entry', 'Workshop registration', 'Churn survey', 'Feature request', 'Demo request', 'Trial feedback',
  'Annual review', 'Safety checklist', 'Expense report', 'IT request', 'Room booking', 'Lunch order', 'Pulse survey',
  'Personality quiz', 'Trivia night', 'Product-market fit survey', 'Ambassador program', 'Speaker submission', 'Sponsorship inquiry',
];
const QUALIFIERS = ['', '', '', ' 2024', ' 2025', ' 2026', ' — EMEA', ' — US', ' (internal)', ' v2', ' Q1', ' Q2', ' Q3', ' Q4', ' – draft', ' for partners'];

/** One seeded flow, as the service writes it (ids come from the database, in this order). */
interface SeedFlow {
  public_identifier: string;
  name: string;
  type: 'form' | 'quiz' | 'scheduling';
  workspace_id: number;
  organization_id: number;
  template: FlowTemplate;
  created_at: string;
  updated_at: string;
  /** Publish time of its version-1 snapshot; null: never published. */
  published_at: string | null;
  /** The draft changed after the publish (the snapshot keeps the published template). */
  edited_since: boolean;
  closed_at: string | null;
  trashed_at: string | null;
}

/** The flows of the three workspaces, in creation order (the service's serial ids follow it). */
function makeFlows(random: () => number, now: number): SeedFlow[] {
  const flows: SeedFlow[] = [];
  const namesByWorkspace = new Map<number, string[]>();
  const workspaces: Array<[number, number, number]> = [
    [WORKSPACE, 1, FORMS],
    [2, 1, OTHER_FORMS],
    [3, 2, OTHER_FORMS],
  ];
  const created: Array<{ workspace: number; organization: number; at: number }> = [];
  for (const [workspace, organization, count] of workspaces) {
    for (let i = 0; i < count; i += 1) created.push({ workspace, organization, at: now - DAY_MS - random() * 3 * 365 * DAY_MS });
  }
  created.sort((a, b) => a.at - b.at);
  const base = exampleFormTemplate();
  const short = exampleFormTemplate({ withPlan: false });
  for (const { workspace, organization, at } of created) {
    const names = namesByWorkspace.get(workspace) ?? [];
    namesByWorkspace.set(workspace, names);
    const title = `${TITLES[Math.floor(random() * TITLES.length)]}${QUALIFIERS[Math.floor(random() * QUALIFIERS.length)]}`;
    const name = dedupeFlowName(title, names);
    names.push(name);
    const kind = random();
    // Edits happen mostly soon after creation, some long after.
    const updated = at + (now - at) * random() ** 3;
    const published = random() < 0.7;
    flows.push({
      public_identifier: publicIdentifier(),
      name,
      type: kind < 0.85 ? 'form' : kind < 0.95 ? 'quiz' : 'scheduling',
      workspace_id: workspace,
      organization_id: organization,
      template: random() < 0.8 ? base : short,
      created_at: new Date(at).toISOString(),
      updated_at: new Date(updated).toISOString(),
      published_at: published ? new Date(at + (updated - at) * random()).toISOString() : null,
      edited_since: published && random() < 0.1,
      closed_at: published && random() < 0.05 ? new Date(updated).toISOString() : null,
      trashed_at: random() < 0.02 ? new Date(updated + (now - updated) * random()).toISOString() : null,
    });
  }
  return flows;
}

/** `total` finished submissions spread over `forms` forms with a heavy tail: a third none, most a few, some thousands. */
function spreadSubmissions(random: () => number, forms: number, total: number): number[] {
  const weights = Array.from({ length: forms }, () => (random() < 1 / 3 ? 0 : Math.min(2_000, 1 / Math.max(1e-6, random()) ** 1.3)));
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const counts = weights.map((w) => Math.floor((w / sum) * total));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; missing > 0; i = (i + 1) % forms) {
    if (weights[i]! > 0) {
      counts[i]! += 1;
      missing -= 1;
    }
  }
  return counts;
}

/** Runs `statements` on `db`, `parallel` at a time (PostgreSQL: several pool connections, so several count shards). */
async function runAll(db: DbOrTx, statements: SQL[], parallel: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < statements.length) {
      const statement = statements[next++]!;
      await db.execute(statement);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Seeds the database of `db` (empty, migrated); returns how many finished submissions workspace 1 has. */
async function seed(db: DbOrTx, parallel: number): Promise<void> {
  const random = randomSource(20261128);
  const now = Date.now();
  const flows = makeFlows(random, now);
  for (let from = 0; from < flows.length; from += 1000) {
    const chunk = flows.slice(from, from + 1000).map(({ published_at: _p, edited_since: _e, ...row }) => row);
    await db.execute(sql`
      INSERT INTO flows (public_identifier, name, type, workspace_id, organization_id, settings, template, created_at, updated_at, closed_at, trashed_at)
      SELECT public_identifier, name, type, workspace_id, organization_id, '{}'::jsonb, template, created_at, updated_at, closed_at, trashed_at
        FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
             AS r(public_identifier text, name text, type text, workspace_id int, organization_id int, template jsonb,
                  created_at timestamptz, updated_at timestamptz, closed_at timestamptz, trashed_at timestamptz)
       ORDER BY created_at`);
  }
  // Publishing: a version-1 snapshot of the draft, made live; some drafts edited since (the editor's saves).
  const published = flows.filter((flow) => flow.published_at).map((flow) => ({ p: flow.public_identifier, at: flow.published_at, e: flow.edited_since }));
  await db.execute(sql`
    INSERT INTO flow_snapshots (flow_id, version, template, published_at)
    SELECT f.id, 1, f.template, r.at FROM jsonb_to_recordset(${JSON.stringify(published)}::jsonb) AS r(p text, at timestamptz, e boolean)
      JOIN flows f ON f.public_identifier = r.p`);
  await db.execute(sql`UPDATE flows f SET live_snapshot_id = s.id FROM flow_snapshots s WHERE s.flow_id = f.id`);
  await db.execute(sql`UPDATE flows SET created_by = ${LIMITED_USER} WHERE workspace_id = ${WORKSPACE} AND id % 100 = 0`);
  await db.execute(sql`
    UPDATE flows f SET template = jsonb_set(f.template, '{steps,s1,name}', '"About you"')
      FROM jsonb_to_recordset(${JSON.stringify(published.filter((row) => row.e))}::jsonb) AS r(p text, at timestamptz, e boolean)
     WHERE f.public_identifier = r.p`);

  const ids = new Map(
    rowsOf<{ id: number; public_identifier: string; live_snapshot_id: number | null }>(
      await db.execute(sql`SELECT id, public_identifier, live_snapshot_id FROM flows`),
    ).map((row) => [row.public_identifier, row]),
  );
  // Submissions: workspace 1's published forms share SUBMISSIONS, the other workspaces a tenth of it each.
  const finished = new Map<number, number>();
  for (const [workspace, total] of [
    [WORKSPACE, SUBMISSIONS],
    [2, Math.round(SUBMISSIONS / 10)],
    [3, Math.round(SUBMISSIONS / 10)],
  ] as const) {
    const forms = flows.filter((flow) => flow.workspace_id === workspace && flow.published_at);
    const counts = spreadSubmissions(random, forms.length, total);
    forms.forEach((flow, i) => finished.set(ids.get(flow.public_identifier)!.id, counts[i]!));
  }
  const batches: SQL[] = [];
  let batch: Array<{ flow_id: number; snapshot_id: number; n: number; m: number; since: string }> = [];
  let rows = 0;
  for (const flow of flows) {
    const row = ids.get(flow.public_identifier)!;
    const n = finished.get(row.id) ?? 0;
    if (!row.live_snapshot_id || n === 0) continue;
    batch.push({ flow_id: row.id, snapshot_id: row.live_snapshot_id, n, m: Math.floor(n / 50), since: flow.published_at! });
    rows += n;
    if (rows >= 10_000) {
      batches.push(submissionsStatement(batch));
      batch = [];
      rows = 0;
    }
  }
  if (batch.length > 0) batches.push(submissionsStatement(batch));
  await runAll(db, batches, parallel);

  // The caller's stars, editor views and Results views, and another member's (which must not show).
  const states: Array<{ flow_id: number; user_id: number; starred_at: string | null; last_viewed_at: string | null; seen: number; seen_at: string | null }> = [];
  for (const flow of flows) {
    if (flow.organization_id !== 1) continue;
    const id = ids.get(flow.public_identifier)!.id;
    const n = finished.get(id) ?? 0;
    for (const user of [USER, OTHER_USER]) {
      const starred = random() < 0.02;
      const viewed = random() < 0.1;
      const results = viewed && n > 0 && random() < 0.4;
      if (!starred && !viewed) continue;
      const viewedAt = now - random() * 60 * DAY_MS;
      // The count seen then: part of today's; one in 20 above it (submissions deleted since).
      const seen = results ? (random() < 0.05 ? n + 1 + Math.floor(random() * 3) : Math.floor(n * (0.5 + random() / 2))) : 0;
      states.push({
        flow_id: id,
        user_id: user,
        starred_at: starred ? new Date(now - random() * 365 * DAY_MS).toISOString() : null,
        last_viewed_at: viewed ? new Date(viewedAt).toISOString() : null,
        seen,
        seen_at: results ? new Date(viewedAt).toISOString() : null,
      });
    }
  }
  await db.execute(sql`
    INSERT INTO flow_user_states (flow_id, user_id, starred_at, last_viewed_at, results_seen_count, results_seen_at)
    SELECT flow_id, user_id, starred_at, last_viewed_at, seen, seen_at
      FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb)
           AS r(flow_id int, user_id int, starred_at timestamptz, last_viewed_at timestamptz, seen bigint, seen_at timestamptz)`);
  await db.execute(sql`VACUUM ANALYZE`);
}

/**
 * The submissions of `batch` as the service stores them: `n` finished ones per form with their edit token's hash,
 * then `m` respondents in progress; times between the publish and now; answers of the example form.
 */
function submissionsStatement(batch: ReadonlyArray<{ flow_id: number; snapshot_id: number; n: number; m: number; since: string }>): SQL {
  return sql`
    INSERT INTO submissions (id, flow_id, snapshot_id, answers, submission_time, last_updated_at, status, edit_token_hash,
                             progress_token_hash, last_step_id, search_text)
    SELECT gen_random_uuid(), c.flow_id, c.snapshot_id, a.answers, t.at, t.at,
           CASE WHEN i <= c.n THEN 'finished' ELSE 'in_progress' END,
           CASE WHEN i <= c.n THEN encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex') END,
           CASE WHEN i > c.n THEN encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex') END,
           CASE WHEN i > c.n THEN 's1' END,
           lower(concat_ws(E'\n', 'Person ' || i, 'person' || i || '@example.com', CASE WHEN i % 3 = 0 THEN 'Pro' ELSE 'Free' END))
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS c(flow_id int, snapshot_id int, n int, m int, since timestamptz),
           generate_series(1, c.n + c.m) AS i,
           LATERAL (SELECT c.since + (now() - c.since) * random() AS at) AS t,
           LATERAL (SELECT jsonb_build_object('w1', 'Person ' || i, 'w2', 'person' || i || '@example.com',
                                              'w3', CASE WHEN i % 3 = 0 THEN 'o2' ELSE 'o1' END) AS answers) AS a`;
}

/**
 * The whole of a list in `sort`'s order as an independent query computes it — the finished submissions counted
 * one by one (not `submission_counts`), the orders and ties of `FlowSort`'s doc comment: `id:submissionCount:unreadCount`.
 */
async function expectedOrder(db: DbOrTx, sort: FlowSort): Promise<string[]> {
  const orders: Record<FlowSort, string> = {
    createdDate: 'l.created_at DESC, l.id DESC',
    lastViewed: 'l.last_viewed_at DESC NULLS LAST, l.id DESC',
    lastEdited: 'l.updated_at DESC, l.id DESC',
    submissionCount: 'l.finished DESC, l.id DESC',
    alphabetical: 'lower(l.name) ASC, l.id ASC',
    unread: 'l.unread DESC, l.id DESC',
  };
  const rows = rowsOf<{ id: number; finished: number; unread: number }>(
    await db.execute(sql`
      SELECT id, finished, unread FROM (
        SELECT f.id, f.created_at, f.updated_at, f.name, s.last_viewed_at,
               (SELECT count(*) FROM submissions x WHERE x.flow_id = f.id AND x.status = 'finished')::int AS finished,
               GREATEST((SELECT count(*) FROM submissions x WHERE x.flow_id = f.id AND x.status = 'finished') - COALESCE(s.results_seen_count, 0), 0)::int AS unread
          FROM flows f LEFT JOIN flow_user_states s ON s.flow_id = f.id AND s.user_id = ${USER}
         WHERE f.organization_id = 1 AND f.workspace_id = ${WORKSPACE} AND f.trashed_at IS NULL) AS l
      ORDER BY ${sql.raw(orders[sort])}`),
  );
  return rows.map((row) => `${row.id}:${row.finished}:${row.unread}`);
}

/** One measured scenario's figures. */
interface Figures extends Distribution {
  scenario: string;
}

/** The bench against one database: build, seed, measure, check. */
async function benchOne(kind: 'pglite' | 'postgres'): Promise<Figures[]> {
  const issuer = await createTestIssuer();
  const caller = { id: USER, organizationId: 1, workspaces: { [WORKSPACE]: 'write' as const, 2: 'write' as const } };
  const admin = new URL(PG_URL);
  admin.pathname = '/postgres';
  const bench = new URL(PG_URL);
  bench.pathname = `/${DATABASE}`;
  const dataDir = kind === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'formloom-bench-home-')) : undefined;
  if (kind === 'postgres') await dropDatabase(admin.toString());
  const env: Record<string, string> = { LOG_LEVEL: 'silent', INTERNAL_TOKEN: 'bench-internal-token-0123456789' };
  if (kind === 'postgres') env.DATABASE_URL = bench.toString();
  else env.DATA_DIR = dataDir!;
  const service = await buildApp({ env, jwks: issuer.jwks, logger: false });
  const { app } = service;
  const { db } = service.ctx;
  const figures: Figures[] = [];
  try {
    const seeding = performance.now();
    await seed(db, kind === 'postgres' ? 4 : 1);
    const [counted] = rowsOf<{ forms: number; finished: number; shards: number }>(
      await db.execute(sql`
        SELECT (SELECT count(*) FROM flows WHERE workspace_id = ${WORKSPACE})::int AS forms,
               (SELECT count(*) FROM submissions s JOIN flows f ON f.id = s.flow_id WHERE f.workspace_id = ${WORKSPACE} AND s.status = 'finished')::int AS finished,
               (SELECT count(DISTINCT shard) FROM submission_counts)::int AS shards`),
    );
    console.log(
      `\n${kind}: workspace ${WORKSPACE} has ${counted?.forms} forms and ${counted?.finished} finished submissions (kept counts over ${counted?.shards} shard(s)); seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`,
    );

    if (EXPLAIN) {
      for (const sort of SORTS) {
        const statement = pageFlowsQuery(db, { organizationId: 1, workspaceIds: [WORKSPACE], limitedWorkspaceIds: [], userId: USER, view: 'all', sort, offset: 0, limit: 51 }).getSQL();
        const plan = rowsOf<Record<string, string>>(await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`));
        console.log(`\n--- EXPLAIN ANALYZE, sort=${sort}, first page\n${plan.map((row) => Object.values(row)[0]).join('\n')}`);
      }
    }

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address}${pathOf(listFlows)}`;
    let headers = await issuer.headers(caller);
    let issuedAt = performance.now();
    const get = async (query: Record<string, string | number>) => {
      // The test issuer's tokens last 5 minutes: a fresh one every minute.
      if (performance.now() - issuedAt > 60_000) {
        headers = await issuer.headers(caller);
        issuedAt = performance.now();
      }
      const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
      const started = performance.now();
      const response = await request(`${url}?${search}`, { headers });
      const body = await response.body.text();
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`GET ${url}?${search}: ${response.statusCode} ${body}`);
      return { elapsed, body: JSON.parse(body) as { flows: Array<{ id: number; submissionCount: number; unreadCount: number }>; nextCursor: string | null } };
    };
    /** The cursors of pages 2..`pages` of a list (by walking `nextCursor`). */
    const cursorsOf = async (query: Record<string, string | number>, pages: number): Promise<string[]> => {
      const cursors: string[] = [];
      for (let page = 1; page < pages; page += 1) {
        const previous = cursors.at(-1);
        const cursor = (await get(previous ? { ...query, cursor: previous } : query)).body.nextCursor;
        if (!cursor) break;
        cursors.push(cursor);
      }
      return cursors;
    };
    const measure = async (scenario: string, query: (i: number) => Record<string, string | number>) => {
      for (let i = 0; i < WARMUP; i += 1) await get(query(i));
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) samples.push((await get(query(i))).elapsed);
      const row = { scenario, ...distribution(samples) };
      figures.push(row);
      console.log(`| ${kind} | ${scenario} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.max} |`);
    };

    console.log('\n| database | scenario | p50 | p95 | p99 | max |\n| --- | --- | ---: | ---: | ---: | ---: |');
    for (const sort of SORTS) {
      const list = { workspaceId: WORKSPACE, view: 'all' satisfies FlowListView, sort, limit: 50 };
      await measure(`${sort}: first page`, () => list);
      const cursors = await cursorsOf(list, 20);
      const next = cursors.slice(0, 4);
      await measure(`${sort}: pages 2–5 by nextCursor`, (i) => ({ ...list, cursor: next[i % next.length]! }));
      const deep = cursors[18];
      if (deep) await measure(`${sort}: page 20 by nextCursor`, () => ({ ...list, cursor: deep }));
    }
    await measure('starred tab (every workspace, createdDate): first page', () => ({ view: 'starred', sort: 'createdDate', limit: 50 }));
    await measure('recents tab (every workspace, lastViewed): first page', () => ({ view: 'recents', sort: 'lastViewed', limit: 50 }));
    // A `limited` member: only their own forms (one in 100) of the workspace.
    headers = await issuer.headers({ id: LIMITED_USER, organizationId: 1, workspaces: { [WORKSPACE]: 'limited' as const } });
    issuedAt = performance.now();
    for (const sort of SORTS) {
      await measure(`limited member (their 1 % of the forms), ${sort}: first page`, () => ({ workspaceId: WORKSPACE, view: 'all', sort, limit: 50 }));
    }
    const ownListed = (await get({ workspaceId: WORKSPACE, sort: 'createdDate', limit: 500 })).body.flows.length;
    const [ownExpected] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM flows WHERE workspace_id = ${WORKSPACE} AND created_by = ${LIMITED_USER} AND trashed_at IS NULL`),
    );
    if (ownListed !== ownExpected!.n) process.exitCode = 1;
    console.log(`CHECK ${kind} limited member: lists ${ownListed} forms, their own not in the trash: ${ownExpected!.n}`);
    headers = await issuer.headers(caller);
    issuedAt = performance.now();

    if (CHECK) {
      for (const sort of SORTS) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const { body } = await get({ workspaceId: WORKSPACE, sort, limit: 500, ...(cursor ? { cursor } : {}) });
          seen.push(...body.flows.map((flow) => `${flow.id}:${flow.submissionCount}:${flow.unreadCount}`));
          cursor = body.nextCursor;
        } while (cursor);
        const expected = await expectedOrder(db, sort);
        const first = expected.findIndex((entry, i) => seen[i] !== entry);
        if (first !== -1 || seen.length !== expected.length) {
          process.exitCode = 1;
          console.log(`CHECK ${kind} ${sort}: differs at position ${first} (listed ${seen[first]}, expected ${expected[first]}; ${seen.length} vs ${expected.length} rows)`);
        } else {
          console.log(`CHECK ${kind} ${sort}: the whole list (${seen.length} forms) is in the expected order with the expected counts`);
        }
      }
    }
    console.log(`${kind}: done; load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  } finally {
    await service.close();
    if (!KEEP) {
      if (kind === 'postgres') await dropDatabase(admin.toString());
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    } else if (dataDir) {
      console.log(`kept the PGlite directory ${dataDir}`);
    }
  }
  return figures;
}

/** Drops this benchmark's PostgreSQL database (connected to the server's `postgres` database at `adminUrl`). */
async function dropDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const report: Record<string, Figures[]> = {};
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg();
  for (const kind of DATABASES) report[kind] = await benchOne(kind);
  console.log('\n| scenario | ' + DATABASES.map((kind) => `${kind} p50 / p95 / p99 / max`).join(' | ') + ' |');
  console.log('| --- | ' + DATABASES.map(() => '---').join(' | ') + ' |');
  const scenarios = report[DATABASES[0]!]?.map((row) => row.scenario) ?? [];
  for (const scenario of scenarios) {
    const cells = DATABASES.map((kind) => {
      const row = report[kind]?.find((entry) => entry.scenario === scenario);
      return row ? `${row.p50} / ${row.p95} / ${row.p99} / ${row.max}` : '—';
    });
    console.log(`| ${scenario} | ${cells.join(' | ')} |`);
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = JSON.stringify(
    { startedAt, forms: FORMS, submissions: SUBMISSIONS, requests: REQUESTS, loadBefore, loadAfter: os.loadavg(), cpus: os.cpus().length, node: process.version, report },
    null,
    2,
  );
  writeFileSync(path.join(RESULTS_DIR, `home-lists-${startedAt.replace(/[:.]/g, '-')}.json`), json);
  writeFileSync(path.join(RESULTS_DIR, 'home-lists-latest.json'), json);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
