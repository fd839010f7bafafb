/**
 * The `delay` node's executor (spec 001 §3 `{delay, units}`; rules and schema in
 * `@formloom/contracts/workflows/nodes/delay`): the step waits `delay × units` of elapsed time from when it runs (a
 * day is 24 h), then the run goes on to the node's `nextNodeId`.
 *
 * Durable (ARCHITECTURE §1 "Durable time"): the executor only computes the due time and returns the `wait` outcome;
 * the worker commits the step `waiting` and the run as a `waiting` row with `due_at` and no lease, in one statement.
 * No timer is kept in memory: any replica's worker claims the run once `due_at <= now()` (`domain/runs.ts`
 * `claimRuns`, `FOR UPDATE SKIP LOCKED` on the partial index `workflow_runs_due`), after any number of restarts, and
 * the waiting step then succeeds with the output it was given — the delay never runs twice. A 71-day delay costs
 * one row, like a 1-minute one; a run resumes at the worker's first pass after its due time (within `RUNS_POLL_MS`
 * when idle). The due time is computed with this process's clock and compared with the database's: keep them in
 * sync (NTP).
 *
 * Output: `{until}` — the due time, ISO 8601 (`nodes.<id>.until`).
 */
import { delayMs, delayNode } from '@formloom/contracts/workflows/nodes/delay';
import { defineExecutor } from './executor';

/** The delay node's executor: local (no I/O), always `wait`. */
export const delayExecutor = defineExecutor(delayNode, {
  local: () => true,
  execute: ({ template }) => {
    const until = new Date(Date.now() + delayMs(template));
    return { kind: 'wait', until, output: { until: until.toISOString() } };
  },
});
