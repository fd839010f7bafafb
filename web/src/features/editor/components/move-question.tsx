/**
 * Moving a question to another page, however it is asked for — the question card's 'Move to page…' menu (the
 * alternative to dragging, WCAG 2.5.7), a drop on a page of the pages panel, or the keyboard drag
 * (`editor-dnd.tsx`): one undo step (`record`'s `separate`), autosaved like any edit. A toast says where it went.
 * The keyboard focus goes to the question that took its place (or the one before, or the page's name when none is
 * left), never to nothing.
 *
 * When a move — of a question, or of a page in the page order — leaves a condition, a page rule or a piped text
 * reading a question before it is asked (`problemsIntroduced`: the problems publishing will show on those questions
 * and rules), a toast names them and offers to undo the move ({@link useLogicWarning}).
 */
import { ActionIcon, Anchor, List, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { widgetEditorCopy } from '@formloom/contracts/widgets/registry';
import { IconArrowRight } from '../../../ui/icons';
import { problemsIntroduced } from '../model/save-errors';
import { formPages, moveWidgetToPage, pageOfWidget } from '../model/template-ops';
import { useEditor } from './editor-context';

/** How many places the logic toast names (publishing lists them all). */
const LISTED_PROBLEMS = 3;

/** A question's name in texts: its label, or its type's name while it has none. */
export function questionName(widget: Widget): string {
  return widget.template.label.trim() || widgetEditorCopy(widget.type).name;
}

/** A page's name in texts: its name, or 'Page N' (N: its position among the form pages). */
export function pageName(template: FlowTemplate, stepId: string): string {
  const pages = formPages(template);
  const index = pages.findIndex((page) => page.id === stepId);
  return pages[index]?.name.trim() || copy.flows.pageName(index + 1);
}

/** The question cards of the page on screen, in order. */
function cardsOnScreen(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-testid="page-editor"] [data-testid="question-card"]')];
}

/**
 * After the card at `index` left the page on screen: focuses the card now at `index`, else the one before it, else
 * the page's name field (on the next frame, once the page shows the move).
 */
function focusAfterRemoval(index: number): void {
  requestAnimationFrame(() => {
    const cards = cardsOnScreen();
    const target = cards[index] ?? cards[index - 1] ?? document.querySelector<HTMLElement>('[data-testid="page-name"]');
    target?.focus();
  });
}

/**
 * Warns about the logic a move broke (see the module doc): `before` and `after` are the drafts around the move,
 * already made; `moved` names what moved. Nothing when it broke nothing.
 */
export function useLogicWarning(): (before: FlowTemplate, after: FlowTemplate, moved: string) => void {
  const { undoIfCurrent } = useEditor();
  return (before, after, moved) => {
    const broken = problemsIntroduced(before, after);
    if (broken.length === 0) return;
    const id = `move-${Date.now()}`;
    notifications.show({
      id,
      color: 'yellow',
      autoClose: 12_000,
      title: copy.editor.moveBreaksLogicTitle,
      'data-testid': 'move-logic-warning',
      message: (
        <Stack gap={4}>
          <Text fz="sm">{copy.editor.moveBreaksLogic(moved)}</Text>
          <List size="sm" spacing={0}>
            {[...new Set(broken.map((problem) => problem.where))].slice(0, LISTED_PROBLEMS).map((where) => (
              <List.Item key={where}>{where}</List.Item>
            ))}
          </List>
          <Anchor
            component="button"
            type="button"
            fz="sm"
            fw={600}
            onClick={() => {
              undoIfCurrent(after);
              notifications.hide(id);
            }}
            data-testid="undo-move"
          >
            {copy.editor.undoMove}
          </Anchor>
        </Stack>
      ),
    });
  };
}

/**
 * The editor's move of question `widgetId` to the end of page `toStepId` (see the module doc); nothing when the
 * question or page does not exist.
 */
export function useMoveQuestionToPage(): (widgetId: string, toStepId: string) => void {
  const { draft, edit } = useEditor();
  const warn = useLogicWarning();
  return (widgetId, toStepId) => {
    const from = pageOfWidget(draft, widgetId);
    const widget = from?.template.widgets.find((item) => item.id === widgetId);
    const after = moveWidgetToPage(draft, widgetId, toStepId);
    if (!from || !widget || after === draft) return;
    const index = cardsOnScreen().findIndex((card) => card.dataset.widgetId === widgetId);
    edit(() => after, { separate: true });
    if (index >= 0 && from.id !== toStepId) focusAfterRemoval(index);

    const name = questionName(widget);
    notifications.show({ color: 'green', message: copy.editor.movedToPage(name, pageName(after, toStepId)), 'data-testid': 'moved-toast' });
    warn(draft, after, name);
  };
}

/**
 * The question card's 'Move to page…' menu: every form page in order, the question's own page marked and not
 * offered. Hidden when the form has one page.
 */
export function MoveToPageMenu({ widget, stepId }: { widget: Widget; stepId: string }) {
  const { draft } = useEditor();
  const move = useMoveQuestionToPage();
  const pages = formPages(draft);
  if (pages.length < 2) return null;
  const label = copy.editor.moveToPageLabel(questionName(widget));
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Tooltip label={copy.editor.moveToPage}>
          <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid="move-to-page">
            <IconArrowRight />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown aria-label={label} data-testid="move-to-page-menu">
        <Menu.Label>{copy.editor.moveToPage}</Menu.Label>
        {pages.map((page, index) => (
          <Menu.Item
            key={page.id}
            disabled={page.id === stepId}
            onClick={() => move(widget.id, page.id)}
            rightSection={page.id === stepId ? <Text fz="xs" c="dimmed">{copy.editor.currentPage}</Text> : undefined}
            data-testid="move-to-page-item"
            data-step-id={page.id}
          >
            {index + 1}. {page.name.trim() || copy.flows.pageName(index + 1)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
