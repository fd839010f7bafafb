/**
 * `/home` and `/home/:workspaceSlug`: the dashboard with the signed-in user's first name, and 'Automate with
 * workflows' (the workflow gallery without a form) beside 'Create form'.
 */
import { useParams } from 'react-router';
import { useMe } from '../features/auth/api/get-me';
import { FlowActionsMenu } from '../features/flow-actions/components/flow-actions-menu';
import { HomePage } from '../features/home/components/home-page';
import { AutomateWithWorkflowsButton } from '../features/workflows/gallery/automate-button';

/** The dashboard page (inside the app shell). */
export function HomeRoute() {
  const { workspaceSlug } = useParams();
  const me = useMe();
  return (
    <HomePage
      firstName={me.data?.user.firstName ?? ''}
      workspaceSlug={workspaceSlug}
      renderFlowActions={(flow) => <FlowActionsMenu flow={flow} withRename />}
      renderWorkspaceActions={(workspace) => <AutomateWithWorkflowsButton workspace={workspace} organization={me.data?.organizations[0] ?? null} />}
    />
  );
}
