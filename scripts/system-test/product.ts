/**
 * What the fault tests do with the product, through the gateway only (as users do), and how they check the
 * outcome: by counting rows in the services' own databases (flows' `submissions`, the engine's
 * `workflow_runs` and `mail_messages`), never by reading logs.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { urlOf, type PublishedForm } from '../src/product-client';

/** A signed-in user of the product (see `scripts/src/product-client.ts`). */
export { ProductClient as Owner, type PublishedForm } from '../src/product-client';

/** One submission attempt. */
export interface SubmissionResult {
  /** HTTP status; 0 when the request failed without an answer. */
  status: number;
  /** The submission id of a 201. */
  submissionId?: string;
  /** When the answer came, ms since the load started. */
  atMs: number;
}

/** Options of {@link submitLoad}. */
export interface LoadOptions {
  /** Submissions to send. */
  count: number;
  /** Requests in flight at most. */
  concurrency: number;
  /** Start at most this many per second (default: as fast as `concurrency` allows). */
  perSecond?: number;
}

/** A running load: its results so far, and a promise of all of them. */
export interface Load {
  /** When the load started (epoch ms); results' `atMs` count from here. */
  readonly startedAt: number;
  readonly results: readonly SubmissionResult[];
  /** Answers received so far with status 201. */
  accepted(): number;
  readonly done: Promise<SubmissionResult[]>;
}

/**
 * Submits `count` valid answers to the form through the gateway with at most `concurrency` requests in
 * flight (and at most `perSecond` started per second). Never throws: failures are results with their status.
 */
