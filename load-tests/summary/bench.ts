/**
 * `npm run bench:summary`: how long the Results' summary (`GET /admin/flows/:publicIdentifier/submissions/summary`)
 * takes on PostgreSQL for a form with many submissions.
 *
 * 1. Opens (creates) the database `formloom_bench_summary` on `PG_URL` and applies the flows service's migrations.
 *    With `RESEED=1` (or when the form is missing) it empties the tables and makes one form, the example survey
 *    (`exampleSurveyTemplate`: twelve questions of every summary kind), published.
 * 2. Seeds it up to each size of `SIZES` (default `100000,1000000`) in batches of `BATCH` (50,000) rows, each batch
 *    ONE `INSERT … SELECT … FROM generate_series` that makes random answers in SQL (a choice of three plans, a subset
 *    of four features, yes/no, stars, 0–10, seats, an amount, a Matrix of three rows, a date, a comment for 30 %),
 *    one submission every 30 s back from now, with a search text; then `VACUUM ANALYZE`.
 * 3. At each size, runs each scenario of {@link SCENARIOS} `RUNS` times (default 5) after one unmeasured run — once
 *    the shared machine is quiet (< 10 % busy; waiting up to `QUIET_WAIT_S`, 120 s, and recording how busy it was and
 *    the load average after) —
 *    calling the flows service's own `summarizeSubmissions` (the statements the endpoint runs, on a pool of
 *    `DATABASE_POOL_SIZE` 4 connections, as the service's) and timing it end to end; prints min / median / max, and
 *    `EXPLAIN (ANALYZE, BUFFERS)` of the main statement for the unfiltered scenario.
 * 4. Writes the machine, the settings and every run to `load-tests/summary/results/<date>.json` and `latest.json`.
 *
 * The database is kept (seeding 1,000,000 rows takes minutes); `DROP=1` drops it at the end. Settings: `PG_URL`
 * (default `postgres://postgres@127.0.0.1:5432`), `SIZES`, `BATCH`, `RUNS`, `QUIET_WAIT_S`, `RESEED`, `DROP`, `LABEL`.
 * Results and the method: docs/benchmarks.md §9.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { SubmissionsSummaryQuery } from '@formloom/contracts/api/flows/summary';
import { EXAMPLE_SURVEY, exampleSurveyTemplate } from '@formloom/contracts/example-forms';
import { migrate, openDatabase, rowsOf, type DatabaseHandle } from '@formloom/kit/db';
import { migrations } from '@formloom/flows/db/migrations';
import type { FlowsDeps } from '@formloom/flows/domain/flows';
import { aggregateStatement } from '@formloom/flows/db/summary-repository';
import { summarizeSubmissions, summaryAggregates } from '@formloom/flows/domain/summary';
import { machineBusyPercent } from '../local/cpu';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE = 'formloom_bench_summary';
const SIZES = (process.env.SIZES ?? '100000,1000000').split(',').map(Number);
const BATCH = Number(process.env.BATCH ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 5);
const PUBLIC_IDENTIFIER = 'benchSummary';
/** Wait up to this long (s) before each scenario for the shared machine to be under {@link QUIET_PERCENT} busy. */
const QUIET_WAIT_S = Number(process.env.QUIET_WAIT_S ?? 120);
const QUIET_PERCENT = 10;

/** Waits (up to QUIET_WAIT_S) for the machine to be quiet; how busy it was at last (%). */
async function quietMachine(): Promise<number | null> {
  const deadline = Date.now() + QUIET_WAIT_S * 1000;
  let busy = await machineBusyPercent(1000);
  while (busy !== null && busy > QUIET_PERCENT && Date.now() < deadline) busy = await machineBusyPercent(2000);
  return busy;
}

/** What is summarized: the Results' filters of each scenario. */
const SCENARIOS: Array<{ name: string; query: (now: Date) => SubmissionsSummaryQuery }> = [
  { name: 'all finished', query: () => ({ status: 'finished' }) },
  { name: 'last 7 days', query: (now) => ({ status: 'finished', from: new Date(now.getTime() - 7 * 86_400_000).toISOString() }) },
  { name: 'search "team"', query: () => ({ status: 'finished', search: 'team' }) },
  { name: 'in progress (none)', query: () => ({ status: 'in_progress' }) },
];

