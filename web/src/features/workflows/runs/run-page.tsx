/**
 * One run (`/editor/:flowPublicIdentifier/workflows-edit/:workflowId/runs/:runId`), as n8n shows an execution: its
 * state, trigger, times and duration, then a vertical timeline — the trigger with its data, every step in order with
 * its state, duration and error (in red), and the nodes it did not reach. Each step expands to its attempts, its
 * idempotency key and its input (as the run read it, and the node's template) and output, as pretty JSON with a copy
 * button. On a failed run a writer gets 'Retry from this step' on the failed step: the run is queued again from
 * there, the steps before it are not run again. The page refreshes while the run is not finished.
 */
import { useId, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Collapse,
  CopyButton,
  Group,
  Stack,
  Tabs,
  Text,
  Timeline,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { IconChevronDown, IconChevronRight, IconRefresh } from '../../../ui/icons';
import { BackLink } from '../../../ui/back-link';
import { ErrorAlert, PageLoader } from '../../../ui/states';
import { useWorkflowRun, type WorkflowRunDetail, type WorkflowRunStepDetail } from '../api/get-run';
import { useRetryRun } from '../api/run-actions';
import { nodeUi, triggerUi } from '../nodes/registry';
import { answersSummary, formatDuration, statusColor, statusLabel, triggerTitle } from './format';
import { JsonBlock } from './json-block';
import { RunStatusBadge } from './run-status-badge';
import classes from './runs.module.css';

/** Props of {@link RunPage}. */
export interface RunPageProps {
  flowPublicIdentifier: string;
  workflowId: string;
  runId: string;
  /** The caller may change the workflow's form (retry). */
  canWrite: boolean;
}

/** A node type's title on the canvas ('Send email'), or the type itself for a type without a card. */
function nodeTitle(type: string): string {
  return nodeUi(type)?.title ?? type;
}

export function RunPage({ flowPublicIdentifier, workflowId, runId, canWrite }: RunPageProps) {
  const run = useWorkflowRun(workflowId, runId);
  const back = (test: boolean) => (
    <BackLink to={paths.workflowRuns.getHref(flowPublicIdentifier, workflowId, { test })} label={copy.workflowRuns.backToRuns} />
  );
  if (run.isPending) return <PageLoader />;
  if (run.isError) {
    return (
      <Stack gap="md" py="lg" px={{ base: 'sm', sm: 'md' }} maw={960} mx="auto" w="100%">
        {back(false)}
        <ErrorAlert error={run.error} title={copy.workflowRuns.couldNotLoadRun} onRetry={() => void run.refetch()} />
      </Stack>
    );
  }
  const data = run.data;
  return (
    <Stack gap="md" py="lg" px={{ base: 'sm', sm: 'md' }} maw={960} mx="auto" w="100%" data-testid="workflow-run-page" data-status={data.status}>
      {back(data.mode === 'edit')}
      <Group gap="sm" align="center">
        <Title order={2} fz="xl">
          {copy.workflowRuns.runTitle}
        </Title>
        <RunStatusBadge status={data.status} size="lg" />
        {data.mode === 'edit' && (
          <Badge variant="outline" color="grape.9">
            {copy.workflowRuns.testBadge}
          </Badge>
        )}
      </Group>
      <RunFacts run={data} />
      {data.error && (
        <Alert color="red" variant="light" title={copy.workflowRuns.error} data-testid="run-error">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{data.error}</Text>
            {canWrite && data.status === 'failed' && !data.steps.some((step) => step.status === 'failed') && <RetryButton run={data} workflowId={workflowId} />}
          </Stack>
        </Alert>
      )}
      <RunTimeline run={data} workflowId={workflowId} canWrite={canWrite} />
    </Stack>
  );
}

/** The run's trigger, times, duration and retries. */
function RunFacts({ run }: { run: WorkflowRunDetail }) {
  const facts: Array<[string, string]> = [
    [copy.workflowRuns.trigger, `${triggerTitle(run.trigger)} — ${answersSummary(run.trigger)}`],
    [copy.workflowRuns.started, run.startedAt ? formatDateTime(run.startedAt) : copy.workflowRuns.notStarted],
    [copy.workflowRuns.finished, formatDateTime(run.finishedAt) || '—'],
    [copy.workflowRuns.duration, formatDuration(run.durationMs) || '—'],
  ];
  return (
    <dl className={classes.facts}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" fz="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fz="sm" m={0} className={classes.summary} title={value}>
            {value}
          </Text>
        </div>
      ))}
      {run.retries > 0 && (
        <div>
          <Text component="dt" fz="xs" c="dimmed">
            {copy.workflowRuns.attempts}
          </Text>
          <Text component="dd" fz="sm" m={0}>
            {copy.workflowRuns.retries(run.retries)}
          </Text>
        </div>
      )}
    </dl>
  );
}

