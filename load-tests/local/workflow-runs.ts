/**
 * `npm run bench:runs`: how fast the workflow runs read with thousands of runs (docs/benchmarks.md §11;
 * docs/architecture.md "workflows-engine" → "Runs") — the list of a form's workflows with each one's run stats, a
 * workflow's runs page by page (first page, a page deep by cursor, a status filter, the test runs) and a run in full.
 *
 * What it does: builds the workflows-engine (the real app, `services/workflows-engine/src/app.ts`) on a fresh database
 * of its own — PostgreSQL `formloom_bench_runs_<BENCH_TAG>` (dropped first and after), or in-memory PGlite with
 * `PGLITE=1` — writes `WORKFLOWS` workflows on one form with `RUNS` live runs each (one in 10 failed, one in 100 in
 * progress, one email step each, trigger data of three answers) and `TEST_RUNS` test runs on the first, plus
 * `OTHER_RUNS` runs of a workflow of another form (what a page must never read), with `generate_series`; `VACUUM ANALYZE`s;
 * then asks through `app.inject` (handler and database, no network), one request at a time, `REQUESTS` per scenario
 * after 10 warm-up ones, and prints p50 / p95 / max (ms) per scenario and the plan of the stats' grouped count.
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | `PG_URL` | `postgres://postgres@127.0.0.1:5432` | the PostgreSQL server |
 * | `PGLITE` | unset | `1`: in-memory PGlite instead |
 * | `BENCH_TAG` | `local` | suffix of the database's name (one per checkout on a shared server) |
 * | `WORKFLOWS` | 5 | workflows on the form |
 * | `RUNS` | 1000 | live runs per workflow |
 * | `TEST_RUNS` | 200 | test runs of the first workflow |
 * | `OTHER_RUNS` | 20000 | runs of another form's workflow |
 * | `REQUESTS` | 100 | measured requests per scenario |
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { listWorkflowRuns, getWorkflowRun, type WorkflowRunsResponse } from '@formloom/contracts/api/workflows-engine/runs';
import { listWorkflows } from '@formloom/contracts/api/workflows-engine/workflows';
import { rowsOf } from '@formloom/kit/db';
import { createTestIssuer, endpointRequest } from '@formloom/kit/testing';
import { buildApp } from '../../services/workflows-engine/src/app';
import { distribution } from './stats';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PGLITE = process.env.PGLITE === '1';
const DATABASE = `formloom_bench_runs_${(process.env.BENCH_TAG ?? 'local').replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
const WORKFLOWS = Number(process.env.WORKFLOWS ?? 5);
const RUNS = Number(process.env.RUNS ?? 1000);
const TEST_RUNS = Number(process.env.TEST_RUNS ?? 200);
const OTHER_RUNS = Number(process.env.OTHER_RUNS ?? 20_000);
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const FORM = 'benchform';
const OTHER_FORM = 'otherform';

/** A workflow's template: the trigger and one email step. */
function template(form: string) {
  return {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: 'n1' },
    nodes: {
      n1: {
        type: 'email',
        nextNodeId: null,
        template: {
          email: { subject: 'Thanks {{answers.w1}}', from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Hi' }] },
          recipients: { type: 'string', list: [{ email: 'ada@example.com' }] },
        },
      },
    },
  };
}

/** Inserts workflow `id` on `form` and `count` runs of `mode` (with one step each), one every 30 s back from now. */
function seed(id: string, form: string, count: number, mode: 'live' | 'edit') {
  const workflow = sql`
    INSERT INTO workflows (id, organization_id, workspace_id, flow_id, flow_public_identifier, name, draft_template,
                           published_template, is_active, published_at)
    VALUES (${id}::uuid, 1, 1, 1, ${form}::text, ${`Workflow ${id.slice(-4)}`}::text, ${JSON.stringify(template(form))}::jsonb,
            ${JSON.stringify(template(form))}::jsonb, true, now())
    ON CONFLICT DO NOTHING`;
  const runs = sql`
    WITH made AS (
      INSERT INTO workflow_runs (id, workflow_id, organization_id, trigger_event_id, submission_id, template, trigger_data,
                                 status, attempts, mode, created_at, started_at, finished_at, error)
      SELECT gen_random_uuid(), ${id}::uuid, 1, gen_random_uuid(), ${mode}::text || '-' || i, ${JSON.stringify(template(form))}::jsonb,
             jsonb_build_object('flowId', 1, 'flowPublicIdentifier', ${form}::text, 'flowName', 'Bench', 'submissionId', 's' || i,
               'submissionTime', t.at, 'answers', jsonb_build_object('w1', 'Person ' || i),
               'questions', jsonb_build_array(
                 jsonb_build_object('id', 'w1', 'name', 'Name', 'type', 'ShortAnswer', 'value', 'Person ' || i, 'displayValue', 'Person ' || i),
                 jsonb_build_object('id', 'w2', 'name', 'Email', 'type', 'EmailInput', 'value', 'p' || i || '@example.com', 'displayValue', 'p' || i || '@example.com'),
                 jsonb_build_object('id', 'w3', 'name', 'Plan', 'type', 'MultipleChoice', 'value', 'o1', 'displayValue', 'Free'))),
             CASE WHEN i % 100 = 0 THEN 'queued' WHEN i % 10 = 0 THEN 'failed' ELSE 'succeeded' END, 1, ${mode}::text,
             t.at, t.at, CASE WHEN i % 100 = 0 THEN NULL ELSE t.at + interval '120 milliseconds' END,
             CASE WHEN i % 10 = 0 AND i % 100 <> 0 THEN 'SMTP: 550 mailbox unavailable' END
        FROM generate_series(1, ${count}::int) AS i, LATERAL (SELECT now() - make_interval(secs => i * 30) AS at) AS t
      RETURNING id, status, created_at, finished_at)
    INSERT INTO workflow_run_steps (run_id, node_id, seq, type, status, attempts, output, error, started_at, finished_at)
    SELECT id, 'n1', 1, 'email', CASE WHEN status = 'queued' THEN 'running' ELSE status END, 1,
           CASE WHEN status = 'succeeded' THEN '{"to":["ada@example.com"],"subject":"Thanks"}'::jsonb END,
           CASE WHEN status = 'failed' THEN 'SMTP: 550 mailbox unavailable' END, created_at, finished_at
      FROM made`;
  return [workflow, runs];
}

