/**
 * The editor's keyboard shortcuts, against the real API: the 'Keyboard shortcuts' dialog (from the ⋯ menu, `?` and
 * Ctrl+/) lists each action with its keys; the keys duplicate and move the focused question, open 'Add question',
 * undo and publish — and keys that edit text are left to the text field the user types in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { fetchFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import { callEndpoint } from '../../../src/lib/api-client';
import { openEditor } from './editor-app';
import { threePages } from './forms';

const cards = () => screen.getAllByTestId('question-card');
const labels = () => screen.getAllByLabelText('Question label').map((input) => (input as HTMLInputElement).value);

it('lists every shortcut with its keys, from the ⋯ menu, `?` and Ctrl+/, but not while `?` is typed', async () => {
  const app = await openEditor(threePages(), 'Keys');
  await app.user.click(screen.getByRole('button', { name: 'More actions for Keys' }));
  await app.user.click(await screen.findByRole('menuitem', { name: copy.editor.shortcutsTitle }));
  const dialog = await screen.findByRole('dialog', { name: copy.editor.shortcutsTitle });
  const rows = within(dialog).getAllByTestId('shortcut-row').map((row) => row.textContent);
  expect(rows).toEqual(
    expect.arrayContaining([
      `${copy.editor.shortcuts.undo}Ctrl + Z`,
      `${copy.editor.shortcuts.redo}Ctrl + Shift + Z or Ctrl + Y`,
      `${copy.editor.shortcuts.publish}Ctrl + Enter`,
      `${copy.editor.shortcuts.addQuestion}Ctrl + Shift + Enter`,
      `${copy.editor.shortcuts.duplicateQuestion}Ctrl + D`,
      `${copy.editor.shortcuts.moveQuestionUp}Alt + ↑`,
      `${copy.editor.shortcuts.moveQuestionDown}Alt + ↓`,
      `${copy.editor.shortcuts.showShortcuts}? or Ctrl + /`,
    ]),
  );
  expect(within(dialog).getByRole('table', { name: copy.editor.shortcutSections.dragging })).toBeInTheDocument();
  await app.user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  // `?` typed into a label is a question mark.
  const label = screen.getAllByLabelText('Question label')[0]!;
  await app.user.click(label);
  await app.user.keyboard('?');
  expect(label).toHaveValue('Your email?');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // Ctrl+/ works there; `?` outside a text field too.
  await app.user.keyboard('{Control>}/{/Control}');
  expect(await screen.findByRole('dialog', { name: copy.editor.shortcutsTitle })).toBeInTheDocument();
  await app.user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await app.user.click(screen.getAllByTestId('page-item')[0]!);
  await app.user.keyboard('?');
  expect(await screen.findByRole('dialog', { name: copy.editor.shortcutsTitle })).toBeInTheDocument();
});

it('duplicates and moves the focused question, opens Add question, undoes and publishes from the keyboard', async () => {
  const app = await openEditor(threePages(), 'Keys');
  // A click on the card's background makes it the focused question.
  await app.user.click(cards()[0]!);
  expect(cards()[0]).toHaveFocus();

  await app.user.keyboard('{Control>}d{/Control}');
  await waitFor(() => expect(labels()).toEqual(['Your email', 'Your email', 'Plan']));
  // The copy has the focus, and moves down past Plan.
  expect(cards()[1]).toHaveFocus();
  const copyId = cards()[1]!.dataset.widgetId;
  await app.user.keyboard('{Alt>}{ArrowDown}{/Alt}');
  await waitFor(() => expect(cards().map((card) => card.dataset.widgetId)).toEqual(['email', 'plan', copyId]));
  await waitFor(() => expect(cards()[2]).toHaveFocus());
  await app.user.keyboard('{Alt>}{ArrowUp}{/Alt}');
  await waitFor(() => expect(cards().map((card) => card.dataset.widgetId)).toEqual(['email', copyId, 'plan']));

  // In a text field, Alt+↓ and Ctrl+Z are the field's: nothing moves, nothing is undone.
  const planLabel = screen.getAllByLabelText('Question label')[2]!;
  await app.user.click(planLabel);
  await app.user.keyboard('{Alt>}{ArrowDown}{/Alt}{Alt>}{ArrowUp}{/Alt}{Control>}z{/Control}');
  expect(cards().map((card) => card.dataset.widgetId)).toEqual(['email', copyId, 'plan']);
  // Outside it, Ctrl+Z undoes the last move, then the duplicate.
  await app.user.click(cards()[0]!);
  await app.user.keyboard('{Control>}z{/Control}');
  await waitFor(() => expect(cards().map((card) => card.dataset.widgetId)).toEqual(['email', 'plan', copyId]));
  await app.user.keyboard('{Control>}z{/Control}{Control>}z{/Control}');
  await waitFor(() => expect(labels()).toEqual(['Your email', 'Plan']));

  // Ctrl+Shift+Enter opens 'Add question' with the focus in it.
  await app.user.keyboard('{Control>}{Shift>}{Enter}{/Shift}{/Control}');
  const shortAnswer = await screen.findByRole('menuitem', { name: 'Short answer' });
  await waitFor(() => expect(screen.getByTestId('question-type-menu')).toContainElement(document.activeElement as HTMLElement));
  await app.user.click(shortAnswer);
  await waitFor(() => expect(labels()).toHaveLength(3));

  // Ctrl+Enter publishes, from the label being typed in.
  await app.user.type(screen.getAllByLabelText('Question label')[2]!, 'Your name');
  await app.user.keyboard('{Control>}{Enter}{/Control}');
  await waitFor(() => expect(screen.getByTestId('flow-status')).toHaveTextContent('Live'), { timeout: 10_000 });
  const { flow } = await callEndpoint(fetchFlow, { params: { publicIdentifier: app.publicIdentifier } });
  expect(flow.isPublished).toBe(true);
});
