/**
 * A workflow's latest live runs on its card (the 'Workflows' tab): the WORKFLOW_CARD_RUNS newest, each a link to its
 * page (state, trigger, time, duration), and 'View all runs' to the runs page (`runs/runs-page.tsx`). Refreshed every
 * few seconds.
 */
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { ErrorAlert } from '../../../ui/states';
import { useWorkflowRuns } from '../api/get-runs';
import { RunRow } from '../runs/runs-page';
import classes from '../runs/runs.module.css';

/** How many runs the card shows. */
const WORKFLOW_CARD_RUNS = 5;

export function WorkflowRuns({ flowPublicIdentifier, workflowId }: { flowPublicIdentifier: string; workflowId: string }) {
  const runs = useWorkflowRuns(workflowId, { mode: 'live', limit: WORKFLOW_CARD_RUNS });
  if (runs.isPending) return <Skeleton h={60} />;
  if (runs.isError) return <ErrorAlert error={runs.error} title={copy.workflowRuns.couldNotLoadRuns} />;
  const [page] = runs.data.pages;
  const list = page?.runs ?? [];
  if (list.length === 0) {
    return (
      <Text fz="sm" c="dimmed" data-testid="runs-empty">
        {copy.workflowRuns.noLiveRuns}
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="workflow-runs" aria-live="polite">
      <Text fz="xs" c="dimmed">
        {copy.workflowRuns.runCount(page?.total ?? 0)} · {copy.workflowRuns.refreshesAutomatically}
      </Text>
      <Stack component="ul" gap="xs" className={classes.list}>
        {list.map((run) => (
          <li key={run.id}>
            <RunRow run={run} href={paths.workflowRun.getHref(flowPublicIdentifier, workflowId, run.id)} />
          </li>
        ))}
      </Stack>
      <Anchor component={Link} to={paths.workflowRuns.getHref(flowPublicIdentifier, workflowId)} fz="sm">
        {copy.workflowRuns.viewAllRuns}
      </Anchor>
    </Stack>
  );
}
