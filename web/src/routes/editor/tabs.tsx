/**
 * The editor's tab routes. Edit and Share belong to the editor feature; Results and Workflows are their own
 * features, composed here with the flow's saved template (from the editor's flow query).
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { useFlow } from '../../features/editor/api/get-flow';
import { EditTab } from '../../features/editor/components/edit-tab';
import { ShareTab } from '../../features/editor/components/share-tab';
import { useRecordFlowView } from '../../features/flow-actions/api/flow-actions';
import { ResultsPanel } from '../../features/results/components/results-panel';
import { FlowThemeButton, useFlowThemeDefinition } from '../../features/themes/components/flow-theme-button';
import { WorkflowsPanel } from '../../features/workflows/components/workflows-panel';

/** `…/edit`: the pages and questions, with the form's theme (its control, and the preview drawn in it). */
export function EditTabRoute() {
  const { flowPublicIdentifier = '' } = useParams();
  const flow = useFlow(flowPublicIdentifier).data?.flow;
  const previewTheme = useFlowThemeDefinition(flow);
  return <EditTab previewTheme={previewTheme} themeControl={flow && <FlowThemeButton flow={flow} />} />;
}

/** `…/share`: the public link, on the organization's own address when it has one. */
export function ShareTabRoute() {
  return <ShareTab formsOrigin={useMe().data?.formsOrigin} />;
}

/** `…/results`: the submissions, with the flow's custom columns (its settings). */
export function ResultsTabRoute() {
  const { flowPublicIdentifier = '' } = useParams();
  const flow = useFlow(flowPublicIdentifier);
  // Opening the Results reads what is new: the form's 'Unread' count on home goes back to 0 (spec 000 §2).
  const { mutate: recordView } = useRecordFlowView();
  useEffect(() => {
    if (flowPublicIdentifier) recordView({ publicIdentifier: flowPublicIdentifier, results: true });
  }, [flowPublicIdentifier, recordView]);
  return (
    <ResultsPanel
      publicIdentifier={flowPublicIdentifier}
      flow={flow.data?.flow}
      readOnly={flow.data !== undefined && flow.data.flow.accessLevel !== 'write'}
    />
  );
}

/**
 * `…/workflows`: the workflows the form triggers and their runs, with the gallery (the organization's add-on and
 * data region from `/auth/me`); read-only without write access to the form's workspace.
 */
export function WorkflowsTabRoute() {
  const { flowPublicIdentifier = '' } = useParams();
  const flow = useFlow(flowPublicIdentifier);
  const me = useMe();
  return (
    <WorkflowsPanel
      publicIdentifier={flowPublicIdentifier}
      template={flow.data?.flowSnapshot.template}
      organization={me.data?.organizations[0] ?? null}
      workspaceId={flow.data?.flow.workspaceId ?? undefined}
      readOnly={flow.data !== undefined && flow.data.flow.accessLevel !== 'write'}
    />
  );
}
