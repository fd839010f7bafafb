/**
 * The selected form page on the 'Edit' tab: its name, 'Delete page', its questions, which can be added,
 * edited, reordered (drag with dnd-kit, or the up/down buttons) and deleted, and where it leads ('After this
 * page': navigation rules and the default next step, `logic/page-logic.tsx`).
 */
import { useCallback } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FormStep, Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetType } from '@formloom/contracts/widgets/registry';
import { quizOf } from '@formloom/contracts/rules/quiz';
import { IconForm, IconTrash } from '../../../ui/icons';
import { Empty } from '../../../ui/states';
import {
  addOption,
  addWidget,
  deletePage,
  duplicateWidget,
  formPages,
  moveWidget,
  removeWidget,
  renamePage,
  updateWidget,
} from '../model/template-ops';
import { AddQuestionMenu } from './add-question-menu';
import { useEditor } from './editor-context';
import { PageLogic } from './logic/page-logic';
import { QuestionCard } from './question-card';
import classes from './page-editor.module.css';

export function PageEditor({ page }: { page: FormStep }) {
  const { draft, edit, select, saveErrors } = useEditor();
  const pages = formPages(draft);
  const pageIndex = pages.findIndex((item) => item.id === page.id);
  const widgets = page.template.widgets;
  const stepId = page.id;
  // In a quiz, the choices of choice questions show their points (`rules/quiz.ts`).
  const quiz = quizOf(draft) !== null;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onChange = useCallback((widget: Widget) => edit((t) => updateWidget(t, stepId, widget.id, () => widget)), [edit, stepId]);
  const onMove = useCallback((from: number, to: number) => edit((t) => moveWidget(t, stepId, from, to)), [edit, stepId]);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = widgets.findIndex((widget) => widget.id === active.id);
    const to = widgets.findIndex((widget) => widget.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  function add(type: WidgetType) {
    const result = addWidget(draft, stepId, type);
    edit(() => result.template);
    // Focus the new question's label once it is rendered.
    requestAnimationFrame(() => {
      const input = document.querySelector<HTMLInputElement>(`[data-widget-id="${result.widgetId}"] [data-testid="question-label"]`);
      input?.focus();
      input?.select();
    });
  }

  function removePage() {
    const previous = pages[pageIndex - 1] ?? pages[pageIndex + 1];
    edit((t) => deletePage(t, stepId));
    if (previous) select(previous.id);
  }

  const pageErrors = saveErrors.byStep[stepId] ?? [];

  return (
    <Stack gap="md" data-testid="page-editor" data-step-id={stepId}>
      <Card p="md">
        <Group align="flex-end" wrap="nowrap" gap="sm">
          <TextInput
            label={`Page ${pageIndex + 1} of ${pages.length}`}
            aria-label="Page name"
            value={page.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              edit((t) => renamePage(t, stepId, name));
            }}
            flex={1}
            data-testid="page-name"
            error={pageErrors.length > 0 ? pageErrors.join(' · ') : undefined}
          />
          <Tooltip label={pages.length <= 1 ? 'A form needs at least one page' : 'Delete this page and its questions'}>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={removePage}
              disabled={pages.length <= 1}
              data-testid="delete-page-button"
            >
              Delete page
            </Button>
          </Tooltip>
        </Group>
      </Card>

      {widgets.length === 0 ? (
        <Card p="lg" className={classes.emptyPage}>
          <Empty icon={<IconForm size={26} />} title="This page has no questions yet" description="Add a question to start collecting answers.">
            <AddQuestionMenu onAdd={add} />
          </Empty>
        </Card>
      ) : (
        <>
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={widgets.map((widget) => widget.id)} strategy={verticalListSortingStrategy}>
              <Stack gap="sm" data-testid="question-list">
                {widgets.map((widget, index) => (
                  <QuestionCard
                    key={widget.id}
                    stepId={stepId}
                    widget={widget}
                    index={index}
                    count={widgets.length}
                    errors={saveErrors.byWidget[widget.id]}
                    onChange={onChange}
                    onMove={onMove}
                    onDelete={() => edit((t) => removeWidget(t, stepId, widget.id))}
                    onDuplicate={() => edit((t) => duplicateWidget(t, stepId, widget.id).template)}
                    onAddOption={(list) => edit((t) => addOption(t, stepId, widget.id, list))}
                    quiz={quiz}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
          <Group>
            <AddQuestionMenu onAdd={add} />
            <Text fz="xs" c="dimmed">
              {widgets.length} {widgets.length === 1 ? 'question' : 'questions'} on this page
            </Text>
          </Group>
        </>
      )}
      <PageLogic page={page} />
    </Stack>
  );
}