/** The statement that adds submissions `first`..`last` (1-based) to flow `flowId` with snapshot `snapshotId`. */
function seedStatement(flowId: number, snapshotId: number, first: number, last: number) {
  const { questions: q, plans, features, aspects } = EXAMPLE_SURVEY;
  const pick = (values: readonly string[]) => `(ARRAY[${values.map((v) => `'${v}'`).join(',')}])[1 + floor(random() * ${values.length})::int]`;
  const subset = sql.raw(
    `nullif((SELECT coalesce(jsonb_agg(f), '[]'::jsonb) FROM unnest(ARRAY[${features.map((f) => `'${f}'`).join(',')}]) AS f WHERE random() < 0.4 AND g > 0), '[]'::jsonb)`,
  );
  const matrix = sql.raw(`jsonb_build_object(${aspects.rows.map((row) => `'${row}', CASE WHEN random() < 0.8 AND g > 0 THEN ${pick(aspects.columns)} END`).join(', ')})`);
  return sql`
    INSERT INTO submissions (id, flow_id, snapshot_id, answers, submission_time, last_updated_at, status, search_text)
    SELECT gen_random_uuid(), ${flowId}, ${snapshotId}, a.answers, t.time, t.time, 'finished',
           lower(concat_ws(E'\n', a.answers ->> ${q.name}, a.answers ->> ${q.email}, a.answers ->> ${q.plan}, a.answers ->> ${q.comments}))
      FROM generate_series(${first}::int, ${last}::int) AS g
     CROSS JOIN LATERAL (SELECT now() - g * interval '30 seconds' AS time) AS t
     CROSS JOIN LATERAL (
       SELECT jsonb_strip_nulls(jsonb_build_object(
         ${q.name}::text, 'Person ' || g,
         ${q.email}::text, 'person' || g || '@example.com',
         ${q.plan}::text, CASE WHEN random() < 0.9 AND g > 0 THEN ${sql.raw(pick(plans))} END,
         ${q.features}::text, ${subset},
         ${q.newsletter}::text, CASE WHEN random() < 0.8 AND g > 0 THEN random() < 0.5 END,
         ${q.rating}::text, 1 + floor(random() * 5)::int,
         ${q.recommend}::text, floor(random() * 11)::int,
         ${q.seats}::text, 1 + floor(random() * random() * 200)::int,
         ${q.budget}::text, round((random() * 2000)::numeric, 2),
         ${q.aspects}::text, nullif(jsonb_strip_nulls(${matrix}), '{}'::jsonb),
         ${q.start}::text, to_char(date '2024-01-01' + floor(random() * 700)::int, 'YYYY-MM-DD'),
         ${q.comments}::text, CASE WHEN random() < 0.3 AND g > 0 THEN 'Comment number ' || g || ': the forms work well, the workflows could be faster.' END
       )) AS answers
     ) AS a`;
}

/** Makes the bench's one form (the example survey, published) in emptied tables; its flow and snapshot ids. */
async function makeForm(handle: DatabaseHandle): Promise<{ flowId: number; snapshotId: number }> {
  await handle.db.execute(sql`TRUNCATE submissions, flow_snapshots, flows RESTART IDENTITY CASCADE`);
  const template = JSON.stringify(exampleSurveyTemplate());
  const [flow] = rowsOf<{ id: number }>(
    await handle.db.execute(sql`
      INSERT INTO flows (public_identifier, name, type, workspace_id, organization_id, template)
      VALUES (${PUBLIC_IDENTIFIER}, 'Customer survey', 'form', 1, 1, ${template}::jsonb) RETURNING id`),
  );
  const [snapshot] = rowsOf<{ id: number }>(
    await handle.db.execute(sql`INSERT INTO flow_snapshots (flow_id, version, template) VALUES (${flow!.id}, 1, ${template}::jsonb) RETURNING id`),
  );
  await handle.db.execute(sql`UPDATE flows SET live_snapshot_id = ${snapshot!.id} WHERE id = ${flow!.id}`);
  return { flowId: flow!.id, snapshotId: snapshot!.id };
}

/** The bench's form, made when missing or with `RESEED=1`. */
async function theForm(handle: DatabaseHandle): Promise<{ flowId: number; snapshotId: number }> {
  const [existing] = rowsOf<{ id: number; live_snapshot_id: number }>(
    await handle.db.execute(sql`SELECT id, live_snapshot_id FROM flows WHERE public_identifier = ${PUBLIC_IDENTIFIER}`),
  );
  if (existing && process.env.RESEED !== '1') return { flowId: existing.id, snapshotId: existing.live_snapshot_id };
  return makeForm(handle);
}

