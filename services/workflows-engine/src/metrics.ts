/**
 * The engine's own Prometheus metrics (docs/architecture.md §7; names agreed for the runbooks and alerts), added to the
 * service's registry (`ctx.metrics.registry`, every series labelled `service`):
 * - `formloom_workflow_runs_total{outcome}` counter: runs that ended, outcome = succeeded | failed (a run
 *   given up after RUN_MAX_ATTEMPTS counts as failed);
 * - `formloom_workflow_run_duration_seconds{outcome}` histogram: from a run's first start to its end (all
 *   attempts, database clock), in seconds; the time a run waited in the queue before it started is not in it.
 */
import { Counter, Histogram, type Registry } from '@formloom/kit/metrics';
import type { RunFinished } from './worker';

/** Seconds; from 5 ms (an email to the mail log) to 5 min (a slow SMTP server and retries). */
const RUN_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** Records run outcomes; pass `record` as the run worker's `onRunFinished`. */
export interface RunMetrics {
  record(finished: RunFinished): void;
}

/** Registers the run metrics on `registry` (once per service instance). */
export function createRunMetrics(registry: Registry): RunMetrics {
  const runs = new Counter<'outcome'>({
    name: 'formloom_workflow_runs_total',
    help: 'Workflow runs that ended, by outcome (succeeded, failed).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const duration = new Histogram<'outcome'>({
    name: 'formloom_workflow_run_duration_seconds',
    help: 'Time from a workflow run first starting to its end, in seconds, by outcome.',
    labelNames: ['outcome'],
    buckets: RUN_BUCKETS,
    registers: [registry],
  });
  // Both outcomes show from the start (0), so rates and alerts have a series before the first failure.
  for (const outcome of ['succeeded', 'failed']) {
    runs.inc({ outcome }, 0);
  }
  return {
    record(finished) {
      runs.inc({ outcome: finished.status });
      duration.observe({ outcome: finished.status }, finished.durationSeconds);
    },
  };
}
