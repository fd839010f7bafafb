/** A workflow's runs, newest first, with status, time and each step (errors in red); polled every 3 s. */
import { Badge, Group, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { ErrorAlert } from '../../../ui/states';
import { useWorkflowRuns, type WorkflowRun, type WorkflowRunStep } from '../api/get-runs';
import classes from '../workflows.module.css';

const STATUS_COLORS: Record<string, string> = {
  succeeded: 'green',
  success: 'green',
  completed: 'green',
  done: 'green',
  failed: 'red',
  error: 'red',
  running: 'blue',
  started: 'blue',
  pending: 'gray',
  queued: 'gray',
  waiting: 'yellow',
  skipped: 'gray',
  canceled: 'gray',
  cancelled: 'gray',
};

export function statusColor(status: string): string {
  return STATUS_COLORS[status.toLowerCase()] ?? 'gray';
}

function stepError(step: WorkflowRunStep): string | undefined {
  return step.error ?? undefined;
}

export function WorkflowRuns({ workflowId }: { workflowId: string }) {
  const runs = useWorkflowRuns(workflowId);
  if (runs.isPending) return <Skeleton h={60} />;
  if (runs.isError) return <ErrorAlert error={runs.error} title="Could not load runs" />;
  if (runs.data.runs.length === 0) {
    return (
      <Text fz="sm" c="dimmed" data-testid="runs-empty">
        No runs yet. Runs appear here a few seconds after someone submits the published form.
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="workflow-runs" aria-live="polite">
      <Text fz="xs" c="dimmed">
        {runs.data.total} {runs.data.total === 1 ? 'run' : 'runs'} · refreshes automatically
      </Text>
      {runs.data.runs.map((run) => (
        <RunItem key={run.id} run={run} />
      ))}
    </Stack>
  );
}

function RunItem({ run }: { run: WorkflowRun }) {
  return (
    <Stack gap={6} p="sm" className={classes.run} data-testid="workflow-run" data-run-id={run.id} data-status={run.status}>
      <Group justify="space-between" wrap="nowrap">
        <Badge color={statusColor(run.status)} variant="light" data-testid="run-status">
          {run.status}
        </Badge>
        <Text fz="xs" c="dimmed" title={formatDateTime(run.startedAt)}>
          {run.startedAt ? formatRelative(run.startedAt) : 'Not started'}
        </Text>
      </Group>
      {run.error && (
        <Text fz="xs" c="red" data-testid="run-error">
          {run.error}
        </Text>
      )}
      {run.steps.length > 0 && (
        <Timeline bulletSize={14} lineWidth={2} active={run.steps.length - 1}>
          {run.steps.map((step, index) => {
            const error = stepError(step);
            return (
              <Timeline.Item
                key={`${step.nodeId}-${index}`}
                color={statusColor(step.status)}
                title={
                  <Group gap={6}>
                    <Text fz="sm" fw={600}>
                      {step.type}
                    </Text>
                    <Badge size="xs" variant="outline" color={statusColor(step.status)}>
                      {step.status}
                    </Badge>
                  </Group>
                }
              >
                {error && (
                  <Text fz="xs" c="red" data-testid="run-step-error">
                    {error}
                  </Text>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Stack>
  );
}
