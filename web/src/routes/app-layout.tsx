/**
 * The signed-in area's layout route: the app shell (`ui/app-layout.tsx`) with the workspace navigation (home
 * feature) and the user menu (auth feature) in its header, and the matched page in its main area. The workspace
 * the header shows is the page's: the dashboard's (`/home/:workspaceSlug`, or the first by name on `/home`) or
 * the edited form's (`/editor/:flowPublicIdentifier/…`); none on settings (`/home/settings`). Below Mantine's `sm`
 * breakpoint (48 em) the workspace menu ends with the account entries too (spec 000 §2's mobile menu). Above the page: the
 * past-due billing banner while the billing record is past due, and the banner asking to confirm the address while
 * it is unconfirmed; over any page opened with `?billing-success=yes`, the billing-success modal (spec 000 §2).
 */
import { useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { Outlet, useMatches, useNavigation, useParams } from 'react-router';
import { BillingSuccessModal, PastDueBanner } from '../features/auth/components/billing-notices';
import { useAccountMenu } from '../features/auth/components/account-menu';
import { UserMenu } from '../features/auth/components/user-menu';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner';
import { flowQueryOptions } from '../features/editor/api/get-flow';
import { useWorkspaces } from '../features/home/api/get-workspaces';
import { WorkspaceNav } from '../features/home/components/workspace-nav';
import { activeWorkspace } from '../features/home/model/active-workspace';
import { AppLayout } from '../ui/app-layout';

/** What a route of the signed-in area may tell the layout through its `handle`. */
export interface AppLayoutHandle {
  /** false for a page with a sticky toolbar of its own (the editor): the app header then scrolls away. */
  stickyHeader?: boolean;
  /** true for a page of no one workspace (settings): the workspace menu then names none ('Workspaces'). */
  workspaceless?: boolean;
}

/** The app shell around the signed-in pages. */
export function AppLayoutRoute() {
  const { workspaceSlug, flowPublicIdentifier } = useParams();
  const matches = useMatches();
  const navigation = useNavigation();
  const workspaces = useWorkspaces();
  // spec 000 §2: on mobile the workspace selector's menu also has the account entries.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
  const account = useAccountMenu();
  const flow = useQuery({ ...flowQueryOptions(flowPublicIdentifier ?? ''), enabled: Boolean(flowPublicIdentifier) });

  const handles = matches.map((match) => match.handle as AppLayoutHandle | undefined);
  const stickyHeader = !handles.some((handle) => handle?.stickyHeader === false);
  const workspaceless = handles.some((handle) => handle?.workspaceless === true);
  const activeWorkspaceId = workspaceless
    ? undefined
    : flowPublicIdentifier
      ? flow.data?.flow.workspaceId
      : activeWorkspace(workspaces.data ?? [], workspaceSlug)?.id;

  return (
    <AppLayout
      navigation={<WorkspaceNav activeWorkspaceId={activeWorkspaceId} endItems={phone ? account.items : undefined} />}
      account={<UserMenu />}
      stickyHeader={stickyHeader}
      busy={navigation.state === 'loading'}
    >
      <PastDueBanner />
      <VerifyEmailBanner />
      <BillingSuccessModal />
      <Outlet />
      {account.dialogs}
    </AppLayout>
  );
}
