/**
 * `npm run bench:results`: how fast the Results read a form with many responses — the target of the form builder's
 * Results (docs/benchmarks.md §9): a page of `GET /admin/flows/:publicIdentifier/submissions` answers in < 50 ms
 * (p95) with 1,000,000 submissions on the form, on the one-node machine (PostgreSQL).
 *
 * What it does: builds the flows service (the real app, `services/flows/src/app.ts`) on a fresh PostgreSQL database
 * of its own (`formloom_bench_results`, dropped first; kept afterwards with `KEEP_DATABASE=1`, and reused as it is
 * with `REUSE=1`), creates and publishes a form of eight questions through its API, writes `SUBMISSIONS` responses
 * straight into `submissions` with `generate_series` (one in 50 in progress, one every 30 s back from now, answers
 * and search text as the service stores them), `VACUUM ANALYZE`s, then asks for pages over HTTP — one client, one
 * request at a time, `REQUESTS` per scenario after 20 warm-up requests — and prints p50 / p95 / max per scenario
 * (ms, from the request's start to the last byte of the body). The scenarios are the calls the Results make — a
 * page without its count (`includeTotal=false`), the count on its own (`GET …/submissions/count`), the next page
 * after a cursor anywhere in the form — under each filter (none, in progress, one month, a search, answer filters),
 * then what a client of Fillout's API asks (the count with the page, deep pages by offset).
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | `PG_URL` | `postgres://postgres@127.0.0.1:5432` | the PostgreSQL server |
 * | `SUBMISSIONS` | 1000000 | responses on the form |
 * | `REQUESTS` | 200 | measured requests per scenario |
 * | `REUSE` | unset | `1`: keep the database as a previous run left it (kept with `KEEP_DATABASE=1`) |
 * | `KEEP_DATABASE` | unset | `1`: do not drop the database at the end |
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { request } from 'undici';
import { sql } from 'drizzle-orm';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { countSubmissions, listSubmissions } from '@formloom/contracts/api/flows/submissions';
import { pathOf } from '@formloom/contracts/api/endpoint';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { rowsOf } from '@formloom/kit/db';
import { createTestIssuer } from '@formloom/kit/testing';
import { buildApp } from '../../services/flows/src/app';
import { encodeCursor } from '../../services/flows/src/domain/results';
import { distribution } from './stats';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE = 'formloom_bench_results';
const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 1_000_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const REUSE = process.env.REUSE === '1';
const KEEP = process.env.KEEP_DATABASE === '1' || REUSE;
const SEED_BATCH = 100_000;

/** The benchmark's form: eight questions of the common kinds. */
const TEMPLATE: FlowTemplate = {
  firstStep: 's1',
  steps: {
    s1: {
      id: 's1',
      name: 'About you',
      type: 'form',
      template: {
        widgets: [
          { id: 'name', name: 'Name', type: 'ShortAnswer', template: { label: 'Your name', required: true } },
          { id: 'email', name: 'Email', type: 'EmailInput', template: { label: 'Email', required: true } },
          {
            id: 'plan',
            name: 'Plan',
            type: 'MultipleChoice',
            template: { label: 'Plan', required: false, options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }, { id: 'team', label: 'Team' }] },
          },
          {
            id: 'features',
            name: 'Features',
            type: 'Checkboxes',
            template: { label: 'Features', required: false, options: [{ id: 'forms', label: 'Forms' }, { id: 'pay', label: 'Payments' }, { id: 'cal', label: 'Scheduling' }] },
          },
          { id: 'seats', name: 'Seats', type: 'NumberInput', template: { label: 'Seats', required: false } },
          { id: 'nps', name: 'NPS', type: 'OpinionScale', template: { label: 'How likely are you to recommend us?', required: false, start: 0, end: 10 } },
          { id: 'start', name: 'Start', type: 'DatePicker', template: { label: 'Start date', required: false } },
          { id: 'comment', name: 'Comment', type: 'LongAnswer', template: { label: 'Anything else?', required: false } },
        ],
      },
      nextStep: { defaultNextStep: 'end' },
    },
    end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
  },
};

