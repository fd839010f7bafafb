/**
 * The home pages (spec 000 §2 "Home page"), each composed from the home feature's lists and the flow actions:
 * - `/home` and `/home/:workspaceSlug`: the dashboard, with 'Automate with workflows' (the workflow gallery without a
 *   form) beside 'Create form';
 * - `/home/starred`, `/home/recents`, `/home/trash`: the user's starred, recently viewed and trashed forms.
 * Every form has the star toggle and the flow menu (rename, duplicate, move to another workspace, close, trash;
 * restore and delete forever in the trash).
 */
import { useParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useMe } from '../features/auth/api/get-me';
import { useStarFlow } from '../features/flow-actions/api/flow-actions';
import { FlowActionsMenu } from '../features/flow-actions/components/flow-actions-menu';
import type { FlowListItem } from '../features/home/api/get-flows';
import { useWorkspaces } from '../features/home/api/get-workspaces';
import { StarButton } from '../features/home/components/flow-list';
import { FlowListPage, HomePage, type FlowRenderers } from '../features/home/components/home-page';
import { AutomateWithWorkflowsButton } from '../features/workflows/gallery/automate-button';
import { errorMessage } from '../lib/api-client';

/** A form's star toggle: stars or unstars it for the signed-in user. */
function StarToggle({ flow }: { flow: FlowListItem }) {
  const star = useStarFlow();
  return (
    <StarButton
      flow={flow}
      pending={star.isPending}
      onToggle={(starred) =>
        star.mutate(
          { publicIdentifier: flow.publicIdentifier, starred },
          { onError: (error) => notifications.show({ color: 'red', title: 'Could not star', message: errorMessage(error) }) },
        )
      }
    />
  );
}

/** The star toggle and the flow menu of every home list. */
function useFlowRenderers(): FlowRenderers {
  const workspaces = useWorkspaces();
  return {
    renderFlowActions: (flow) => <FlowActionsMenu flow={flow} withRename moveTargets={workspaces.data ?? []} />,
    renderStar: (flow) => <StarToggle flow={flow} />,
  };
}

/** The dashboard page (inside the home layout). */
export function HomeRoute() {
  const { workspaceSlug } = useParams();
  const me = useMe();
  const renderers = useFlowRenderers();
  return (
    <HomePage
      firstName={me.data?.user.firstName ?? ''}
      userId={me.data?.user.id}
      workspaceSlug={workspaceSlug}
      {...renderers}
      renderWorkspaceActions={(workspace) => <AutomateWithWorkflowsButton workspace={workspace} organization={me.data?.organizations[0] ?? null} />}
    />
  );
}

/** `/home/starred`. */
export function StarredRoute() {
  return <FlowListPage view="starred" userId={useMe().data?.user.id} {...useFlowRenderers()} />;
}

/** `/home/recents`. */
export function RecentsRoute() {
  return <FlowListPage view="recents" userId={useMe().data?.user.id} {...useFlowRenderers()} />;
}

/** `/home/trash`. */
export function TrashRoute() {
  return <FlowListPage view="trash" userId={useMe().data?.user.id} {...useFlowRenderers()} />;
}