export function submitLoad(baseUrl: string, form: PublishedForm, options: LoadOptions): Load {
  const results: SubmissionResult[] = [];
  const started = Date.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next;
      if (index >= options.count) return;
      next += 1;
      if (options.perSecond) {
        const due = started + (index * 1000) / options.perSecond;
        if (due > Date.now()) await sleep(due - Date.now());
      }
      let result: SubmissionResult;
      try {
        const response = await fetch(`${baseUrl}${urlOf(submitAnswers, { params: { publicIdentifier: form.publicIdentifier } })}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ answers: { w1: `Respondent ${index}`, w2: `respondent${index}@example.com` } }),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        const body = (response.status === 201 ? JSON.parse(text) : {}) as { submission?: { submissionId?: string } };
        result = { status: response.status, submissionId: body.submission?.submissionId, atMs: Date.now() - started };
      } catch {
        result = { status: 0, atMs: Date.now() - started };
      }
      results.push(result);
    }
  };
  const done = Promise.all(Array.from({ length: options.concurrency }, () => worker())).then(() => results);
  return { startedAt: started, results, accepted: () => results.filter((r) => r.status === 201).length, done };
}

/** Counts of statuses, e.g. `{ 201: 1990, 500: 10 }`. */
export function statusCounts(results: readonly SubmissionResult[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** What the databases hold for one form and its workflow. */
export interface Outcome {
  /** Rows in flows' `submissions` for the form. */
  submissions: number;
  /** Rows in the engine's `workflow_runs` for the workflow, by status. */
  runs: Record<string, number>;
  /** Submissions with exactly one run, `succeeded`, and exactly one mail log message. */
  complete: number;
  /** Submissions without a succeeded run. */
  lost: number;
  /** Submissions with more than one run or more than one message. */
  duplicated: number;
  /** Rows in the engine's `mail_messages` for the workflow's runs. */
  emails: number;
  /** Acknowledged (201) submission ids missing from flows' database. */
  acknowledgedMissing: number;
}

/**
 * Counts rows in flows' and the engine's databases for `form` (and checks that each of `acknowledged` —
 * submission ids answered 201 — is stored). Opens and closes its own connections.
 */
export async function countOutcome(
  databaseUrls: { flows: string; 'workflows-engine': string },
  form: PublishedForm,
  acknowledged: readonly string[] = [],
): Promise<Outcome> {
  const flows = new pg.Client({ connectionString: databaseUrls.flows, connectionTimeoutMillis: 5_000 });
  const engine = new pg.Client({ connectionString: databaseUrls['workflows-engine'], connectionTimeoutMillis: 5_000 });
  await flows.connect();
  try {
    await engine.connect();
    const submissionRows = await flows.query<{ id: string }>('SELECT id::text AS id FROM submissions WHERE flow_id = $1', [
      form.flowId,
    ]);
    const stored = new Set(submissionRows.rows.map((row) => row.id));
    const runRows = await engine.query<{ submission_id: string | null; status: string; runs: number }>(
      `SELECT submission_id, status, count(*)::int AS runs FROM workflow_runs WHERE workflow_id = $1
        GROUP BY submission_id, status`,
      [form.workflowId],
    );
    const mailRows = await engine.query<{ submission_id: string | null; emails: number }>(
      `SELECT r.submission_id, count(*)::int AS emails
         FROM mail_messages m JOIN workflow_runs r ON r.id = m.workflow_run_id
        WHERE r.workflow_id = $1
        GROUP BY r.submission_id`,
      [form.workflowId],
    );
    const runs: Record<string, number> = {};
    const perSubmission = new Map<string, { runs: number; succeeded: number; emails: number }>();
    const entryOf = (id: string | null) => {
      const key = id ?? '';
      let entry = perSubmission.get(key);
      if (!entry) perSubmission.set(key, (entry = { runs: 0, succeeded: 0, emails: 0 }));
      return entry;
    };
    for (const row of runRows.rows) {
      runs[row.status] = (runs[row.status] ?? 0) + row.runs;
      const entry = entryOf(row.submission_id);
      entry.runs += row.runs;
      if (row.status === 'succeeded') entry.succeeded += row.runs;
    }
    let emails = 0;
    for (const row of mailRows.rows) {
      emails += row.emails;
      entryOf(row.submission_id).emails += row.emails;
    }
    let complete = 0;
    let lost = 0;
    let duplicated = 0;
    for (const id of stored) {
      const entry = perSubmission.get(id);
      if (!entry || entry.succeeded === 0) lost += 1;
      if (entry && (entry.runs > 1 || entry.emails > 1)) duplicated += 1;
      if (entry && entry.runs === 1 && entry.succeeded === 1 && entry.emails === 1) complete += 1;
    }
    return {
      submissions: stored.size,
      runs,
      complete,
      lost,
      duplicated,
      emails,
      acknowledgedMissing: acknowledged.filter((id) => !stored.has(id)).length,
    };
  } finally {
    await engine.end().catch(() => undefined);
    await flows.end().catch(() => undefined);
  }
}

/** What the engine's database holds for the runs of an approval workflow (`approve_or_reject` of the gallery). */
export interface ApprovalOutcome {
  /** Runs by status. */
  runs: Record<string, number>;
  /** Runs whose approval step waits for a decision. */
  waiting: number;
  /** Runs that succeeded with the approval step and the chosen state's email step succeeded, each once. */
  completeOnce: number;
  /** Runs with a step written twice, or with a message count other than two (the request and the respondent's email). */
  duplicated: number;
  /** Rows in the engine's `mail_messages` for the workflow's runs. */
  emails: number;
}

/**
 * Counts the engine's rows for the runs of approval workflow `workflowId` (see {@link ApprovalOutcome}). Opens and closes
 * its own connection.
 */
export async function countApprovalOutcome(engineUrl: string, workflowId: string): Promise<ApprovalOutcome> {
  const engine = new pg.Client({ connectionString: engineUrl, connectionTimeoutMillis: 5_000 });
  await engine.connect();
  try {
    const rows = await engine.query<{ status: string; approval: string | null; next_step: string | null; steps: number; emails: number }>(
      `SELECT r.status,
              (SELECT s.status FROM workflow_run_steps s WHERE s.run_id = r.id AND s.type = 'approval') AS approval,
              (SELECT s.status FROM workflow_run_steps s WHERE s.run_id = r.id AND s.type = 'email') AS next_step,
              (SELECT count(*)::int FROM workflow_run_steps s WHERE s.run_id = r.id) AS steps,
              (SELECT count(*)::int FROM mail_messages m WHERE m.workflow_run_id = r.id) AS emails
         FROM workflow_runs r WHERE r.workflow_id = $1`,
      [workflowId],
    );
    const runs: Record<string, number> = {};
    let waiting = 0;
    let completeOnce = 0;
    let duplicated = 0;
    let emails = 0;
    for (const row of rows.rows) {
      runs[row.status] = (runs[row.status] ?? 0) + 1;
      emails += row.emails;
      if (row.status === 'waiting' && row.approval === 'waiting') waiting += 1;
      if (row.status === 'succeeded' && row.approval === 'succeeded' && row.next_step === 'succeeded' && row.steps === 2 && row.emails === 2) completeOnce += 1;
      if (row.steps > 2 || row.emails > 2) duplicated += 1;
    }
    return { runs, waiting, completeOnce, duplicated, emails };
  } finally {
    await engine.end().catch(() => undefined);
  }
}

/** What the engine's database holds for the runs of a delay workflow (a delay step, then an email). */
export interface DelayOutcome {
  /** Runs by status. */
  runs: Record<string, number>;
  /** Runs whose delay step waits. */
  waiting: number;
  /** Runs that succeeded with the delay and the email step succeeded, each once, and one email. */
  completeOnce: number;
  /** Runs with more than two steps or more than one email. */
  duplicated: number;
  /** Rows in `mail_messages` for the workflow's runs. */
  emails: number;
}

/**
 * Counts the engine's rows for the runs of delay workflow `workflowId` (see {@link DelayOutcome}). Opens and closes its
 * own connection.
 */
export async function countDelayOutcome(engineUrl: string, workflowId: string): Promise<DelayOutcome> {
  const engine = new pg.Client({ connectionString: engineUrl, connectionTimeoutMillis: 5_000 });
  await engine.connect();
  try {
    const rows = await engine.query<{ status: string; delay: string | null; email: string | null; steps: number; emails: number }>(
      `SELECT r.status,
              (SELECT s.status FROM workflow_run_steps s WHERE s.run_id = r.id AND s.type = 'delay') AS delay,
              (SELECT s.status FROM workflow_run_steps s WHERE s.run_id = r.id AND s.type = 'email') AS email,
              (SELECT count(*)::int FROM workflow_run_steps s WHERE s.run_id = r.id) AS steps,
              (SELECT count(*)::int FROM mail_messages m WHERE m.workflow_run_id = r.id) AS emails
         FROM workflow_runs r WHERE r.workflow_id = $1`,
      [workflowId],
    );
    const outcome: DelayOutcome = { runs: {}, waiting: 0, completeOnce: 0, duplicated: 0, emails: 0 };
    for (const row of rows.rows) {
      outcome.runs[row.status] = (outcome.runs[row.status] ?? 0) + 1;
      outcome.emails += row.emails;
      if (row.status === 'waiting' && row.delay === 'waiting') outcome.waiting += 1;
      if (row.status === 'succeeded' && row.delay === 'succeeded' && row.email === 'succeeded' && row.steps === 2 && row.emails === 1) outcome.completeOnce += 1;
      if (row.steps > 2 || row.emails > 1) outcome.duplicated += 1;
    }
    return outcome;
  } finally {
    await engine.end().catch(() => undefined);
  }
}