/** `generate_series` rows `from`..`to` as submissions of flow `flowId` (snapshot `snapshotId`), answers as stored. */
function seedStatement(flowId: number, snapshotId: number, from: number, to: number) {
  return sql`
    INSERT INTO submissions (id, flow_id, snapshot_id, answers, submission_time, last_updated_at, status, search_text)
    SELECT gen_random_uuid(), ${flowId}, ${snapshotId}, a.answers, t.at, t.at,
           CASE WHEN i % 50 = 0 THEN 'in_progress' ELSE 'finished' END,
           lower(concat_ws(E'\n', 'Person ' || i, 'person' || i || '@example.com',
                 (ARRAY['Free', 'Pro', 'Team'])[1 + i % 3], i % 50 + 1, i % 11, CASE WHEN i % 7 = 0 THEN 'Great product, thanks ' || i END))
      FROM generate_series(${from}::int, ${to}::int) AS i,
           LATERAL (SELECT now() - make_interval(secs => i * 30) AS at) AS t,
           LATERAL (SELECT jsonb_strip_nulls(jsonb_build_object(
             'name', 'Person ' || i,
             'email', 'person' || i || '@example.com',
             'plan', (ARRAY['free', 'pro', 'team'])[1 + i % 3],
             'features', CASE i % 4 WHEN 0 THEN '["forms"]'::jsonb WHEN 1 THEN '["forms","pay"]'::jsonb WHEN 2 THEN '["cal"]'::jsonb END,
             'seats', i % 50 + 1,
             'nps', i % 11,
             'start', to_char(date '2026-01-01' + (i % 365), 'YYYY-MM-DD'),
             'comment', CASE WHEN i % 7 = 0 THEN 'Great product, thanks ' || i END)) AS answers) AS a`;
}

/** The admin database's URL and this benchmark's database's. */
function urls(): { admin: string; bench: string } {
  const admin = new URL(PG_URL);
  const bench = new URL(PG_URL);
  bench.pathname = `/${DATABASE}`;
  admin.pathname = '/postgres';
  return { admin: admin.toString(), bench: bench.toString() };
}

/** Drops this benchmark's database (connected to the server's `postgres` database). */
async function dropDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** One scenario: a name, the query string of each request (`i` counts the requests), and the call (the list by default). */
interface Scenario {
  name: string;
  query: (i: number, total: number) => Record<string, string | number>;
  path?: 'count';
}

