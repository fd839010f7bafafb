/**
 * The home dashboard (spec 000 §2 "Home page"): a welcome line with the first name, the workspaces in a
 * sidebar, and the forms of the selected workspace with a 'Create form' button. `/home` shows the first
 * workspace by name; `/home/:workspaceSlug` the one whose slug (`<id>-<name>`) matches, or 'Workspace not
 * found' with a 'Go home' link (spec 000 §8) when the user has no such workspace.
 */
import type { ReactNode } from 'react';
import { AppShell, Burger, Button, Container, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { copy } from '@formloom/contracts/copy';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { parseWorkspaceSlug } from '@formloom/contracts/rules/slug';
import { errorMessage } from '../../../lib/api-client';
import { IconLock, IconPlus } from '../../../ui/icons';
import { Logo } from '../../../ui/logo';
import { Empty, ErrorAlert, PageLoader } from '../../../ui/states';
import { useCreateFlow } from '../api/create-flow';
import { useWorkspaces } from '../api/get-workspaces';
import { FlowList } from './flow-list';
import { LimitedAccessBadge, limitedAccessTooltip, WorkspaceNav } from './workspace-nav';

/** Finds the workspace a slug names: exact slug first, then by the id prefix of `<id>-<name>`. */
export function findWorkspace(workspaces: Workspace[], slug: string): Workspace | undefined {
  const exact = workspaces.find((workspace) => workspace.slug === slug);
  if (exact) return exact;
  const id = parseWorkspaceSlug(slug);
  return id === null ? undefined : workspaces.find((workspace) => workspace.id === id);
}

export interface HomePageProps {
  firstName: string;
  workspaceSlug?: string;
  /** The header's right side (the user block), supplied by the route. */
  headerRight?: ReactNode;
}

export function HomePage({ firstName, workspaceSlug, headerRight }: HomePageProps) {
  const [navOpened, nav] = useDisclosure(false);
  const workspaces = useWorkspaces();
  const list = workspaces.data ?? [];
  const sortedByName = [...list].sort((a, b) => a.name.localeCompare(b.name));
  const active = workspaceSlug ? findWorkspace(list, workspaceSlug) : sortedByName[0];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle workspaces" />
            <Link to="/home" style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Formloom home">
              <Logo />
            </Link>
          </Group>
          {headerRight}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <WorkspaceNav workspaces={list} activeId={active?.id} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
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
              <WorkspaceSection workspace={active} />
            )}
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

function WorkspaceSection({ workspace }: { workspace: Workspace }) {
  const navigate = useNavigate();
  const createFlow = useCreateFlow();
  const canWrite = workspace.accessLevel === 'write';

  function create() {
    createFlow.mutate(
      { name: copy.defaultNames.myForm, workspaceId: workspace.id, flowTemplate: blankFlowTemplate() },
      {
        onSuccess: (flow) => navigate(`/editor/${flow.publicIdentifier}/edit`),
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
        {canWrite ? (
          createButton
        ) : (
          <Tooltip label={limitedAccessTooltip(workspace.accessLevel)}>
            <span>{createButton}</span>
          </Tooltip>
        )}
      </Group>
      <FlowList
        workspaceId={workspace.id}
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
      <Button component={Link} to="/home">
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
      description="Create a workspace from the sidebar to start building forms."
    >
      <Text fz="sm" c="dimmed">
        Workspaces group your forms and the people who work on them.
      </Text>
    </Empty>
  );
}