/** `REQUESTS` timed calls of `request` (after 10 warm-up calls); p50 / p95 / max in ms. */
async function measure(name: string, request: (i: number) => Promise<{ statusCode: number }>) {
  for (let i = 0; i < 10; i += 1) await request(i);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    const response = await request(i);
    samples.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode}`);
  }
  const { p50, p95, max } = distribution(samples);
  console.log(`| ${name} | ${p50} | ${p95} | ${max} |`);
}

async function dropDatabase(): Promise<void> {
  const admin = new URL(PG_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const bench = new URL(PG_URL);
  bench.pathname = `/${DATABASE}`;
  if (!PGLITE) await dropDatabase();
  const issuer = await createTestIssuer();
  const headers = await issuer.headers({ id: 1, organizationId: 1, workspaces: { 1: 'write' as const } });
  const service = await buildApp({
    env: { DATABASE_URL: PGLITE ? 'memory://' : bench.toString(), LOG_LEVEL: 'silent', INTERNAL_TOKEN: 'bench-internal-token-0123456789' },
    jwks: issuer.jwks,
    logger: false,
  });
  const { app } = service;
  const { db } = service.ctx;
  try {
    const ids = Array.from({ length: WORKFLOWS }, (_, i) => `0190a0b0-0000-7000-8000-${String(i + 1).padStart(12, '0')}`);
    const other = '0190a0b0-0000-7000-8000-999999999999';
    const seeded = performance.now();
    for (const [index, id] of ids.entries()) {
      for (const statement of seed(id, FORM, RUNS, 'live')) await db.execute(statement);
      if (index === 0 && TEST_RUNS > 0) for (const statement of seed(id, FORM, TEST_RUNS, 'edit')) await db.execute(statement);
    }
    for (const statement of seed(other, OTHER_FORM, OTHER_RUNS, 'live')) await db.execute(statement);
    await db.execute(sql`VACUUM ANALYZE`);
    const [counted] = rowsOf<{ runs: number }>(await db.execute(sql`SELECT count(*)::int AS runs FROM workflow_runs`));
    console.log(
      `${PGLITE ? 'PGlite' : 'PostgreSQL'}: ${counted?.runs} runs (${WORKFLOWS} × ${RUNS} live + ${TEST_RUNS} test on the form, ${OTHER_RUNS} on another form), seeded in ${Math.round(performance.now() - seeded)} ms`,
    );

    const [first] = ids as [string];
    const page = async (query: Record<string, string | number>) =>
      (await app.inject(endpointRequest(listWorkflowRuns, { params: { id: first }, query, headers }))).json<WorkflowRunsResponse>();
    // Cursors of pages across the workflow's runs (every 50 runs), to ask for pages anywhere.
    const cursors: string[] = [];
    let cursor: string | undefined;
    do {
      const body = await page({ limit: 50, ...(cursor ? { cursor } : {}) });
      cursor = body.nextCursor ?? undefined;
      if (cursor) cursors.push(cursor);
    } while (cursor && cursors.length < 1000);
    const runIds = (await page({ limit: 100 })).runs.map((run) => run.id);

    console.log('\n| scenario | p50 | p95 | max |\n| --- | ---: | ---: | ---: |');
    await measure(`the form's ${WORKFLOWS} workflows with their run stats`, () =>
      app.inject(endpointRequest(listWorkflows, { query: { flowPublicIdentifier: FORM }, headers })),
    );
    await measure('runs: first page (50) with its total', () => app.inject(endpointRequest(listWorkflowRuns, { params: { id: first }, query: {}, headers })));
    await measure('runs: a page anywhere by cursor', (i) =>
      app.inject(endpointRequest(listWorkflowRuns, { params: { id: first }, query: { cursor: cursors[(i * 7) % cursors.length] ?? '' }, headers })),
    );
    await measure('runs: failed only, first page', () =>
      app.inject(endpointRequest(listWorkflowRuns, { params: { id: first }, query: { status: 'failed' }, headers })),
    );
    await measure('runs: in progress, first page', () =>
      app.inject(endpointRequest(listWorkflowRuns, { params: { id: first }, query: { status: 'queued,running,waiting' }, headers })),
    );
    await measure('runs: test runs, first page', () =>
      app.inject(endpointRequest(listWorkflowRuns, { params: { id: first }, query: { mode: 'edit' }, headers })),
    );
    await measure('a run in full', (i) =>
      app.inject(endpointRequest(getWorkflowRun, { params: { id: first, runId: runIds[i % runIds.length] ?? '' }, headers })),
    );

    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const plan = rowsOf<Record<string, string>>(
      await db.execute(sql`EXPLAIN SELECT workflow_id, status, count(*) FROM workflow_runs
                            WHERE workflow_id = ANY(ARRAY[${idList}]) AND mode = 'live' GROUP BY workflow_id, status`),
    );
    console.log(`\nThe stats' grouped count:\n${plan.map((row) => Object.values(row)[0]).join('\n')}`);
  } finally {
    await service.close();
    if (!PGLITE) await dropDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
