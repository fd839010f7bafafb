/** `/home` and `/home/:workspaceSlug`: the dashboard with the signed-in user's first name. */
import { useParams } from 'react-router';
import { useMe } from '../features/auth/api/get-me';
import { FlowActionsMenu } from '../features/flow-actions/components/flow-actions-menu';
import { HomePage } from '../features/home/components/home-page';

/** The dashboard page (inside the app shell). */
export function HomeRoute() {
  const { workspaceSlug } = useParams();
  const me = useMe();
  return (
    <HomePage
      firstName={me.data?.user.firstName ?? ''}
      workspaceSlug={workspaceSlug}
      renderFlowActions={(flow) => <FlowActionsMenu flow={flow} withRename />}
    />
  );
}
