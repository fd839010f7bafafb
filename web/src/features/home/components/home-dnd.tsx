/**
 * Dragging on the home pages (spec 000 §4 "Dragging", @dnd-kit), one context for both:
 * - a form dragged onto a workspace of the sidebar moves there (not onto its own workspace, nor one the user cannot
 *   change), onto Trash it is trashed. Keyboard and screen-reader users move and trash forms from the form's menu
 *   ('Move to…', 'Move to trash'), which does the same;
 * - a workspace dragged within the sidebar's workspaces takes its new place in the user's order (Home, Starred,
 *   Recents and Trash are not workspaces and stay where they are); by keyboard from its grip (Space or Enter picks it
 *   up, the arrows move it, Space or Enter drops, Escape cancels), announced in words.
 * A pointer drag starts after {@link DRAG_ACTIVATION_PX} px of movement, so a click on links and buttons stays a
 * click; the dragged item follows the pointer as a small overlay and the targets that accept a form light up.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { allows, levelToForm } from '@formloom/contracts/rules/access';
import { Paper, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDndContext,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type Modifier,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { getEventCoordinates } from '@dnd-kit/utilities';
import * as copy from '@formloom/contracts/copy';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { DRAG_ACTIVATION_PX } from '@formloom/contracts/limits';
import type { FlowListItem } from '../api/get-flows';
import classes from './home.module.css';

/** What is dragged: a form. */
export interface FlowDragData {
  type: 'flow';
  flow: FlowListItem;
}

/** What a form can be dropped on: a workspace (also what is dragged to reorder the workspaces), or the trash. */
export type HomeDropData = { type: 'workspace'; workspace: Workspace } | { type: 'trash' };

/** The @dnd-kit id of workspace `workspaceId` in the sidebar. */
export function workspaceDragId(workspaceId: number): string {
  return `workspace:${workspaceId}`;
}

/** `order` (workspace ids, the sidebar's) with `movedId` put where `overId` is; unchanged when either is missing. */
export function reorderedWorkspaces(order: readonly number[], movedId: number, overId: number): number[] {
  const from = order.indexOf(movedId);
  const to = order.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return [...order];
  return arrayMove([...order], from, to);
}

/** The drag data of `flow`. */
export function flowDragData(flow: FlowListItem): FlowDragData {
  return { type: 'flow', flow };
}

/**
 * Whether `flow` may be dropped on `target`: the trash, or a workspace other than its own where user `userId` could
 * still change it — one they write to, or where they are `limited` and the form is their own (contracts
 * `rules/access.ts` `levelToForm`; the server refuses the rest).
 */
export function acceptsFlow(target: HomeDropData, flow: FlowListItem, userId: number | undefined): boolean {
  if (target.type === 'trash') return flow.trashedAt === null;
  if (target.workspace.id === flow.workspaceId) return false;
  return allows(levelToForm(target.workspace.accessLevel, flow.createdBy, userId ?? 0), 'change');
}

/** The signed-in user's id, for {@link acceptsFlow} in the drop targets. */
const DragUserContext = createContext<number | undefined>(undefined);

/** Props of {@link HomeDndProvider}: what a drop does (composed by the route from the flow and workspace actions). */
export interface HomeDndProviderProps {
  onMove: (flow: FlowListItem, workspace: Workspace) => void;
  onTrash: (flow: FlowListItem) => void;
  /** The sidebar's workspace ids in their current order, and what a reorder does with the new one. */
  workspaceOrder: readonly number[];
  onReorder: (workspaceIds: number[]) => void;
  /** The signed-in user (whose own forms a `limited` workspace accepts); undefined while loading. */
  userId?: number;
  children: ReactNode;
}

type Dragged = { type: 'flow'; name: string } | { type: 'workspace'; name: string };

/** The data of a drag item or target (its `type` tells them apart; sortable items carry extra keys). */
type AnyData = FlowDragData | HomeDropData | undefined;

/** A form is dropped on what is under the pointer; a workspace (sorted, also by keyboard) on the nearest workspace. */
const collisionDetection: CollisionDetection = (args) => {
  const data = args.active.data.current as AnyData;
  if (data?.type === 'workspace') {
    return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((container) => (container.data.current as AnyData)?.type === 'workspace') });
  }
  return pointerWithin(args);
};

function nameOf(data: AnyData): string {
  if (data?.type === 'flow') return data.flow.name;
  if (data?.type === 'workspace') return data.workspace.name;
  return copy.home.trash;
}

