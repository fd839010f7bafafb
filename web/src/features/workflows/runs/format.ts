/**
 * How runs read (docs/architecture.md "workflows-engine" → "Runs"): durations, the colour and label of a state,
 * a run's trigger line, a step's title. Pure functions; the texts are `copy.workflowRuns`.
 */
import * as copy from '@formloom/contracts/copy';
import type { RunStatus, RunTrigger, StepStatus } from '@formloom/contracts/api/workflows-engine/runs';

/** A run's or step's state. */
export type AnyStatus = RunStatus | StepStatus;

/** Dark shades: their text on the light badges and on white keeps WCAG AA contrast (4.5:1) even at the smallest size. */
const COLORS: Record<AnyStatus, string> = {
  queued: 'gray.8',
  running: 'blue.9',
  waiting: 'yellow.9',
  succeeded: 'green.9',
  failed: 'red.9',
};

/** The Mantine colour (with its shade) of a state. */
export function statusColor(status: AnyStatus): string {
  return COLORS[status];
}

/** The label of a state ('Succeeded'). */
export function statusLabel(status: AnyStatus): string {
  return copy.workflowRuns.statusLabels[status];
}

/**
 * A duration in milliseconds as people read it: '420 ms', '2.4 s', '3 min 5 s', '2 h 10 min'; '' for null.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes - hours * 60} min`;
}

/** What started a run, as one line: 'Form submitted' (or the trigger type). */
export function triggerTitle(trigger: Pick<RunTrigger, 'type'>): string {
  return trigger.type === 'formSubmission' ? copy.workflowRuns.triggerFormSubmission : trigger.type;
}

/** The summary of a run's answers, 'Name: Ada · Email: ada@example.com' ('No answers' without any). */
export function answersSummary(trigger: Pick<RunTrigger, 'summary'>): string {
  if (trigger.summary.length === 0) return copy.workflowRuns.noAnswers;
  return trigger.summary.map((entry) => `${entry.name}: ${entry.value}`).join(' · ');
}

/** JSON as shown to people: pretty, two spaces; `null` for a missing value. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2) ?? 'null';
}
