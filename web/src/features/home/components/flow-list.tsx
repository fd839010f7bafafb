/**
 * A home list of forms (spec 000 §2 "Home page"): one workspace's, or the Starred, Recents or Trash list of every
 * workspace; its sort order ('Created date' … 'Unread') and view (rows or a grid of 3 or 4 columns), page by page
 * ('Load more', and on its own when the end of the list scrolls into view). Each form shows its name, status (Live /
 * Closed / Draft), finished submissions with the number new since the user last opened its Results, last edit, a star
 * toggle and the menu the route composes. A form the user may change can be dragged (30 px, spec 000 §4) onto a
 * workspace or the trash of the home sidebar (`home-dnd.tsx`).
 *
 * The list is virtualized (@tanstack/react-virtual, on the window's scroll): a workspace of 10,000 forms renders only
 * the rows near the screen — rows of one form, or rows of the grid's 1–4 columns — measured as they render, so
 * scrolling through everything loaded stays as light as the first page. Each form carries its position
 * (`aria-posinset`) and the list's size (`aria-setsize`, -1 while more pages remain) for screen readers.
 */
import { useEffect, useLayoutEffect, useRef, useState, type PointerEventHandler, type ReactNode } from 'react';
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
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useIntersection, useMediaQuery } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
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
    const setSize = list.hasNextPage ? -1 : list.flows.length;
    body = (
      <>
        <VirtualFlowItems
          flows={list.flows}
          layout={preferences.layout}
          label={label}
          renderItem={(flow, index) => (
            <FlowItem
              flow={flow}
              layout={preferences.layout}
              actions={renderActions?.(flow)}
              star={renderStar?.(flow)}
              workspaceName={workspaceNames?.get(flow.workspaceId)}
              draggable={draggable && flow.accessLevel === 'write'}
              position={{ index: index + 1, of: setSize }}
            />
          )}
        />
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

/** Rows drawn beyond the screen on each side (a fast scroll shows no blank rows). */
const OVERSCAN_ROWS = 6;
/** A row's height before it is measured, in px (a list row with its gap; a grid card is taller, measured at once). */
const ESTIMATED_ROW_PX = 84;

/**
 * The grid's columns at this screen width, as the grid's breakpoints say: 1, 2 from `xs`, {@link
 * HOME_GRID_COLUMNS_NARROW} from `md`, {@link HOME_GRID_COLUMNS_MAX} from `lg` (spec 000 §2: "maximum 3 or 4").
 */
function useGridColumns(): number {
  const xs = useMediaQuery('(min-width: 36em)', false, { getInitialValueInEffect: false });
  const md = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const lg = useMediaQuery('(min-width: 75em)', false, { getInitialValueInEffect: false });
  if (lg) return HOME_GRID_COLUMNS_MAX;
  if (md) return HOME_GRID_COLUMNS_NARROW;
  return xs ? 2 : 1;
}

/**
 * The forms, virtualized on the window's scroll (see the module doc): a `role="list"` as tall as every row, holding
 * only the rows near the screen, each placed at its offset. `renderItem(flow, index)` draws one form (its
 * `role="listitem"`).
 */
function VirtualFlowItems({
  flows,
  layout,
  label,
  renderItem,
}: {
  flows: readonly FlowListItem[];
  layout: FlowListLayout;
  label: string;
  renderItem: (flow: FlowListItem, index: number) => ReactNode;
}) {
  const gridColumns = useGridColumns();
  const columns = layout === 'grid' ? gridColumns : 1;
  const listRef = useRef<HTMLDivElement>(null);
  // Where the list starts on the page: the rows above it (Starred, Recently viewed) load and change it, and so
  // does the page's width; measured again whenever the page's size changes.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setScrollMargin((previous) => (Math.abs(previous - top) >= 1 ? top : previous));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const rowCount = Math.ceil(flows.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    getItemKey: (row) => flows[row * columns]?.publicIdentifier ?? row,
  });
  return (
    <Box
      ref={listRef}
      role="list"
      aria-label={label}
      data-testid="flow-list"
      data-layout={layout}
      className={classes.virtualList}
      __vars={{ '--list-height': `${virtualizer.getTotalSize()}px`, '--grid-columns': String(columns) }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <Box
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          role="none"
          className={layout === 'grid' ? `${classes.virtualRow} ${classes.virtualGridRow}` : classes.virtualRow}
          __vars={{ '--row-offset': `${row.start - virtualizer.options.scrollMargin}px` }}
        >
          {flows.slice(row.index * columns, row.index * columns + columns).map((flow, column) => (
            <Box key={flow.publicIdentifier} role="none" className={classes.virtualCell}>
              {renderItem(flow, row.index * columns + column)}
            </Box>
          ))}
        </Box>
      ))}
    </Box>
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
  /** Its 1-based place in the list and the list's size (-1 while more pages remain), for screen readers. */
  position: { index: number; of: number };
}

/** One form: a row or a grid card, draggable (pointer only: the menu's 'Move to…' is the keyboard's way). */
function FlowItem({ flow, layout, actions, star, workspaceName, draggable, position }: FlowItemProps) {
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
      <Card ref={setNodeRef} p="md" role="listitem" aria-posinset={position.index} aria-setsize={position.of} className={className} data-testid={`flow-row-${flow.publicIdentifier}`} shadow="xs" {...dragProps}>
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
    <Card ref={setNodeRef} p="md" role="listitem" aria-posinset={position.index} aria-setsize={position.of} className={className} data-testid={`flow-row-${flow.publicIdentifier}`} shadow="xs" {...dragProps}>
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
