/**
 * A workflow's canvas inside the editor shell (`paths.workflowCanvas`, spec 001 §2 "Workflow canvas"): its loader
 * fetches the workflow (its draft) so the canvas renders at once when opened by URL; the page is the workflows
 * feature's, given what it needs of the editor (the form's draft, the access level) and of the session (the user, the
 * organization's data region: `EU_AGENT` hides the AI step, spec 001 §2).
 */
import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunction } from 'react-router';
import { preload } from '../../app/loaders';
import { useMe } from '../../features/auth/api/get-me';
import { useFlow } from '../../features/editor/api/get-flow';
import { workflowQueryOptions } from '../../features/workflows/api/get-workflow';
import { WorkflowCanvasPage } from '../../features/workflows/canvas/workflow-canvas-page';

/** `…/workflows-edit/:workflowId`: the workflow. */
export function workflowCanvasLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    await preload(queryClient, request, [queryClient.ensureQueryData(workflowQueryOptions(params.workflowId ?? ''))]);
    return null;
  };
}

/** `…/workflows-edit/:workflowId[?edit-node=<id>]`: the canvas. */
export function WorkflowCanvasRoute() {
  const { flowPublicIdentifier = '', workflowId = '' } = useParams();
  const flow = useFlow(flowPublicIdentifier);
  const me = useMe();
  return (
    <WorkflowCanvasPage
      flowPublicIdentifier={flowPublicIdentifier}
      workflowId={workflowId}
      readOnly={flow.data?.flow.accessLevel !== 'write'}
      formTemplate={flow.data?.flowSnapshot.template}
      currentUser={me.data ? { id: me.data.user.id, email: me.data.user.email } : undefined}
      dataRegion={me.data?.organizations[0]?.dataRegion ?? undefined}
    />
  );
}
