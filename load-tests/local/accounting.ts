/**
 * Counting from the databases, not from logs: the form's submissions (flows' `submissions`) against the
 * workflow's runs (the engine's `workflow_runs`, joined on `submission_id`). Times come from the databases:
 * a submission's `submission_time` (set by flows when it accepted the answers) and its run's `finished_at`
 * (the engine's `now()` in the transaction that finished the run; same machine clock).
 */
import { sql, type SQL } from 'drizzle-orm';
import { distribution, round1, type Distribution } from './stats';

/** Runs one query against a service's database; returns its rows. */
export type SqlRunner = (query: SQL) => Promise<Record<string, unknown>[]>;

/** Progress of the runs of the workflow. */
export interface RunProgress {
  /** Runs in any state. */
  total: number;
  /** Runs that ended (`succeeded` or `failed`). */
  finished: number;
}

/** How far the workflow's runs have got. */
export async function runProgress(engine: SqlRunner, workflowId: string): Promise<RunProgress> {
  const [row] = await engine(sql`
    SELECT count(*)::int AS total,
           (count(*) FILTER (WHERE status IN ('succeeded', 'failed')))::int AS finished
      FROM workflow_runs WHERE workflow_id = ${workflowId}`);
  return { total: Number(row?.total ?? 0), finished: Number(row?.finished ?? 0) };
}

/** Number of stored submissions of the form. */
export async function submissionCount(flows: SqlRunner, flowId: number): Promise<number> {
  const [row] = await flows(sql`SELECT count(*)::int AS n FROM submissions WHERE flow_id = ${flowId}`);
  return Number(row?.n ?? 0);
}

/** The books after a load test. */
export interface Accounting {
  /** Submissions stored by flows for the form. */
  submissions: number;
  /** Runs of the workflow, by status. */
  runs: Record<string, number>;
  /** Submissions without a succeeded run (plus 201 answers that left no stored submission). */
  lost: number;
  /** Submissions with more than one run (counted once per extra run). */
  duplicated: number;
  /** Emails in the mail log beyond one per run. */
  duplicatedEmails: number;
  /** Submissions stored with no run at all (part of `lost`). */
  withoutRun: number;
  /** Runs that failed (part of `lost`). */
  failedRuns: number;
  /** Measured window only (submission_time ≥ `since`): submit → run finished, ms. */
  submitToCompletedMs: Distribution;
  /** Measured window only: completed runs per second, from the first submission to the last finish. */
  runsPerSecond: number;
  /**
   * Measured window only: completed runs per second from the first run's finish to the last's — the rate runs
   * complete at, which a workflow's own delay does not lower (with a 3 s delay in a 30 s load, the rate from the first
   * submission is at most 30 / 33 of the arrival rate however fast the engine is).
   */
  runsPerSecondCompleting: number;
  /** Measured window only: runs that finished while the load was running, per second of load. */
  runsPerSecondDuringLoad: number;
  /** Measured window only: succeeded runs. */
  completedInWindow: number;
}

/**
 * Counts lost and duplicated work, and the end-to-end latency of the submissions made in the measured window
 * `[since, until]` (ms since the epoch).
 * @param acknowledged how many submissions the gateway answered 201 (all phases); fewer stored is a loss.
 */
export async function account(input: {
  flows: SqlRunner;
  engine: SqlRunner;
  flowId: number;
  workflowId: string;
  acknowledged: number;
  since: number;
  until: number;
}): Promise<Accounting> {
  const { flows, engine, flowId, workflowId } = input;
  const submissions = await flows(sql`
    SELECT id, (extract(epoch FROM submission_time) * 1000)::float8 AS t
      FROM submissions WHERE flow_id = ${flowId}`);
  const runs = await engine(sql`
    SELECT submission_id, status, (extract(epoch FROM finished_at) * 1000)::float8 AS f
      FROM workflow_runs WHERE workflow_id = ${workflowId}`);
  const [mail] = await engine(sql`
    SELECT (count(*) - count(DISTINCT (m.workflow_run_id, m.node_id)))::int AS extra
      FROM mail_messages m JOIN workflow_runs r ON r.id = m.workflow_run_id
     WHERE r.workflow_id = ${workflowId}`);

  const byStatus: Record<string, number> = {};
  const runsOf = new Map<string, { status: string; finished: number | null }[]>();
  for (const run of runs) {
    const status = String(run.status);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    const key = String(run.submission_id);
    const list = runsOf.get(key) ?? [];
    list.push({ status, finished: run.f === null ? null : Number(run.f) });
    runsOf.set(key, list);
  }

  let withoutRun = 0;
  let failedRuns = 0;
  let unsucceeded = 0;
  let duplicated = 0;
  const e2e: number[] = [];
  let firstSubmission = Infinity;
  let firstFinish = Infinity;
  let lastFinish = -Infinity;
  let completedInWindow = 0;
  let finishedDuringLoad = 0;
  for (const submission of submissions) {
    const list = runsOf.get(String(submission.id)) ?? [];
    if (list.length === 0) withoutRun += 1;
    if (list.length > 1) duplicated += list.length - 1;
    failedRuns += list.filter((run) => run.status === 'failed').length;
    const succeeded = list.find((run) => run.status === 'succeeded' && run.finished !== null);
    if (!succeeded) unsucceeded += 1;
    const t = Number(submission.t);
    if (succeeded && t >= input.since && t <= input.until) {
      const finished = succeeded.finished ?? t;
      e2e.push(finished - t);
      completedInWindow += 1;
      firstSubmission = Math.min(firstSubmission, t);
      firstFinish = Math.min(firstFinish, finished);
      lastFinish = Math.max(lastFinish, finished);
      if (finished <= input.until) finishedDuringLoad += 1;
    }
  }
  const unstored = Math.max(0, input.acknowledged - submissions.length);
  const windowS = (input.until - input.since) / 1000;
  return {
    submissions: submissions.length,
    runs: byStatus,
    lost: unsucceeded + unstored,
    duplicated,
    duplicatedEmails: Number(mail?.extra ?? 0),
    withoutRun,
    failedRuns,
    submitToCompletedMs: distribution(e2e),
    runsPerSecond: completedInWindow > 0 ? round1(completedInWindow / ((lastFinish - firstSubmission) / 1000)) : 0,
    runsPerSecondCompleting: completedInWindow > 1 && lastFinish > firstFinish ? round1(completedInWindow / ((lastFinish - firstFinish) / 1000)) : 0,
    runsPerSecondDuringLoad: windowS > 0 ? round1(finishedDuringLoad / windowS) : 0,
    completedInWindow,
  };
}
