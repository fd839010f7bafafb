/**
 * The left list of the 'Edit' tab: form pages in page order, 'Add page', then the ending pages and 'Add ending'
 * (a form can end in several ways: a page's rules choose the ending, `logic/page-logic.tsx`). An ending no page
 * leads to says so. Then the form-level settings of the template: its hidden fields (`logic/hidden-fields.tsx`), its
 * calculations (`logic/calculations.tsx`) and its quiz mode (`logic/quiz-settings.tsx`).
 *
 * Each form page is a drop target for a dragged question (it highlights; the question moves to its end) and, when
 * the pages are one straight default path (`pagesReorderable`), has a drag handle to reorder the pages
 * (`editor-dnd.tsx`); otherwise a line says why the order is fixed here. Endings stay after the pages.
 */
import { ActionIcon, Badge, Box, Button, Divider, NavLink, Stack, Text, ThemeIcon } from '@mantine/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as copy from '@formloom/contracts/copy';
import type { FormStep } from '@formloom/contracts/entities/flow-template';
import { IconFlag, IconGrip, IconPlus } from '../../../ui/icons';
import { addEnding } from '../model/logic-ops';
import { Calculations } from './logic/calculations';
import { HiddenFields } from './logic/hidden-fields';
import { QuizSettings } from './logic/quiz-settings';
import { addPage, endingPages, formPages, pagesReorderable } from '../model/template-ops';
import { useEditor } from './editor-context';
import { pageDragId, type DragData } from './editor-dnd';
import classes from './pages-panel.module.css';

/** What {@link PageRow} shows: the page, its position, whether it is selected, its errors, whether it can be dragged. */
interface PageRowProps {
  page: FormStep;
  index: number;
  selected: boolean;
  errorCount: number;
  draggable: boolean;
  onSelect: () => void;
}

/**
 * A form page in the list: a drag handle (when the pages can be reordered) and the page's button (name, number of
 * questions, errors). The whole row is where a dragged question drops.
 */
function PageRow({ page, index, selected, errorCount, draggable, onSelect }: PageRowProps) {
  const name = page.name.trim() || copy.flows.pageName(index + 1);
  const data: DragData = { type: 'page', stepId: page.id, name };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, isOver, active } = useSortable({
    id: pageDragId(page.id),
    data,
    disabled: { draggable: !draggable, droppable: false },
  });
  const questionOver = isOver && (active?.data.current as DragData | undefined)?.type === 'question';
  const count = page.template.widgets.length;
  return (
    <Box
      ref={setNodeRef}
      className={classes.row}
      data-testid="page-row"
      data-step-id={page.id}
      data-drop-target={questionOver || undefined}
      data-dragging={isDragging || undefined}
      __vars={{ '--drag-transform': CSS.Translate.toString(transform) ?? 'none', '--drag-transition': transition ?? 'none' }}
    >
      {draggable && (
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={copy.editor.dragPage(name)}
          className={classes.handle}
          data-testid="page-drag-handle"
          {...attributes}
          {...listeners}
        >
          <IconGrip size={16} />
        </ActionIcon>
      )}
      <NavLink
        component="button"
        active={selected}
        onClick={onSelect}
        label={name}
        description={`${count} ${count === 1 ? 'question' : 'questions'}`}
        leftSection={
          <ThemeIcon size={26} variant={selected ? 'filled' : 'light'} radius="sm">
            <Text fz={12} fw={700}>
              {index + 1}
            </Text>
          </ThemeIcon>
        }
        rightSection={errorCount > 0 ? <Badge color="red" size="xs" circle>{errorCount}</Badge> : undefined}
        data-testid="page-item"
        data-step-id={page.id}
        aria-current={selected ? 'page' : undefined}
        className={classes.item}
      />
    </Box>
  );
}

export function PagesPanel() {
  const { draft, selectedStepId, select, edit, saveErrors } = useEditor();
  const pages = formPages(draft);
  const endings = endingPages(draft);
  const reorderable = pagesReorderable(draft);

  function add() {
    const result = addPage(draft);
    edit(() => result.template);
    select(result.stepId);
  }

  function addAnEnding() {
    const result = addEnding(draft);
    edit(() => result.template);
    select(result.stepId);
  }

  // Endings some page leads to (by default or by a rule); the others are never shown.
  const reached = new Set(pages.flatMap((page) => [page.nextStep.defaultNextStep, ...(page.nextStep.rules ?? []).map((rule) => rule.nextStep)]));

  const errorCount = (stepId: string) =>
    saveErrors.list.filter((error) => error.stepId === stepId).length;

  return (
    <Stack gap={4} data-testid="pages-panel">
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="xs" lts="0.06em">
        Pages
      </Text>
      <nav aria-label="Pages">
        <SortableContext items={pages.map((page) => pageDragId(page.id))} strategy={verticalListSortingStrategy}>
          <Stack gap={2}>
            {pages.map((page, index) => (
              <PageRow
                key={page.id}
                page={page}
                index={index}
                selected={page.id === selectedStepId}
                errorCount={errorCount(page.id)}
                draggable={reorderable}
                onSelect={() => select(page.id)}
              />
            ))}
          </Stack>
        </SortableContext>
      </nav>
      {pages.length > 1 && !reorderable && (
        <Text fz={11} c="dimmed" px="xs" data-testid="pages-order-fixed">
          {copy.editor.pagesNotReorderable}
        </Text>
      )}
      <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={add} justify="flex-start" data-testid="add-page-button">
        Add page
      </Button>
      <Divider my="xs" label="After submit" labelPosition="left" />
      {endings.map((ending) => (
        <NavLink
          key={ending.id}
          component="button"
          active={ending.id === selectedStepId}
          onClick={() => select(ending.id)}
          label={ending.name || 'Ending'}
          description={reached.has(ending.id) ? 'Ending page' : 'Ending page · no page leads here'}
          leftSection={
            <ThemeIcon size={26} variant={ending.id === selectedStepId ? 'filled' : 'light'} color="teal" radius="sm">
              <IconFlag size={14} />
            </ThemeIcon>
          }
          data-testid="ending-item"
          data-step-id={ending.id}
          className={classes.item}
        />
      ))}
      <Button variant="subtle" color="teal" leftSection={<IconPlus size={16} />} onClick={addAnEnding} justify="flex-start" data-testid="add-ending-button">
        Add ending
      </Button>
      <Divider my="xs" label="Hidden fields" labelPosition="left" />
      <HiddenFields />
      <Divider my="xs" label="Calculations" labelPosition="left" />
      <Calculations />
      <Divider my="xs" label="Quiz" labelPosition="left" />
      <QuizSettings />
    </Stack>
  );
}
