/**
 * A workflow's runs and one run, inside the editor shell (`paths.workflowRuns`, `paths.workflowRun`): the workflows
 * feature's pages, given the workflow's name (from the form's workflows) and whether the caller may change the form
 * (the editor's flow query: its access level).
 */
import { useParams } from 'react-router';
import { useFlow } from '../../features/editor/api/get-flow';
import { useWorkflows } from '../../features/workflows/api/get-workflows';
import { RunPage } from '../../features/workflows/runs/run-page';
import { RunsPage } from '../../features/workflows/runs/runs-page';

/** Whether the signed-in user may change the flow in the URL (write access to its workspace). */
function useCanWrite(flowPublicIdentifier: string): boolean {
  const flow = useFlow(flowPublicIdentifier);
  return flow.data?.flow.accessLevel === 'write';
}

/** `…/workflows-edit/:workflowId/runs`: the workflow's runs. */
export function WorkflowRunsRoute() {
  const { flowPublicIdentifier = '', workflowId = '' } = useParams();
  const canWrite = useCanWrite(flowPublicIdentifier);
  const workflows = useWorkflows(flowPublicIdentifier);
  const workflow = workflows.data?.find((candidate) => candidate.id === workflowId);
  return <RunsPage flowPublicIdentifier={flowPublicIdentifier} workflowId={workflowId} workflowName={workflow?.name} canWrite={canWrite} />;
}

/** `…/workflows-edit/:workflowId/runs/:runId`: one run. */
export function WorkflowRunRoute() {
  const { flowPublicIdentifier = '', workflowId = '', runId = '' } = useParams();
  const canWrite = useCanWrite(flowPublicIdentifier);
  return <RunPage flowPublicIdentifier={flowPublicIdentifier} workflowId={workflowId} runId={runId} canWrite={canWrite} />;
}
