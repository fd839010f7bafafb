/**
 * The home dashboard's main area (spec 000 §2 "Home page"), inside the app shell (whose header holds the
 * workspace menu): a welcome line with the first name, then the selected workspace with its 'Create form'
 * button and its forms. `/home` shows the first workspace by name; `/home/:workspaceSlug` the one the slug
 * (`<id>-<name>`) names, or 'Workspace not found' with a 'Go home' link (spec 000 §8) when the user has no such
 * workspace. The route loader has loaded the workspaces and that workspace's forms before this renders.
 */
import type { ReactNode } from 'react';
import { Button, Container, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconLock, IconPlus } from '../../../ui/icons';
import { Empty, ErrorAlert, PageLoader } from '../../../ui/states';
import { useCreateFlow } from '../api/create-flow';
import { useWorkspaces } from '../api/get-workspaces';
import { activeWorkspace } from '../model/active-workspace';
import type { FlowListItem } from '../api/get-flows';
import { FlowList } from './flow-list';
import { LimitedAccessBadge, limitedAccessTooltip } from './workspace-nav';

/** What the dashboard shows: the user's first name and the workspace slug of the URL (none on `/home`). */
export interface HomePageProps {
  firstName: string;
  workspaceSlug?: string;
  /** Each form card's menu (rename, duplicate, close, delete), composed by the route. */
  renderFlowActions?: (flow: FlowListItem) => ReactNode;
  /** More actions beside 'Create form' for the shown workspace ('Automate with workflows'), composed by the route. */
  renderWorkspaceActions?: (workspace: Workspace) => ReactNode;
}

/** The dashboard of {@link HomePageProps.workspaceSlug}'s workspace (or the first by name). */
export function HomePage({ firstName, workspaceSlug, renderFlowActions, renderWorkspaceActions }: HomePageProps) {
  const workspaces = useWorkspaces();
  const active = activeWorkspace(workspaces.data ?? [], workspaceSlug);

  return (
    <Container size="md" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 26, sm: 30 }} data-testid="welcome">
          Welcome, {firstName}
        </Title>
        {workspaces.isPending ? (
          <PageLoader />
        ) : workspaces.isError ? (
          <ErrorAlert error={workspaces.error} title="Could not load workspaces" onRetry={() => void workspaces.refetch()} />
        ) : !active ? (
          workspaceSlug ? <WorkspaceNotFound /> : <NoWorkspaces />
        ) : (
          <WorkspaceSection workspace={active} renderFlowActions={renderFlowActions} renderWorkspaceActions={renderWorkspaceActions} />
        )}
      </Stack>
    </Container>
  );
}

function WorkspaceSection({
  workspace,
  renderFlowActions,
  renderWorkspaceActions,
}: { workspace: Workspace } & Pick<HomePageProps, 'renderFlowActions' | 'renderWorkspaceActions'>) {
  const navigate = useNavigate();
  const createFlow = useCreateFlow();
  const canWrite = workspace.accessLevel === 'write';

  function create() {
    createFlow.mutate(
      { name: copy.defaultNames.myForm, workspaceId: workspace.id, flowTemplate: blankFlowTemplate() },
      {
        onSuccess: (flow) => navigate(paths.editor.getHref(flow.publicIdentifier, 'edit')),
        onError: (error) =>
          notifications.show({ color: 'red', title: copy.flows.hadTroubleCreatingForm, message: errorMessage(error) }),
      },
    );
  }

  const createButton = (
    <Button
      leftSection={canWrite ? <IconPlus size={16} /> : <IconLock size={16} />}
      onClick={create}
      loading={createFlow.isPending}
      disabled={!canWrite}
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
          {canWrite ? (
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
        renderActions={renderFlowActions}
        emptyAction={
          canWrite ? (
            <Button variant="light" onClick={create} loading={createFlow.isPending}>
              Start from a blank form
            </Button>
          ) : undefined
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
