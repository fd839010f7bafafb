/**
 * A workflow's runs (`/editor/:flowPublicIdentifier/workflows-edit/:workflowId/runs`), as n8n's executions list:
 * live runs or its test runs (`?mode=edit`), newest first, a status filter, each run with its state, what triggered it
 * (with a summary of the answers), when it started and how long it took, linking to the run's page; more on 'Load
 * more' (by cursor); refreshed every few seconds. Writers get 'Test run' (the draft against a submission) and, on
 * the test runs, 'Delete test runs'.
 */
import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths, RUNS_MODE_PARAM } from '../../../config/paths';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { BackLink } from '../../../ui/back-link';
import { ErrorAlert } from '../../../ui/states';
import { useWorkflowRuns, type RunMode, type RunStatus, type WorkflowRun } from '../api/get-runs';
import { DeleteTestRunsButton } from './delete-test-runs-button';
import { answersSummary, formatDuration, triggerTitle } from './format';
import { RunStatusBadge } from './run-status-badge';
import { TestRunButton } from './test-run-dialog';
import classes from './runs.module.css';

/** The status filter's choices: every state, or one group of them. */
const STATUS_CHOICES: ReadonlyArray<{ value: string; label: string; status: readonly RunStatus[] }> = [
  { value: 'all', label: copy.workflowRuns.allStatuses, status: [] },
  { value: 'succeeded', label: copy.workflowRuns.statusLabels.succeeded, status: ['succeeded'] },
  { value: 'failed', label: copy.workflowRuns.statusLabels.failed, status: ['failed'] },
  { value: 'inProgress', label: copy.workflowRuns.inProgress, status: ['queued', 'running', 'waiting'] },
];

/** Props of {@link RunsPage}. */
export interface RunsPageProps {
  flowPublicIdentifier: string;
  workflowId: string;
  /** The workflow's name for the heading (absent while unknown). */
  workflowName?: string;
  /** The caller may change the workflow's form (test runs, deleting them). */
  canWrite: boolean;
}

export function RunsPage({ flowPublicIdentifier, workflowId, workflowName, canWrite }: RunsPageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const mode: RunMode = searchParams.get(RUNS_MODE_PARAM) === 'edit' ? 'edit' : 'live';
  const [statusChoice, setStatusChoice] = useState('all');
  const status = STATUS_CHOICES.find((choice) => choice.value === statusChoice)?.status ?? [];
  const runs = useWorkflowRuns(workflowId, { mode, status });
  const pages = runs.data?.pages ?? [];
  const list = pages.flatMap((page) => page.runs);
  const total = pages[0]?.total ?? 0;

  return (
    <Stack gap="md" py="lg" px={{ base: 'sm', sm: 'md' }} maw={960} mx="auto" w="100%">
      <BackLink to={paths.editor.getHref(flowPublicIdentifier, 'workflows')} label={copy.workflowRuns.backToWorkflows} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="xl">
          {workflowName ? copy.workflowRuns.runsOf(workflowName) : copy.workflowRuns.runsTitle}
        </Title>
        {canWrite && (
          <Group gap="xs">
            <TestRunButton flowPublicIdentifier={flowPublicIdentifier} workflowId={workflowId} />
            {mode === 'edit' && total > 0 && <DeleteTestRunsButton flowPublicIdentifier={flowPublicIdentifier} workflowId={workflowId} />}
          </Group>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={copy.workflowRuns.runsToShow}
          value={mode}
          onChange={(value) => navigate(paths.workflowRuns.getHref(flowPublicIdentifier, workflowId, { test: value === 'edit' }))}
          data={[
            { value: 'live', label: copy.workflowRuns.liveRuns },
            { value: 'edit', label: copy.workflowRuns.testRuns },
          ]}
        />
        <Select
          label={copy.workflowRuns.statusFilter}
          data={STATUS_CHOICES.map(({ value, label }) => ({ value, label }))}
          value={statusChoice}
          onChange={(value) => setStatusChoice(value ?? 'all')}
          allowDeselect={false}
          w={180}
          size="sm"
        />
      </Group>

      {runs.isPending ? (
        <Stack gap="xs">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : runs.isError ? (
        <ErrorAlert error={runs.error} title={copy.workflowRuns.couldNotLoadRuns} onRetry={() => void runs.refetch()} />
      ) : list.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="runs-empty">
          {status.length > 0 ? copy.workflowRuns.noRunsWithStatus : mode === 'edit' ? copy.workflowRuns.noTestRuns : copy.workflowRuns.noLiveRuns}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text fz="xs" c="dimmed" aria-live="polite">
            {copy.workflowRuns.runCount(total)} · {copy.workflowRuns.refreshesAutomatically}
          </Text>
          <Stack component="ul" gap="xs" className={classes.list} aria-label={mode === 'edit' ? copy.workflowRuns.testRuns : copy.workflowRuns.liveRuns}>
            {list.map((run) => (
              <li key={run.id}>
                <RunRow run={run} href={paths.workflowRun.getHref(flowPublicIdentifier, workflowId, run.id)} />
              </li>
            ))}
          </Stack>
          {runs.hasNextPage && (
            <Button variant="default" onClick={() => void runs.fetchNextPage()} loading={runs.isFetchingNextPage} mx="auto">
              {copy.workflowRuns.loadMore}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** One run of the list: a link to its page. */
export function RunRow({ run, href }: { run: WorkflowRun; href: string }) {
  const started = run.startedAt ?? run.createdAt;
  return (
    <Link to={href} className={classes.row} data-testid="workflow-run" data-run-id={run.id} data-status={run.status}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <RunStatusBadge status={run.status} />
          <Stack gap={0} miw={0}>
            <Group gap={6} wrap="nowrap">
              <Text fz="sm" fw={500}>
                {triggerTitle(run.trigger)}
              </Text>
              {run.mode === 'edit' && (
                <Badge size="xs" variant="outline" color="grape.9">
                  {copy.workflowRuns.testBadge}
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="dimmed" className={classes.summary} data-testid="run-trigger-summary">
              {answersSummary(run.trigger)}
            </Text>
          </Stack>
        </Group>
        <Stack gap={0} align="flex-end" className={classes.meta}>
          <Text fz="xs" title={formatDateTime(started)}>
            {run.startedAt ? formatRelative(run.startedAt) : copy.workflowRuns.notStarted}
          </Text>
          <Text fz="xs" c="dimmed" data-testid="run-duration">
            {formatDuration(run.durationMs)}
          </Text>
        </Stack>
      </Group>
    </Link>
  );
}
