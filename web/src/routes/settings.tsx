/**
 * `/home/settings` (spec 000 §2 "Settings and members"): the settings page inside the app shell, given whether
 * the signed-in user is an admin and their organization (auth feature) and their workspaces (home feature), which the signed-in area's
 * loaders have already put in the cache; at the end 'Leave organization' (auth feature) for a user who belongs to more
 * than one (their only organization cannot be left).
 */
import { useMe } from '../features/auth/api/get-me';
import { LeaveOrganization } from '../features/auth/components/leave-organization';
import { useWorkspaces } from '../features/home/api/get-workspaces';
import { SettingsPage } from '../features/settings/components/settings-page';

/** The settings page (inside the app shell). */
export function SettingsRoute() {
  const me = useMe();
  const workspaces = useWorkspaces();
  return (
    <SettingsPage
      isAdmin={me.data?.user.isAdmin ?? false}
      workspaces={workspaces.data ?? []}
      currentUserId={me.data?.user.id}
      organization={me.data?.organizations[0]}
      footer={me.data?.canSwitchOrganization && me.data.organizations[0] ? <LeaveOrganization organization={me.data.organizations[0]} /> : undefined}
    />
  );
}