/** What a screen reader hears while a workspace or a form is dragged. */
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current as AnyData)}.`,
  onDragOver: ({ active, over }) => (over ? `${nameOf(active.data.current as AnyData)} is over ${nameOf(over.data.current as AnyData)}.` : undefined),
  onDragEnd: ({ active, over }) => (over ? `Dropped ${nameOf(active.data.current as AnyData)} on ${nameOf(over.data.current as AnyData)}.` : `Dropped ${nameOf(active.data.current as AnyData)}.`),
  onDragCancel: ({ active }) => `Stopped dragging ${nameOf(active.data.current as AnyData)}.`,
};

/** px between the pointer and the top-left corner of the dragged item's label. */
const OVERLAY_OFFSET_PX = 12;

/**
 * Keeps the dragged item's label just below and right of the pointer, wherever on the item the drag began (the label
 * is much smaller than a form's row, which it would otherwise start from, at the row's left edge).
 */
const besidePointer: Modifier = ({ activatorEvent, activeNodeRect, transform }) => {
  const start = activatorEvent ? getEventCoordinates(activatorEvent) : null;
  if (!start || !activeNodeRect) return transform;
  return {
    ...transform,
    x: transform.x + start.x - activeNodeRect.left + OVERLAY_OFFSET_PX,
    y: transform.y + start.y - activeNodeRect.top + OVERLAY_OFFSET_PX,
  };
};

/** The drag-and-drop context of the home pages (see the module doc). */
export function HomeDndProvider({ onMove, onTrash, workspaceOrder, onReorder, userId, children }: HomeDndProviderProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [dragged, setDragged] = useState<Dragged | null>(null);

  function onDragStart(event: DragStartEvent) {
    const data = event.active.data.current as AnyData;
    if (data?.type === 'flow') setDragged({ type: 'flow', name: data.flow.name });
    else if (data?.type === 'workspace') setDragged({ type: 'workspace', name: data.workspace.name });
    else setDragged(null);
  }
  function onDragEnd(event: DragEndEvent) {
    setDragged(null);
    const data = event.active.data.current as AnyData;
    const target = event.over?.data.current as AnyData;
    if (!target || target.type === 'flow') return;
    if (data?.type === 'workspace') {
      if (target.type !== 'workspace') return;
      const next = reorderedWorkspaces(workspaceOrder, data.workspace.id, target.workspace.id);
      if (next.some((id, index) => id !== workspaceOrder[index])) onReorder(next);
      return;
    }
    if (data?.type !== 'flow' || !acceptsFlow(target, data.flow, userId)) return;
    if (target.type === 'trash') onTrash(data.flow);
    else onMove(data.flow, target.workspace);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{ announcements }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <DragUserContext.Provider value={userId}>{children}</DragUserContext.Provider>
      {/* A form's label goes beside the pointer; a workspace's keeps its row's place and size (its drop is the nearest row). */}
      <DragOverlay
        dropAnimation={null}
        modifiers={dragged?.type === 'flow' ? [besidePointer] : undefined}
        className={dragged?.type === 'flow' ? classes.dragOverlay : undefined}
      >
        {dragged && (
          <Paper shadow="md" px="md" py="xs" radius="md" withBorder maw={280} data-testid={`${dragged.type}-drag-overlay`}>
            <Text fw={600} fz="sm" truncate>
              {dragged.name}
            </Text>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/**
 * Whether a form that `target` accepts is being dragged (`accepting`), whether it is over `target` (`over`, given
 * whether the pointer is over it), and the hint to show then ('Drop to move to Sales', 'Drop to move to trash').
 */
export function useFlowDropState(target: HomeDropData, isOver: boolean) {
  const { active } = useDndContext();
  const userId = useContext(DragUserContext);
  const data = active?.data.current as AnyData;
  const accepting = data?.type === 'flow' && acceptsFlow(target, data.flow, userId);
  const hint = target.type === 'trash' ? copy.home.dropToTrash : copy.home.dropToMove(target.workspace.name);
  return { accepting, over: accepting && isOver, hint };
}

/** The Trash as a drop target: its ref and {@link useFlowDropState}. */
export function useTrashDropTarget() {
  const { setNodeRef, isOver } = useDroppable({ id: 'trash', data: { type: 'trash' } satisfies HomeDropData });
  return { setNodeRef, ...useFlowDropState({ type: 'trash' }, isOver) };
}
