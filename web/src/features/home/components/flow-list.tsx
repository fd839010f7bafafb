/**
 * A home list of forms (spec 000 §2 "Home page"): one workspace's, or the Starred, Recents or Trash list of every
 * workspace; its sort order ('Created date' … 'Unread') and view (rows or a grid of 3 or 4 columns), page by page
 * ('Load more', and on its own when the end of the list scrolls into view). Each form shows its name, status (Live /
 * Closed / Draft), finished submissions with the number new since the user last opened its Results, last edit, a star
 * toggle and the menu the route composes. A form the user may change can be dragged (30 px, spec 000 §4) onto a
 * workspace or the trash of the home sidebar (`home-dnd.tsx`).
 */
import { useEffect, type PointerEventHandler, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useDraggable } from '@dnd-kit/core';
import { Link } from 'react-router';
import type { FlowListView, FlowSort } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import { HOME_GRID_COLUMNS_MAX, HOME_GRID_COLUMNS_NARROW } from '@formloom/contracts/limits';
import { paths } from '../../../config/paths';
import { formatRelative } from '../../../lib/format';
import { IconGrid, IconList } from '../../../ui/app-icons';
import { IconExternal, IconForm, IconInbox, IconStar } from '../../../ui/icons';
import { ErrorAlert } from '../../../ui/states';
import { useFlowList, type FlowListItem } from '../api/get-flows';
import type { FlowListLayout, HomePreferences } from '../model/home-preferences';
import { flowDragData } from './home-dnd';
import classes from './home.module.css';

/** The sort options in the spec's order, as a select's data. */
const SORT_OPTIONS = (Object.keys(copy.home.sorts) as FlowSort[]).map((value) => ({ value, label: copy.home.sorts[value] }));

/** Props of {@link FlowList}. */
export interface FlowListProps {
  /** One workspace's forms, or (null) every workspace's. */
  workspaceId: number | null;
  view: FlowListView;
  /** The accessible name of the list ('Forms', 'Starred forms' …). */
  label: string;
  /** The user's remembered order and layout, and how to change them; without `onPreferences` no controls are shown. */
  preferences: HomePreferences;
  onPreferences?: (change: Partial<HomePreferences>) => void;
  /** Offer the sort select (default true; Recents are always last viewed first). */
  sortable?: boolean;
  /** Shown instead of the list when it is empty. */
  empty: ReactNode;
  /** Each form's menu, composed by the route. */
  renderActions?: (flow: FlowListItem) => ReactNode;
  /** The star toggle, composed by the route (home lists; not the trash). */
  renderStar?: (flow: FlowListItem) => ReactNode;
  /** Workspace names by id: each form then says which workspace it is in (the lists of every workspace). */
  workspaceNames?: ReadonlyMap<number, string>;
  /** Forms the user may change can be dragged onto a workspace or the trash. Default false. */
  draggable?: boolean;
}

/** A home list of forms (see the module doc). */
export function FlowList({ workspaceId, view, label, preferences, onPreferences, sortable = true, empty, renderActions, renderStar, workspaceNames, draggable = false }: FlowListProps) {
  const list = useFlowList({ workspaceId, view, sort: preferences.sort });
  const { ref: endRef, entry } = useIntersection({ rootMargin: '400px' });
  const atEnd = entry?.isIntersecting ?? false;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const controls = onPreferences && (
    <Group gap="sm" justify="flex-end" wrap="nowrap" data-testid="flow-list-controls">
      {sortable && (
      <Select
        size="xs"
        w={170}
        aria-label={copy.home.sortLabel}
        data={SORT_OPTIONS}
        value={preferences.sort}
        allowDeselect={false}
        onChange={(value) => value && onPreferences({ sort: value as FlowSort })}
        comboboxProps={{ withinPortal: true }}
        data-testid="flow-sort"
      />
      )}
      <SegmentedControl
        size="xs"
        aria-label={copy.home.viewLabel}
        value={preferences.layout}
        onChange={(value) => onPreferences({ layout: value as FlowListLayout })}
        data={[
          { value: 'list', label: <LayoutLabel icon={<IconList size={16} />} text={copy.home.views.list} /> },
          { value: 'grid', label: <LayoutLabel icon={<IconGrid size={16} />} text={copy.home.views.grid} /> },
        ]}
        data-testid="flow-layout"
      />
    </Group>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading forms">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={72} radius="lg" />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    body = <ErrorAlert error={list.error} title="Could not load forms" onRetry={() => void list.refetch()} />;
  } else if (list.flows.length === 0) {
    body = empty;
  } else {
    const items = list.flows.map((flow) => (
      <FlowItem
        key={flow.publicIdentifier}
        flow={flow}
        layout={preferences.layout}
        actions={renderActions?.(flow)}
        star={renderStar?.(flow)}
        workspaceName={workspaceNames?.get(flow.workspaceId)}
        draggable={draggable && flow.accessLevel === 'write'}
      />
    ));
    body = (
      <>
        {preferences.layout === 'grid' ? (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: HOME_GRID_COLUMNS_NARROW, lg: HOME_GRID_COLUMNS_MAX }}
            spacing="md"
            role="list"
            aria-label={label}
            data-testid="flow-list"
          >
            {items}
          </SimpleGrid>
        ) : (
          <Stack gap="sm" role="list" aria-label={label} data-testid="flow-list">
            {items}
          </Stack>
        )}
        <div ref={endRef} />
        {list.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="flow-list-more">
              {copy.home.loadMore}
            </Button>
          </Group>
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      {controls}
      {body}
    </Stack>
  );
}

