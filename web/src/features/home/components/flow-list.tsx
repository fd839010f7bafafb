/**
 * The forms of one workspace: name, status (Live / Closed / Draft), submission count, last edit, links to
 * the editor and the results, and the menu the route passes (rename, duplicate, close, delete).
 */
import type { ReactNode } from 'react';
import { ActionIcon, Box, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatRelative } from '../../../lib/format';
import { IconExternal, IconForm, IconInbox } from '../../../ui/icons';
import { Empty, ErrorAlert } from '../../../ui/states';
import type { FlowListItem } from '../api/get-flows';
import { useFlows } from '../api/get-flows';

/** The forms of workspace `workspaceId`, most recently edited first; `emptyAction` is offered when there are none. */
export function FlowList({
  workspaceId,
  emptyAction,
  renderActions,
}: {
  workspaceId: number;
  emptyAction?: ReactNode;
  /** A card's menu (composed by the route from the flow-actions feature). */
  renderActions?: (flow: FlowListItem) => ReactNode;
}) {
  const flows = useFlows(workspaceId);
  if (flows.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading forms">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={72} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (flows.isError) return <ErrorAlert error={flows.error} title="Could not load forms" onRetry={() => void flows.refetch()} />;
  if (flows.data.length === 0) {
    return (
      <Card p="xl" data-testid="flows-empty">
        <Empty
          icon={<IconForm size={28} />}
          title="No forms yet"
          description="Forms you create in this workspace will show up here, with their responses."
        >
          {emptyAction}
        </Empty>
      </Card>
    );
  }
  const sorted = [...flows.data].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return (
    <Stack gap="sm" data-testid="flow-list" role="list" aria-label="Forms">
      {sorted.map((flow) => (
        <FlowRow key={flow.publicIdentifier} flow={flow} actions={renderActions?.(flow)} />
      ))}
    </Stack>
  );
}

function FlowRow({ flow, actions }: { flow: FlowListItem; actions?: ReactNode }) {
  const count = flow.submissionCount ?? 0;
  return (
    <Card p="md" role="listitem" data-testid={`flow-row-${flow.publicIdentifier}`} shadow="xs">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <ThemeIcon size={42} radius="md" variant="light">
            <IconForm size={22} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Anchor
              component={Link}
              to={paths.editor.getHref(flow.publicIdentifier, 'edit')}
              fw={650}
              c="dark"
              truncate
              data-testid="flow-name"
            >
              {flow.name}
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Badge
                size="sm"
                variant="dot"
                color={flow.isPublished ? 'green' : flow.closedAt ? 'red' : 'gray'}
                data-testid="flow-status"
              >
                {flow.isPublished ? 'Live' : flow.closedAt ? 'Closed' : 'Draft'}
              </Badge>
              <Text fz="xs" c="dimmed" visibleFrom="xs">
                Edited {formatRelative(flow.updatedAt)}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Responses">
            <Button
              component={Link}
              to={paths.editor.getHref(flow.publicIdentifier, 'results')}
              variant="subtle"
              color="gray"
              size="compact-md"
              leftSection={<IconInbox size={16} />}
              aria-label={`${count} ${count === 1 ? 'response' : 'responses'} to ${flow.name}`}
              data-testid="flow-submission-count"
            >
              {count}{' '}
              <Box component="span" visibleFrom="sm" fw={400}>
                {count === 1 ? 'response' : 'responses'}
              </Box>
            </Button>
          </Tooltip>
          <Button component={Link} to={paths.editor.getHref(flow.publicIdentifier, 'edit')} variant="light" size="compact-md" visibleFrom="sm">
            Edit
          </Button>
          {flow.isPublished && (
            <Tooltip label="Open the live form">
              <ActionIcon
                component="a"
                href={paths.publicForm.getHref(flow.publicIdentifier)}
                target="_blank"
                rel="noreferrer"
                variant="subtle"
                color="gray"
                aria-label={`Open ${flow.name}`}
              >
                <IconExternal size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {actions}
        </Group>
      </Group>
    </Card>
  );
}
