/**
 * Drag and drop on the 'Edit' tab (@dnd-kit), around the pages panel and the page on screen: one `DndContext` for
 * - a question card dragged within its page (reorder: `moveWidget`), or onto a page of the pages panel (the page
 *   highlights; the question moves to the end of that page: `move-question.tsx`);
 * - a page of the pages panel dragged within the page order (`movePage`: the default links follow the new order;
 *   only when the pages are one straight default path, `pagesReorderable`).
 * Pointer (mouse, touch, pen: a 5 px move starts a drag from a handle) and keyboard (@dnd-kit's keyboard sensor on the
 * focused handle: Space or Enter picks up, the arrows move — ← takes a question onto the pages list — Space or Enter
 * drops, Escape cancels), with what happens said to screen readers in words ("Moved 'Your email' to Page 2"). The
 * dragged item follows the pointer as a small overlay. Each drop is one undo step; a move that leaves logic reading a
 * question before it is asked is warned about (`useLogicWarning`).
 *
 * What is dragged and what it is over are told apart by their data ({@link DragData}). Collisions: a page is dropped
 * among the pages only; a question is dropped on the page under the pointer, else among its page's questions — and,
 * moved by keys, on what the keyboard moved it to.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Group, Paper, Text } from '@mantine/core';
import {
  closestCenter,
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import * as copy from '@formloom/contracts/copy';
import { IconGrip } from '../../../ui/icons';
import { movePage, moveWidget, pageOfWidget } from '../model/template-ops';
import { useEditor } from './editor-context';
import { useLogicWarning, useMoveQuestionToPage } from './move-question';

/** What a draggable or droppable of the Edit tab is: a question card, or a page of the pages panel. */
export type DragData =
  | { type: 'question'; widgetId: string; stepId: string; name: string }
  | { type: 'page'; stepId: string; name: string };

/** The @dnd-kit id of a page's row in the pages panel (question ids are widget ids). */
export function pageDragId(stepId: string): string {
  return `page:${stepId}`;
}

/** The data an active or over item carries, and its sortable position when it is in a sortable list. */
interface Item {
  data: DragData | undefined;
  /** 0-based position and the list's length; undefined outside a sortable list. */
  position?: { index: number; count: number };
}

function itemOf(entry: { data: { current?: Record<string, unknown> | undefined } } | null | undefined): Item {
  const current = entry?.data.current as (DragData & { sortable?: { index: number; items: UniqueIdentifier[] } }) | undefined;
  const sortable = current?.sortable;
  return { data: current, position: sortable ? { index: sortable.index, count: sortable.items.length } : undefined };
}

const isPage = (entry: { data: { current?: Record<string, unknown> } }) => (entry.data.current as DragData | undefined)?.type === 'page';
const isQuestion = (entry: { data: { current?: Record<string, unknown> } }) => (entry.data.current as DragData | undefined)?.type === 'question';

/** Where the dragged item would drop (see the module doc). */
const editorCollisions: CollisionDetection = (args) => {
  const pages = args.droppableContainers.filter(isPage);
  const dragged = args.active.data.current as DragData | undefined;
  if (dragged?.type === 'page') return closestCenter({ ...args, droppableContainers: pages });
  const questions = args.droppableContainers.filter(isQuestion);
  if (args.pointerCoordinates) {
    const onPage = pointerWithin({ ...args, droppableContainers: pages });
    return onPage.length > 0 ? onPage : closestCenter({ ...args, droppableContainers: questions });
  }
  return closestCorners({ ...args, droppableContainers: [...pages, ...questions] });
};

/** What a screen reader hears while an item is dragged (`copy.editor`). */
const announcements: Announcements = {
  onDragStart({ active }) {
    return copy.editor.pickedUp(itemOf(active).data?.name ?? '');
  },
  onDragOver({ active, over }) {
    const dragged = itemOf(active).data;
    const target = itemOf(over);
    if (!dragged || !target.data) return undefined;
    if (dragged.type === 'question' && target.data.type === 'page') return copy.editor.overPage(dragged.name, target.data.name);
    if (!target.position) return undefined;
    return copy.editor.overPosition(dragged.name, target.position.index + 1, target.position.count);
  },
  onDragEnd({ active, over }) {
    const dragged = itemOf(active);
    const target = itemOf(over);
    const name = dragged.data?.name ?? '';
    if (!dragged.data || !target.data) return copy.editor.droppedInPlace(name);
    if (dragged.data.type === 'question' && target.data.type === 'page') return copy.editor.movedToPage(name, target.data.name);
    if (!target.position || dragged.position?.index === target.position.index) return copy.editor.droppedInPlace(name);
    return copy.editor.movedToPosition(name, target.position.index + 1, target.position.count);
  },
  onDragCancel({ active }) {
    return copy.editor.dragCancelled(itemOf(active).data?.name ?? '');
  },
};

/** The small card that follows the pointer while an item is dragged: its kind and name. */
function DragPreview({ item }: { item: DragData }) {
  return (
    <Paper shadow="lg" withBorder p={8} radius="md" maw={280} data-testid="drag-preview">
      <Group gap={6} wrap="nowrap">
        <IconGrip />
        <Badge size="xs" variant="light" color={item.type === 'page' ? 'gray' : 'brand'}>
          {copy.editor.dragKinds[item.type]}
        </Badge>
        <Text fz="sm" fw={600} truncate>
          {item.name}
        </Text>
      </Group>
    </Paper>
  );
}

/** The Edit tab's drag and drop (see the module doc) around `children` (the pages panel and the page). */
export function EditorDnd({ children }: { children: ReactNode }) {
  const { draft, edit } = useEditor();
  const moveToPage = useMoveQuestionToPage();
  const warn = useLogicWarning();
  const [dragged, setDragged] = useState<DragData | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragStart({ active }: DragStartEvent) {
    setDragged(itemOf(active).data ?? null);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const item = itemOf(active);
    const target = itemOf(over);
    if (!item.data || !target.data) return;
    if (item.data.type === 'question' && target.data.type === 'page') {
      moveToPage(item.data.widgetId, target.data.stepId);
      return;
    }
    if (!item.position || !target.position || item.position.index === target.position.index) return;
    const from = item.position.index;
    const to = target.position.index;
    if (item.data.type === 'page' && target.data.type === 'page') {
      const after = movePage(draft, item.data.stepId, to);
      edit(() => after, { separate: true });
      warn(draft, after, item.data.name);
    } else if (item.data.type === 'question' && target.data.type === 'question') {
      const stepId = pageOfWidget(draft, item.data.widgetId)?.id;
      if (stepId) edit((t) => moveWidget(t, stepId, from, to), { separate: true });
    }
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={editorCollisions}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: copy.editor.dragInstructions } }}
    >
      {children}
      <DragOverlay dropAnimation={null}>{dragged ? <DragPreview item={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
}