async function main(): Promise<void> {
  const { admin, bench } = urls();
  if (!REUSE) await dropDatabase(admin);
  const issuer = await createTestIssuer();
  const owner = { id: 1, organizationId: 1, workspaces: { 1: 'write' as const } };
  const service = await buildApp({ env: { DATABASE_URL: bench, LOG_LEVEL: 'silent', INTERNAL_TOKEN: 'bench-internal-token-0123456789' }, jwks: issuer.jwks, logger: false });
  const { app } = service;
  const db = service.ctx.db;
  try {
    const headers = await issuer.headers(owner);
    let publicIdentifier: string;
    const existing = rowsOf<{ public_identifier: string }>(await db.execute(sql`SELECT public_identifier FROM flows ORDER BY id LIMIT 1`));
    if (REUSE && existing[0]) {
      publicIdentifier = existing[0].public_identifier;
    } else {
      const created = await app.inject({ method: 'POST', url: pathOf(createFlow), headers, payload: { name: 'Results benchmark', workspaceId: 1, type: 'form', flowTemplate: TEMPLATE } });
      if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body}`);
      publicIdentifier = (created.json() as { flow: { publicIdentifier: string } }).flow.publicIdentifier;
      const published = await app.inject({ method: 'POST', url: pathOf(publishFlow, { publicIdentifier }), headers, payload: {} });
      if (published.statusCode !== 200) throw new Error(`publish: ${published.statusCode} ${published.body}`);
      const [flow] = rowsOf<{ id: number; live_snapshot_id: number }>(await db.execute(sql`SELECT id, live_snapshot_id FROM flows WHERE public_identifier = ${publicIdentifier}`));
      const started = performance.now();
      for (let from = 1; from <= SUBMISSIONS; from += SEED_BATCH) {
        await db.execute(seedStatement(flow!.id, flow!.live_snapshot_id, from, Math.min(SUBMISSIONS, from + SEED_BATCH - 1)));
        process.stdout.write(`\rseeded ${Math.min(SUBMISSIONS, from + SEED_BATCH - 1).toLocaleString('en-US')} responses`);
      }
      await db.execute(sql`VACUUM ANALYZE submissions`);
      console.log(` in ${((performance.now() - started) / 1000).toFixed(0)} s (with VACUUM ANALYZE)`);
    }
    const [{ n: total } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM submissions WHERE status = 'finished'`));
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address}${pathOf(listSubmissions, { publicIdentifier })}`;
    const countUrl = `${address}${pathOf(countSubmissions, { publicIdentifier })}`;
    const limit = 50;
    const lastOffset = Math.max(0, Math.floor((total - 1) / limit) * limit);
    const day = 86_400_000;
    // Cursors of responses anywhere in the form: where a walk page by page would be after a while.
    const anywhere = rowsOf<{ time: string; id: string }>(
      await db.execute(sql`SELECT submission_time::text AS time, id::text AS id FROM submissions WHERE status = 'finished' ORDER BY random() LIMIT ${REQUESTS + 20}`),
    ).map((row) => encodeCursor(row));
    const rare = JSON.stringify({ equals: [{ var: 'answers.email' }, 'person777@example.com'] });
    const pro = JSON.stringify({ equals: [{ var: 'answers.plan' }, 'pro'] });
    const promoters = JSON.stringify({ and: [{ gte: [{ var: 'answers.nps' }, 9] }, { gt: [{ var: 'answers.seats' }, 40] }] });
    const month = (i: number) => ({ from: new Date(Date.now() - (60 + (i % 200)) * day).toISOString(), to: new Date(Date.now() - (30 + (i % 200)) * day).toISOString() });
    // What the Results ask (a page without the count, then the count on its own, once per set of filters; the next
    // pages by cursor), then what Fillout's API clients ask (the count with every page, deep pages by offset).
    const page = { limit, includeTotal: 'false' };
    const scenarios: Scenario[] = [
      { name: 'Results: first page', query: () => page },
      { name: 'Results: the count', query: () => ({}), path: 'count' },
      { name: 'Results: next page by cursor, anywhere', query: (i) => ({ ...page, after: anywhere[i % anywhere.length]! }) },
      { name: 'Results: oldest first', query: () => ({ ...page, sort: 'asc' }) },
      { name: 'Results: in progress, first page', query: () => ({ ...page, status: 'in_progress' }) },
      { name: 'Results: in progress, the count', query: () => ({ status: 'in_progress' }), path: 'count' },
      { name: 'Results: one month, first page', query: (i) => ({ ...page, ...month(i) }) },
      { name: 'Results: one month, the count', query: (i) => month(i), path: 'count' },
      { name: 'Results: search (1 in 7 match), first page', query: () => ({ ...page, search: 'great product' }) },
      { name: 'Results: search (1 in 7 match), the count', query: () => ({ search: 'great product' }), path: 'count' },
      { name: 'Results: search (1 match), first page', query: (i) => ({ ...page, search: `person${(i * 4099) % total}@` }) },
      { name: 'Results: filter Plan = Pro, first page', query: () => ({ ...page, filter: pro }) },
      { name: 'Results: filter Plan = Pro, the count', query: () => ({ filter: pro }), path: 'count' },
      { name: 'Results: filter Plan = Pro, next page by cursor', query: (i) => ({ ...page, filter: pro, after: anywhere[i % anywhere.length]! }) },
      { name: 'Results: filter NPS ≥ 9 and Seats > 40, first page', query: () => ({ ...page, filter: promoters }) },
      { name: 'Results: filter one email (1 match), first page', query: () => ({ ...page, filter: rare }) },
      { name: "Fillout's API: newest page with the count", query: () => ({ limit }) },
      { name: "Fillout's API: a page anywhere by offset", query: (i) => ({ limit, offset: ((i * 7919) % Math.max(1, Math.floor(total / limit))) * limit }) },
      { name: "Fillout's API: the last page by offset", query: () => ({ limit, offset: lastOffset }) },
    ];
    const report: Array<{ scenario: string; p50: number; p95: number; max: number }> = [];
    for (const scenario of scenarios) {
      // The test issuer's tokens last 5 minutes, and a scenario of 220 requests by deep offset takes longer: a
      // fresh token per scenario and every minute within one.
      let headers = await issuer.headers(owner);
      let issuedAt = performance.now();
      const times: number[] = [];
      for (let i = -20; i < REQUESTS; i += 1) {
        if (performance.now() - issuedAt > 60_000) {
          headers = await issuer.headers(owner);
          issuedAt = performance.now();
        }
        const query = new URLSearchParams(Object.entries(scenario.query(Math.abs(i), total)).map(([k, v]): [string, string] => [k, String(v)]));
        const started = performance.now();
        const response = await request(`${scenario.path === 'count' ? countUrl : url}?${query}`, { headers });
        const body = await response.body.text();
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${scenario.name}: ${response.statusCode} ${body}`);
        if (i >= 0) times.push(elapsed);
      }
      const { p50, p95, max } = distribution(times);
      report.push({ scenario: scenario.name, p50: p50 ?? 0, p95: p95 ?? 0, max: max ?? 0 });
      console.log(`${scenario.name}: p50 ${p50} ms, p95 ${p95} ms`);
    }
    console.log(`\n${total.toLocaleString('en-US')} finished responses (${SUBMISSIONS.toLocaleString('en-US')} in all), ${REQUESTS} requests per scenario, ms:`);
    console.log('| scenario | p50 | p95 | max |\n| --- | ---: | ---: | ---: |');
    for (const row of report) console.log(`| ${row.scenario} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} |`);
  } finally {
    await service.close();
    if (!KEEP) await dropDatabase(admin);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
