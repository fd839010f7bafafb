/**
 * The selected form page on the 'Edit' tab: its name, 'Delete page', its questions, which can be added,
 * edited, reordered (drag with dnd-kit — within the page or onto another page of the pages panel, `editor-dnd.tsx` —
 * the up/down buttons, or 'Move to page…') and deleted, and where it leads ('After this page': navigation rules and
 * the default next step, `logic/page-logic.tsx`).
 *
 * Its keyboard shortcuts (`model/shortcuts.ts`): add a question (opens 'Add question'), and — for the focused
 * question, the card holding the keyboard focus — duplicate it, move it up or down. The focus stays on what the user
 * was on (the copy's card after a duplicate).
 */
import { useCallback, useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
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
import { useEditor, useEditorCommand } from './editor-context';
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
  const [addMenuOpened, setAddMenuOpened] = useState(false);

  const onChange = useCallback((widget: Widget) => edit((t) => updateWidget(t, stepId, widget.id, () => widget)), [edit, stepId]);
  // A move keeps the focus where it was: React may re-insert the moved card, which drops its focus.
  const onMove = useCallback(
    (from: number, to: number) => {
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      edit((t) => moveWidget(t, stepId, from, to), { separate: true });
      requestAnimationFrame(() => {
        if (focused?.isConnected && document.activeElement !== focused) focused.focus();
      });
    },
    [edit, stepId],
  );

  /** The question whose card holds the keyboard focus, and its position; null when none of this page's does. */
  function focusedQuestion(): { widget: Widget; index: number } | null {
    const card = document.activeElement?.closest<HTMLElement>('[data-testid="question-card"]');
    const index = widgets.findIndex((widget) => widget.id === card?.dataset.widgetId);
    const widget = widgets[index];
    return widget ? { widget, index } : null;
  }

  function duplicate(widgetId: string): string | undefined {
    const result = duplicateWidget(draft, stepId, widgetId);
    edit(() => result.template, { separate: true });
    return result.widgetId;
  }

  useEditorCommand('addQuestion', () => {
    setAddMenuOpened(true);
    return true;
  });
  useEditorCommand('duplicateQuestion', () => {
    const focused = focusedQuestion();
    if (!focused) return false;
    const copyId = duplicate(focused.widget.id);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="question-card"][data-widget-id="${copyId}"]`)?.focus());
    return true;
  });
  const moveFocused = (by: number) => () => {
    const focused = focusedQuestion();
    const to = (focused?.index ?? -1) + by;
    if (!focused || to < 0 || to >= widgets.length) return focused !== null;
    onMove(focused.index, to);
    return true;
  };
  useEditorCommand('moveQuestionUp', moveFocused(-1));
  useEditorCommand('moveQuestionDown', moveFocused(1));

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
            <AddQuestionMenu onAdd={add} opened={addMenuOpened} onChange={setAddMenuOpened} />
          </Empty>
        </Card>
      ) : (
        <>
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
                  onDuplicate={() => duplicate(widget.id)}
                  onAddOption={(list) => edit((t) => addOption(t, stepId, widget.id, list))}
                  quiz={quiz}
                />
              ))}
            </Stack>
          </SortableContext>
          <Group>
            <AddQuestionMenu onAdd={add} opened={addMenuOpened} onChange={setAddMenuOpened} />
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