/** A layout option: its icon, and its name — shown from the `sm` width, for screen readers only below it. */
function LayoutLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span className={classes.layoutName}>{text}</span>
    </Group>
  );
}

/** The star toggle of a form (aria-pressed), given what happens on a click. */
export function StarButton({ flow, onToggle, pending = false }: { flow: FlowListItem; onToggle: (starred: boolean) => void; pending?: boolean }) {
  const label = flow.isStarred ? `${copy.home.unstar} ${flow.name}` : `${copy.home.star} ${flow.name}`;
  return (
    <Tooltip label={flow.isStarred ? copy.home.unstar : copy.home.star}>
      <ActionIcon
        variant="subtle"
        color={flow.isStarred ? 'yellow.7' : 'gray'}
        aria-label={label}
        aria-pressed={flow.isStarred}
        disabled={pending}
        onClick={() => onToggle(!flow.isStarred)}
        data-testid="flow-star"
      >
        <IconStar size={18} filled={flow.isStarred} />
      </ActionIcon>
    </Tooltip>
  );
}

function statusOf(flow: FlowListItem): { label: string; color: string } {
  if (flow.isPublished) return { label: 'Live', color: 'green' };
  if (flow.closedAt) return { label: 'Closed', color: 'red' };
  return { label: 'Draft', color: 'gray' };
}

interface FlowItemProps {
  flow: FlowListItem;
  layout: FlowListLayout;
  actions?: ReactNode;
  star?: ReactNode;
  workspaceName?: string;
  draggable: boolean;
}

/** One form: a row or a grid card, draggable (pointer only: the menu's 'Move to…' is the keyboard's way). */
function FlowItem({ flow, layout, actions, star, workspaceName, draggable }: FlowItemProps) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `flow:${flow.publicIdentifier}`,
    data: flowDragData(flow),
    disabled: !draggable,
  });
  const trashed = flow.trashedAt !== null;
  const status = statusOf(flow);
  const count = flow.submissionCount;
  const editHref = paths.editor.getHref(flow.publicIdentifier, 'edit');
  const name = trashed ? (
    <Text fw={650} truncate data-testid="flow-name">
      {flow.name}
    </Text>
  ) : (
    <Anchor component={Link} to={editHref} fw={650} c="dark" truncate data-testid="flow-name">
      {flow.name}
    </Anchor>
  );
  const meta = (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Badge size="sm" variant="dot" color={status.color} flex="none" data-testid="flow-status">
        {status.label}
      </Badge>
      <Text fz="xs" c="dimmed" truncate>
        {trashed ? `Trashed ${formatRelative(flow.trashedAt)}` : `Edited ${formatRelative(flow.updatedAt)}`}
        {workspaceName ? ` · ${workspaceName}` : ''}
      </Text>
    </Group>
  );
  const responses = (
    <Tooltip label="Responses">
      <Button
        component={Link}
        to={paths.editor.getHref(flow.publicIdentifier, 'results')}
        variant="subtle"
        color="gray"
        size="compact-md"
        leftSection={<IconInbox size={16} />}
        rightSection={
          flow.unreadCount > 0 ? (
            <Badge size="xs" circle={flow.unreadCount < 10} color="blue" data-testid="flow-unread">
              {flow.unreadCount}
            </Badge>
          ) : undefined
        }
        aria-label={`${count} ${count === 1 ? 'response' : 'responses'} to ${flow.name}${flow.unreadCount > 0 ? `, ${copy.home.unreadCount(flow.unreadCount)}` : ''}`}
        data-testid="flow-submission-count"
      >
        {count}
        <Box component="span" visibleFrom="sm" fw={400} ml={4}>
          {count === 1 ? 'response' : 'responses'}
        </Box>
      </Button>
    </Tooltip>
  );
  const live = flow.isPublished && !trashed && (
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
  );

  // Pointer only (see the component doc): the keyboard sensor's listener is left out.
  const dragProps = draggable ? { onPointerDown: listeners?.onPointerDown as PointerEventHandler<HTMLDivElement> | undefined } : {};
  const className = `${classes.flowItem} ${isDragging ? classes.dragging : ''}`;
  if (layout === 'grid') {
    return (
      <Card ref={setNodeRef} p="md" role="listitem" className={className} data-testid={`flow-row-${flow.publicIdentifier}`} shadow="xs" {...dragProps}>
        <Stack gap="sm" h="100%">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <ThemeIcon size={42} radius="md" variant="light">
              <IconForm size={22} />
            </ThemeIcon>
            <Group gap={2} wrap="nowrap">
              {star}
              {actions}
            </Group>
          </Group>
          <Stack gap={4} miw={0}>
            {name}
            {meta}
          </Stack>
          <Group justify="space-between" wrap="nowrap" mt="auto">
            {responses}
            {live}
          </Group>
        </Stack>
      </Card>
    );
  }
  return (
    <Card ref={setNodeRef} p="md" role="listitem" className={className} data-testid={`flow-row-${flow.publicIdentifier}`} shadow="xs" {...dragProps}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <ThemeIcon size={42} radius="md" variant="light" visibleFrom="xs">
            <IconForm size={22} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            {name}
            {meta}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {responses}
          {!trashed && (
            <Button component={Link} to={editHref} variant="light" size="compact-md" visibleFrom="sm">
              Edit
            </Button>
          )}
          {live}
          {star}
          {actions}
        </Group>
      </Group>
    </Card>
  );
}