/** The trigger, the steps in order and the nodes not reached, as a vertical timeline. */
function RunTimeline({ run, workflowId, canWrite }: { run: WorkflowRunDetail; workflowId: string; canWrite: boolean }) {
  const triggerName = triggerUi(run.trigger.type)?.title ?? triggerTitle(run.trigger);
  return (
    <Timeline bulletSize={18} lineWidth={2} active={run.steps.length} aria-label={copy.workflowRuns.steps}>
      <Timeline.Item color="blue" title={<StepTitle title={triggerName} />} data-testid="run-trigger">
        <Expandable label={triggerName} defaultOpen={false}>
          <JsonBlock label={copy.workflowRuns.triggerData} value={run.trigger.data} testId="run-trigger-data" />
        </Expandable>
      </Timeline.Item>
      {run.steps.map((step) => (
        <Timeline.Item
          key={step.nodeId}
          color={statusColor(step.status)}
          data-testid="run-step"
          data-node-id={step.nodeId}
          data-status={step.status}
          title={<StepTitle title={nodeTitle(step.type)} nodeId={step.nodeId} step={step} />}
        >
          <StepBody step={step} run={run} workflowId={workflowId} canWrite={canWrite} />
        </Timeline.Item>
      ))}
      {run.notReached.map((node) => (
        <Timeline.Item
          key={node.nodeId}
          color="gray"
          className={classes.notReached}
          data-testid="run-step-not-reached"
          data-node-id={node.nodeId}
          title={<StepTitle title={nodeTitle(node.type)} nodeId={node.nodeId} />}
        >
          <Text fz="xs" c="dimmed">
            {copy.workflowRuns.notReached}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** A timeline item's title: the node's title and id, its state and duration. */
function StepTitle({ title, nodeId, step }: { title: string; nodeId?: string; step?: WorkflowRunStepDetail }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text fz="sm" fw={600} component="span">
        {title}
      </Text>
      {nodeId && (
        <Text fz="xs" c="dimmed" component="span" className={classes.mono}>
          {nodeId}
        </Text>
      )}
      {step && <RunStatusBadge status={step.status} size="xs" aria-label={`${title}: ${statusLabel(step.status)}`} />}
      {step && step.durationMs !== null && (
        <Text fz="xs" c="dimmed" component="span">
          {formatDuration(step.durationMs)}
        </Text>
      )}
    </Group>
  );
}

/** A step's error, retry button and expandable details. */
function StepBody({ step, run, workflowId, canWrite }: { step: WorkflowRunStepDetail; run: WorkflowRunDetail; workflowId: string; canWrite: boolean }) {
  const title = nodeTitle(step.type);
  const failedHere = step.status === 'failed' && run.status === 'failed';
  return (
    <Stack gap={6} mt={4}>
      {step.error && (
        <Text fz="sm" c="red.9" data-testid="run-step-error">
          {step.error}
        </Text>
      )}
      {failedHere && canWrite && <RetryButton run={run} workflowId={workflowId} />}
      <Expandable label={title} defaultOpen={step.status === 'failed'}>
        <StepDetails step={step} />
      </Expandable>
    </Stack>
  );
}

/** A 'Show details of …' toggle and what it shows. */
function Expandable({ label, defaultOpen, children }: { label: string; defaultOpen: boolean; children: React.ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        color="gray"
        px={4}
        w="fit-content"
        leftSection={open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? copy.workflowRuns.hideDetails(label) : copy.workflowRuns.showDetails(label)}
      </Button>
      <Collapse expanded={open} id={id}>
        {open && children}
      </Collapse>
    </>
  );
}

/** A step's attempts, idempotency key, input (resolved and template) and output. */
function StepDetails({ step }: { step: WorkflowRunStepDetail }) {
  return (
    <Stack gap="sm" pt={4}>
      <Group gap="lg" wrap="wrap">
        <Text fz="xs">
          <Text span c="dimmed" fz="xs">
            {copy.workflowRuns.attempts}:{' '}
          </Text>
          <span data-testid="run-step-attempts">{step.attempts}</span>
        </Text>
        {step.startedAt && (
          <Text fz="xs">
            <Text span c="dimmed" fz="xs">
              {copy.workflowRuns.started}:{' '}
            </Text>
            {formatDateTime(step.startedAt)}
          </Text>
        )}
      </Group>
      <Stack gap={2}>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={copy.workflowRuns.idempotencyKeyHelp} multiline w={280} withArrow>
            <Text fz="xs" c="dimmed" tabIndex={0}>
              {copy.workflowRuns.idempotencyKey}
            </Text>
          </Tooltip>
          <CopyButton value={step.idempotencyKey}>
            {({ copied, copy: copyKey }) => (
              <Button variant="subtle" size="compact-xs" onClick={copyKey} aria-label={`${copy.workflowRuns.copy} ${copy.workflowRuns.idempotencyKey.toLowerCase()}`}>
                {copied ? copy.workflowRuns.copied : copy.workflowRuns.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Code className={classes.mono} data-testid="run-step-idempotency-key">
          {step.idempotencyKey}
        </Code>
      </Stack>
      <Tabs defaultValue={step.status === 'failed' ? 'input' : 'output'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="input">{copy.workflowRuns.input}</Tabs.Tab>
          <Tabs.Tab value="template">{copy.workflowRuns.template}</Tabs.Tab>
          <Tabs.Tab value="output">{copy.workflowRuns.output}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="input" pt="xs">
          <JsonBlock label={copy.workflowRuns.resolvedInput} value={step.input.resolved} testId="run-step-input" />
        </Tabs.Panel>
        <Tabs.Panel value="template" pt="xs">
          <JsonBlock label={copy.workflowRuns.template} value={step.input.template} testId="run-step-template" />
        </Tabs.Panel>
        <Tabs.Panel value="output" pt="xs">
          <JsonBlock label={copy.workflowRuns.output} value={step.output} testId="run-step-output" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** 'Retry from this step': queues the failed run again (once, whatever the clicks). */
function RetryButton({ run, workflowId }: { run: WorkflowRunDetail; workflowId: string }) {
  const retry = useRetryRun();
  async function click() {
    try {
      const answer = await retry.mutateAsync({ workflowId, runId: run.id, retries: run.retries });
      notifications.show({
        color: answer.retried ? 'blue' : 'gray',
        message: answer.retried ? copy.workflowRuns.retryStarted : copy.workflowRuns.retryAlreadyStarted,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: copy.workflowRuns.retryFailed, message: errorMessage(error) });
    }
  }
  return (
    <Button
      size="xs"
      color="red.9"
      variant="light"
      w="fit-content"
      leftSection={<IconRefresh size={14} />}
      onClick={() => void click()}
      loading={retry.isPending}
      disabled={retry.isSuccess}
    >
      {copy.workflowRuns.retryFromStep}
    </Button>
  );
}