/** How many submissions the form has. */
async function countOf(handle: DatabaseHandle, flowId: number): Promise<number> {
  return rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM submissions WHERE flow_id = ${flowId}`))[0]?.n ?? 0;
}

/** Seeds the form up to `size` submissions; the seconds it took (0 when it had them). */
async function seedTo(handle: DatabaseHandle, form: { flowId: number; snapshotId: number }, size: number): Promise<number> {
  const have = await countOf(handle, form.flowId);
  if (have >= size) return 0;
  const started = performance.now();
  for (let first = have + 1; first <= size; first += BATCH) {
    const last = Math.min(size, first + BATCH - 1);
    await handle.db.execute(seedStatement(form.flowId, form.snapshotId, first, last));
    process.stdout.write(`\rseeded ${last.toLocaleString('en-US')} / ${size.toLocaleString('en-US')}`);
  }
  process.stdout.write('\n');
  await handle.db.execute(sql`VACUUM ANALYZE submissions`);
  return (performance.now() - started) / 1000;
}

/** The flows service's dependencies the summary reads (the database only; it never writes). */
function summaryDeps(handle: DatabaseHandle): FlowsDeps {
  const unused = () => {
    throw new Error('the summary does not write');
  };
  return { db: handle.db, transact: unused, reads: undefined as unknown as FlowsDeps['reads'] };
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of the summary's first statement (every question's aggregates) for the whole form. */
async function explainMain(handle: DatabaseHandle, form: { flowId: number }): Promise<string> {
  const { columns, aggregates } = summaryAggregates(exampleSurveyTemplate());
  const statement = aggregateStatement(form.flowId, { status: 'finished' }, columns, aggregates);
  const plan = rowsOf<Record<string, string>>(await handle.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`));
  return plan.map((row) => row['QUERY PLAN']).join('\n');
}

/** Min, median and max of `values` (ms, one decimal). */
function spread(values: number[]): { min: number; median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return { min: round(sorted[0] ?? 0), median: round(sorted[Math.floor(sorted.length / 2)] ?? 0), max: round(sorted.at(-1) ?? 0) };
}

async function main(): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url: `${PG_URL}/${DATABASE}`, poolSize: 4 });
  await migrate(handle, migrations);
  const form = await theForm(handle);
  const deps = summaryDeps(handle);
  const settings = rowsOf<Record<string, string>>(
    await handle.db.execute(
      sql`SELECT version() AS version, current_setting('max_parallel_workers_per_gather') AS workers, current_setting('shared_buffers') AS shared_buffers, current_setting('work_mem') AS work_mem, current_setting('jit') AS jit`,
    ),
  )[0];
  const sizes: unknown[] = [];
  for (const size of SIZES) {
    const seedSeconds = await seedTo(handle, form, size);
    const rows = await countOf(handle, form.flowId);
    const tableSize = rowsOf<{ size: string }>(await handle.db.execute(sql`SELECT pg_size_pretty(pg_total_relation_size('submissions')) AS size`))[0]?.size;
    console.log(`\n${rows.toLocaleString('en-US')} submissions (table with indexes: ${tableSize}${seedSeconds ? `, seeded in ${seedSeconds.toFixed(0)} s` : ''})`);
    const scenarios: unknown[] = [];
    for (const scenario of SCENARIOS) {
      const query = scenario.query(new Date());
      const busyBeforePercent = await quietMachine();
      const runs: number[] = [];
      let totalResponses = 0;
      for (let run = 0; run <= RUNS; run++) {
        const started = performance.now();
        const result = await summarizeSubmissions(deps, PUBLIC_IDENTIFIER, query, () => 'write');
        const ms = performance.now() - started;
        if (run > 0) runs.push(ms);
        totalResponses = result.totalResponses;
      }
      const stats = spread(runs);
      const loadAverage = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
      console.log(
        `  ${scenario.name.padEnd(20)} ${String(totalResponses).padStart(8)} responses   min ${stats.min} ms   median ${stats.median} ms   max ${stats.max} ms   (machine ${busyBeforePercent} % busy before, load average ${loadAverage} after)`,
      );
      scenarios.push({ name: scenario.name, query, totalResponses, busyBeforePercent, loadAverage, runsMs: runs.map((ms) => Math.round(ms * 10) / 10), ...stats });
    }
    const plan = await explainMain(handle, form);
    console.log(plan);
    sizes.push({ size: rows, tableSize, seedSeconds: Math.round(seedSeconds), scenarios, plan });
  }
  await handle.close();
  if (process.env.DROP === '1') {
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await admin.end();
  }
  const date = new Date().toISOString();
  const report = {
    date,
    label: process.env.LABEL ?? null,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    postgres: settings,
    settings: { runs: RUNS, batch: BATCH, poolSize: 4 },
    sizes,
  };
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${date.replace(/[:.]/g, '-')}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
