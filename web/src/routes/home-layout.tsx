/**
 * The layout of the home pages (`/home…`, spec 000 §2): the home sidebar beside the page, inside the drag-and-drop
 * context where a form dropped on a workspace moves there and one dropped on the Trash is trashed, and a workspace
 * dragged within the sidebar takes its place in the user's order (spec 000 §4), with the same toasts as the menus.
 */
import { Outlet, useParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { useMe } from '../features/auth/api/get-me';
import { useMoveFlow, useTrashFlow } from '../features/flow-actions/api/flow-actions';
import { useWorkspaces } from '../features/home/api/get-workspaces';
import { useReorderWorkspaces } from '../features/home/api/workspace-actions';
import { HomeDndProvider } from '../features/home/components/home-dnd';
import { HomeSidebar } from '../features/home/components/home-sidebar';
import classes from '../features/home/components/home.module.css';
import { findWorkspace } from '../features/home/model/active-workspace';
import { errorMessage } from '../lib/api-client';

/** The home layout route. */
export function HomeLayoutRoute() {
  const { workspaceSlug } = useParams();
  const workspaces = useWorkspaces();
  const active = workspaceSlug ? findWorkspace(workspaces.data ?? [], workspaceSlug) : undefined;
  const move = useMoveFlow();
  const trash = useTrashFlow();
  const reorder = useReorderWorkspaces();
  const me = useMe();
  return (
    <HomeDndProvider
      workspaceOrder={(workspaces.data ?? []).map((workspace) => workspace.id)}
      userId={me.data?.user.id}
      onReorder={(workspaceIds) =>
        reorder.mutate(workspaceIds, {
          onError: (error) => notifications.show({ color: 'red', title: 'Could not reorder the workspaces', message: errorMessage(error) }),
        })
      }
      onMove={(flow, workspace) =>
        move.mutate(
          { publicIdentifier: flow.publicIdentifier, workspaceId: workspace.id },
          {
            onSuccess: () => notifications.show({ color: 'green', message: copy.home.movedTo(workspace.name) }),
            onError: (error) => notifications.show({ color: 'red', title: 'Could not move', message: errorMessage(error) }),
          },
        )
      }
      onTrash={(flow) =>
        trash.mutate(flow.publicIdentifier, {
          onSuccess: () => notifications.show({ color: 'green', message: copy.home.trashed(flow.name) }),
          onError: (error) => notifications.show({ color: 'red', title: 'Could not move to trash', message: errorMessage(error) }),
        })
      }
    >
      <div className={classes.layout}>
        <HomeSidebar activeWorkspaceId={active?.id} isAdmin={me.data?.user.isAdmin ?? false} />
        <div className={classes.content}>
          <Outlet />
        </div>
      </div>
    </HomeDndProvider>
  );
}
