/**
 * The home dashboard's main area (spec 000 §2 "Home page"), inside the app shell (whose header holds the
 * workspace menu): a welcome line with the first name and, for admins, 'Invite members' (the settings page's invite
 * dialog, spec 000 §2), then the selected workspace with its 'Create form'
 * button and its forms. `/home` shows the first workspace by name; `/home/:workspaceSlug` the one the slug
 * (`<id>-<name>`) names, or 'Workspace not found' with a 'Go home' link (spec 000 §8) when the user has no such
 * workspace. The route loader has loaded the workspaces and that workspace's forms before this renders.
 */
import type { ReactNode } from 'react';
import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title, Tooltip, useMatches } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { canCreateIn } from '@formloom/contracts/rules/access';
import { paths } from '../../../config/paths';
import type { FlowListView } from '@formloom/contracts/api/flows/flows';
import { HOME_ROW_FETCH, HOME_ROW_ITEMS_BY_MIN_WIDTH } from '@formloom/contracts/limits';
import { formatRelative } from '../../../lib/format';
import { IconHistory, IconUserPlus } from '../../../ui/app-icons';
import { IconForm, IconLock, IconPlus, IconStar, IconTrash } from '../../../ui/icons';
import { Empty, ErrorAlert, PageLoader } from '../../../ui/states';
import { useWorkspaces } from '../api/get-workspaces';
import { activeWorkspace } from '../model/active-workspace';
import { useFlowList, type FlowListItem } from '../api/get-flows';
import { useHomePreferences } from '../model/home-preferences';
import { FlowList } from './flow-list';
import { QuickStart } from './quick-start';
import { LimitedAccessBadge, limitedAccessTooltip } from './workspace-nav';

/** What the route composes into every home list: each form's menu and star toggle. */
export interface FlowRenderers {
  /** Each form's menu (rename, duplicate, move, close, trash; restore and delete forever in the trash). */
  renderFlowActions?: (flow: FlowListItem) => ReactNode;
  /** Each form's star toggle. */
  renderStar?: (flow: FlowListItem) => ReactNode;
}

/** What the dashboard shows: the user's first name and id, and the workspace slug of the URL (none on `/home`). */
export interface HomePageProps extends FlowRenderers {
  firstName: string;
  /** The signed-in user's id: their sort order and view are remembered under it. */
  userId?: number;
  /** The user is an admin (`isAdmin`): the welcome line has the invite-members button (only admins invite). */
  isAdmin?: boolean;
  workspaceSlug?: string;
  /** The organization's feature flags (`ORGANIZATION_FEATURES`): `database` shows the Quick start's Database card. */
  features?: readonly string[];
  /** A notice under the welcome line, composed by the route (the LinkedIn follow banner). */
  banner?: ReactNode;
  /** More actions beside 'Create form' for the shown workspace ('Automate with workflows'), composed by the route. */
  renderWorkspaceActions?: (workspace: Workspace) => ReactNode;
}

/** The dashboard of {@link HomePageProps.workspaceSlug}'s workspace (or the first by name). */
export function HomePage({ firstName, userId, isAdmin = false, banner, workspaceSlug, features, renderFlowActions, renderStar, renderWorkspaceActions }: HomePageProps) {
  const workspaces = useWorkspaces();
  const active = activeWorkspace(workspaces.data ?? [], workspaceSlug);

  return (
    <Container size="lg" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 26, sm: 30 }} data-testid="welcome">
            {copy.home.welcome(firstName)}
          </Title>
          {isAdmin && (
            <Button component={Link} to={paths.settings.getHref({})} variant="default" leftSection={<IconUserPlus size={16} />}>
              {copy.home.inviteMembers}
            </Button>
          )}
        </Group>
        {banner}
        {active && <QuickStart workspace={active} withDatabase={features?.includes('database') ?? false} />}
        {!workspaceSlug && (
          <>
            <FlowRow view="starred" title={copy.home.starredRow} icon={<IconStar size={18} />} viewAllHref={paths.starred.getHref()} userId={userId} />
            <FlowRow view="recents" title={copy.home.recentsRow} icon={<IconHistory size={18} />} viewAllHref={paths.recents.getHref()} userId={userId} />
          </>
        )}
        {workspaces.isPending ? (
          <PageLoader />
        ) : workspaces.isError ? (
          <ErrorAlert error={workspaces.error} title="Could not load workspaces" onRetry={() => void workspaces.refetch()} />
        ) : !active ? (
          workspaceSlug ? <WorkspaceNotFound /> : <NoWorkspaces />
        ) : (
          <WorkspaceSection
            workspace={active}
            userId={userId}
            renderFlowActions={renderFlowActions}
            renderStar={renderStar}
            renderWorkspaceActions={renderWorkspaceActions}
          />
        )}
      </Stack>
    </Container>
  );
}

