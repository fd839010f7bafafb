/**
 * Moving a question to another page from its card's 'Move to page…' menu (the way that needs no dragging, WCAG
 * 2.5.7), against the real API: the question lands last on that page with its settings, the move is one undo step
 * and is saved by itself, the logic it breaks is named at once and then shown by publishing on the rule and the
 * question that read it. (Dragging with the mouse and the keyboard is checked in a browser: web/e2e/drag-and-drop.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import { fetchFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import { callEndpoint } from '../../../src/lib/api-client';
import { openEditor } from './editor-app';
import { threePages } from './forms';

/** The question ids of each page of the saved draft, in page order. */
async function savedPages(publicIdentifier: string): Promise<Record<string, string[]>> {
  const { steps } = (await callEndpoint(fetchFlow, { params: { publicIdentifier } })).flowSnapshot.template;
  return Object.fromEntries(Object.values(steps).flatMap((step) => (step.type === 'form' ? [[step.id, step.template.widgets.map((widget) => widget.id)]] : [])));
}

const cardIds = () => screen.getAllByTestId('question-card').map((card) => card.dataset.widgetId);
const pageRow = (stepId: string) => screen.getAllByTestId('page-row').find((row) => row.dataset.stepId === stepId)!;

it('moves a question to the end of another page as one undo step, saved by itself, with its settings', async () => {
  const app = await openEditor(threePages(), 'Moves');
  const company = threePages().steps.p2;
  // Company (page 2) to About you (page 1).
  await app.user.click(within(pageRow('p2')).getByTestId('page-item'));
  await waitFor(() => expect(cardIds()).toEqual(['company']));
  await app.user.click(screen.getByRole('button', { name: "Move 'Company on {{answers.plan}}' to another page" }));
  const menu = await screen.findByRole('menu', { name: "Move 'Company on {{answers.plan}}' to another page" });
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['1. About you', `2. Company${copy.editor.currentPage}`, '3. Extras']);
  expect(within(menu).getByRole('menuitem', { name: /Company/ })).toBeDisabled();
  await app.user.click(within(menu).getByRole('menuitem', { name: '1. About you' }));

  expect(await screen.findByText(copy.editor.movedToPage('Company on {{answers.plan}}', 'About you'))).toBeInTheDocument();
  expect(screen.queryByTestId('question-card')).not.toBeInTheDocument();
  expect(pageRow('p1')).toHaveTextContent('3 questions');
  expect(pageRow('p2')).toHaveTextContent('0 questions');
  // The keyboard focus is not lost: with no question left, it is on the page's name.
  expect(screen.getByTestId('page-name')).toHaveFocus();
  // Nothing it reads is asked after it: no warning.
  expect(screen.queryByText(copy.editor.moveBreaksLogicTitle)).not.toBeInTheDocument();

  await waitFor(async () => expect(await savedPages(app.publicIdentifier)).toEqual({ p1: ['email', 'plan', 'company'], p2: [], p3: ['notes'] }), { timeout: 10_000 });
  const saved = (await callEndpoint(fetchFlow, { params: { publicIdentifier: app.publicIdentifier } })).flowSnapshot.template.steps.p1;
  expect(saved?.type === 'form' && saved.template.widgets[2]).toEqual(company?.type === 'form' && company.template.widgets[0]);

  // One undo step puts it back where it was (Ctrl+Z outside a text field), and that is saved too.
  await app.user.click(within(pageRow('p1')).getByTestId('page-item'));
  await app.user.keyboard('{Control>}z{/Control}');
  await waitFor(() => expect(pageRow('p2')).toHaveTextContent('1 question'));
  await waitFor(async () => expect(await savedPages(app.publicIdentifier)).toEqual({ p1: ['email', 'plan'], p2: ['company'], p3: ['notes'] }), { timeout: 10_000 });
});

it('names the logic a move breaks, offers to undo it, and publishing shows the problems on the rule and the question', async () => {
  const app = await openEditor(threePages(), 'Moves');
  await app.user.click(screen.getByRole('button', { name: "Move 'Plan' to another page" }));
  await app.user.click(await screen.findByRole('menuitem', { name: '3. Extras' }));
  expect(cardIds()).toEqual(['email']);
  // The card that took its place (none: the one before it) has the focus.
  expect(screen.getByTestId('question-card')).toHaveFocus();

  const warning = (await screen.findByText(copy.editor.moveBreaksLogicTitle)).closest('.mantine-Notification-root') as HTMLElement;
  expect(within(warning).getByText(copy.editor.moveBreaksLogic('Plan'))).toBeInTheDocument();
  expect(within(warning).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['About you › Rule 1', 'Company › Company on {{answers.plan}}']);

  // Publishing refuses, with the problem on the rule of 'About you' and on the question of 'Company'.
  await app.user.click(screen.getByTestId('publish-button'));
  const problems = await screen.findByTestId('save-errors');
  expect(problems).toHaveTextContent(`About you › Rule 1: ${copy.conditions.laterQuestion}`);
  expect(problems).toHaveTextContent(`Company › Company on {{answers.plan}}: ${copy.flows.pipedLaterQuestion}`);
  expect(within(screen.getByTestId('page-logic')).getByText(copy.conditions.laterQuestion)).toBeInTheDocument();
  // The rule still names the question it reads.
  expect(within(screen.getByTestId('page-logic')).getByText(/Plan equals Pro/)).toBeInTheDocument();

  // 'Undo' in the warning takes the move back, even after the draft was saved.
  await waitFor(async () => expect((await savedPages(app.publicIdentifier)).p3).toEqual(['notes', 'plan']), { timeout: 10_000 });
  await app.user.click(within(warning).getByRole('button', { name: copy.editor.undoMove }));
  await waitFor(() => expect(cardIds()).toEqual(['email', 'plan']));
  await waitFor(async () => expect((await savedPages(app.publicIdentifier)).p1).toEqual(['email', 'plan']), { timeout: 10_000 });
});