/** The Mantine breakpoint (theme default widths, px) each width of `HOME_ROW_ITEMS_BY_MIN_WIDTH` is. */
const BREAKPOINT_AT: Readonly<Record<number, 'base' | 'xs' | 'sm' | 'md' | 'lg'>> = { 0: 'base', 576: 'xs', 768: 'sm', 992: 'md', 1200: 'lg' };

/** How many cards a home row shows at the current screen width (spec 000 §2, §9: 1 to 5). */
function useRowItems(): number {
  return useMatches(Object.fromEntries(HOME_ROW_ITEMS_BY_MIN_WIDTH.map(([width, items]) => [BREAKPOINT_AT[width] ?? 'base', items])));
}

/**
 * A home row: the first forms of the user's Starred or Recently viewed list as small cards, with 'View all' when
 * there are more than the row shows; nothing while the list is empty (or loading, so the page does not jump).
 */
function FlowRow({ view, title, icon, viewAllHref, userId }: { view: FlowListView; title: string; icon: ReactNode; viewAllHref: string; userId?: number }) {
  const [preferences] = useHomePreferences(userId);
  const items = useRowItems();
  const list = useFlowList({ workspaceId: null, view, sort: view === 'recents' ? 'lastViewed' : preferences.sort, limit: HOME_ROW_FETCH });
  if (list.flows.length === 0) return null;
  const shown = list.flows.slice(0, items);
  const more = list.flows.length > items || list.hasNextPage;
  return (
    <Stack gap="sm" component="section" aria-label={title} data-testid={`home-row-${view}`}>
      <Group justify="space-between">
        <Group gap={8} c="dimmed">
          {icon}
          <Title order={2} fz="md" c="dark">
            {title}
          </Title>
        </Group>
        {more && (
          <Anchor component={Link} to={viewAllHref} fz="sm" data-testid={`home-row-${view}-view-all`}>
            {copy.home.viewAll}
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={items} spacing="sm" role="list">
        {shown.map((flow) => (
          <Card
            key={flow.publicIdentifier}
            component={Link}
            to={paths.editor.getHref(flow.publicIdentifier, 'edit')}
            p="sm"
            shadow="xs"
            role="listitem"
            data-testid={`home-row-item-${flow.publicIdentifier}`}
          >
            <Group gap="sm" wrap="nowrap">
              <IconForm size={18} />
              <Stack gap={0} miw={0}>
                <Text fw={600} fz="sm" truncate>
                  {flow.name}
                </Text>
                <Text fz="xs" c="dimmed" truncate>
                  {view === 'recents' && flow.lastViewedAt ? `Viewed ${formatRelative(flow.lastViewedAt)}` : `Edited ${formatRelative(flow.updatedAt)}`}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Props of {@link FlowListPage}: which list of every workspace, and the route's renderers. */
export interface FlowListPageProps extends FlowRenderers {
  view: Exclude<FlowListView, 'all'>;
  userId?: number;
}

/**
 * The Starred, Recents and Trash pages (spec 000 §2 home tabs; the reserved workspace `trash`): the user's forms of
 * every workspace in that list, each saying its workspace. Recents are always last viewed first; the trash offers
 * no star.
 */
export function FlowListPage({ view, userId, renderFlowActions, renderStar }: FlowListPageProps) {
  const [preferences, setPreferences] = useHomePreferences(userId);
  const workspaces = useWorkspaces();
  const names = new Map((workspaces.data ?? []).map((workspace) => [workspace.id, workspace.name]));
  const page = {
    starred: { title: copy.home.tabs.starred, icon: <IconStar size={28} />, empty: copy.home.noStarred, hint: copy.home.noStarredHint },
    recents: { title: copy.home.tabs.recents, icon: <IconHistory size={28} />, empty: copy.home.noRecents, hint: copy.home.noRecentsHint },
    trash: { title: copy.home.trash, icon: <IconTrash size={28} />, empty: copy.home.trashEmpty, hint: copy.home.trashEmptyHint },
  }[view];
  return (
    <Container size="lg" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 30 }} data-testid="list-page-title">
          {page.title}
        </Title>
        <FlowList
          workspaceId={null}
          view={view}
          label={page.title}
          preferences={view === 'recents' ? { ...preferences, sort: 'lastViewed' } : preferences}
          onPreferences={view === 'recents' ? (change) => setPreferences({ layout: change.layout ?? preferences.layout }) : setPreferences}
          sortable={view !== 'recents'}
          workspaceNames={names}
          renderActions={renderFlowActions}
          renderStar={view === 'trash' ? undefined : renderStar}
          draggable={view !== 'trash'}
          empty={
            <Card p="xl" data-testid="flows-empty">
              <Empty icon={page.icon} title={page.empty} description={page.hint} />
            </Card>
          }
        />
      </Stack>
    </Container>
  );
}

function WorkspaceSection({
  workspace,
  userId,
  renderFlowActions,
  renderStar,
  renderWorkspaceActions,
}: { workspace: Workspace; userId?: number } & FlowRenderers & Pick<HomePageProps, 'renderWorkspaceActions'>) {
  const [preferences, setPreferences] = useHomePreferences(userId);
  const navigate = useNavigate();
  // `write` and `limited` members create forms (spec 000 §6; contracts `rules/access.ts`).
  const canCreate = canCreateIn(workspace.accessLevel);

  /** Opens the new-flow dialog (spec 000 §2) at its 'choose' stage, for this workspace. */
  function create() {
    navigate(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose' }));
  }

  const createButton = (
    <Button
      leftSection={canCreate ? <IconPlus size={16} /> : <IconLock size={16} />}
      onClick={create}
      disabled={!canCreate}
      data-testid="create-form-button"
    >
      Create form
    </Button>
  );

  return (
    <Stack gap="md" data-testid="workspace-section">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={2} fz="xl" data-testid="workspace-name">
            {workspace.name}
          </Title>
          <LimitedAccessBadge level={workspace.accessLevel} />
        </Group>
        <Group gap="sm">
          {renderWorkspaceActions?.(workspace)}
          {canCreate ? (
            createButton
          ) : (
            <Tooltip label={limitedAccessTooltip(workspace.accessLevel)}>
              <span>{createButton}</span>
            </Tooltip>
          )}
        </Group>
      </Group>
      <FlowList
        workspaceId={workspace.id}
        view="all"
        label="Forms"
        preferences={preferences}
        onPreferences={setPreferences}
        renderActions={renderFlowActions}
        renderStar={renderStar}
        draggable
        empty={
          <Card p="xl" data-testid="flows-empty">
            <Empty icon={<IconForm size={28} />} title="No forms yet" description="Forms you create in this workspace will show up here, with their responses.">
              {canCreate ? (
                <Button variant="light" onClick={() => navigate(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'blank' }))}>
                  Start from a blank form
                </Button>
              ) : undefined}
            </Empty>
          </Card>
        }
      />
    </Stack>
  );
}

/** 'Workspace not found' with a 'Go home' link (spec 000 §2, §8). */
export function WorkspaceNotFound() {
  return (
    <Empty
      testId="workspace-not-found"
      icon={<IconLock size={28} />}
      title={copy.flows.workspaceNotFound}
      description="It may have been removed, or you may not have access to it."
    >
      <Button component={Link} to={paths.home.getHref()}>
        {copy.flows.goHome}
      </Button>
    </Empty>
  );
}

function NoWorkspaces() {
  return (
    <Empty
      testId="no-workspaces"
      icon={<IconPlus size={28} />}
      title="No workspaces yet"
      description="Create a workspace from the workspace menu at the top to start building forms."
    >
      <Text fz="sm" c="dimmed">
        Workspaces group your forms and the people who work on them.
      </Text>
    </Empty>
  );
}
