/**
 * The Results tab's toolbar and response drawer (src/features/results), against the real product: the search
 * narrows the table, the count and the export to what people read (a choice's label); 'No responses match these
 * filters' clears; the status shows respondents' progress; a row opens its response in a drawer — by click or
 * Enter — which deletes it after a confirmation, and the table and the count follow.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { results as texts } from '@formloom/contracts/copy/results';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { renderApp, signUpUser } from '../../render-app';

/** A published example form (Name, Email, Plan: Free `o1` / Pro `o2`) with `answers` submitted in order; its id. */
async function formWith(answers: Array<Record<string, unknown>>): Promise<string> {
  await signUpUser();
  const workspace = (await callEndpoint(getMe, {})).workspaces[0]!;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Team lunch', type: 'form', workspaceId: workspace.id, flowTemplate: exampleFormTemplate() } });
  const id = flow.publicIdentifier;
  await callEndpoint(publishFlow, { params: { publicIdentifier: id } });
  for (const answer of answers) {
    await callEndpoint(submitAnswers, { params: { publicIdentifier: id }, body: { answers: answer, challengeToken: `${PASSING_TOKEN_PREFIX}results` } });
  }
  return id;
}

/** The names (first answer column) of the table's rows. */
function rowNames(): string[] {
  return screen.getAllByTestId('results-row').map((row) => within(row).getAllByRole('cell')[1]!.textContent ?? '');
}

it('narrows the table, the count and the export to the responses whose answers read like the search', async () => {
  const id = await formWith([
    { w1: 'Ada', w2: 'ada@example.com', w3: 'o1' },
    { w1: 'Grace', w2: 'grace@example.com', w3: 'o2' },
  ]);
  const { user } = renderApp(paths.editor.getHref(id, 'results'));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(2));

  // A choice is found by its label ('Pro'), not by its stored id ('o2').
  await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'pro');
  await waitFor(() => expect(rowNames()).toEqual(['Grace']), { timeout: 3000 });
  await waitFor(() => expect(screen.getByTestId('results-total')).toHaveTextContent('1 response'));
  await user.click(screen.getByRole('button', { name: 'Export' }));
  expect(await screen.findByRole('menuitem', { name: 'Download CSV' })).toHaveAttribute('href', `/admin/flows/${id}/submissions/export?format=csv&search=pro`);
  await user.keyboard('{Escape}');

  await user.clear(screen.getByRole('searchbox', { name: texts.searchLabel }));
  await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'o2');
  expect(await screen.findByText(texts.noMatches, undefined, { timeout: 3000 })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: texts.clearFilters }));
  await waitFor(() => expect(rowNames()).toEqual(['Grace', 'Ada']));
  expect(screen.getByRole('searchbox', { name: texts.searchLabel })).toHaveValue('');

  // Oldest first, then the respondents' progress under 'In progress'.
  await user.selectOptions(screen.getByRole('combobox', { name: texts.sortLabel }), texts.sortOldest);
  await waitFor(() => expect(rowNames()).toEqual(['Ada', 'Grace']));
  await callEndpoint(saveProgress, { params: { publicIdentifier: id }, body: { answers: { w1: 'Zed', w2: 'zed@example.com' }, stepId: 'end' } });
  await user.click(screen.getByRole('radio', { name: texts.statusInProgress }));
  await waitFor(() => expect(rowNames()).toEqual(['Zed']));
  expect(screen.getByRole('columnheader', { name: texts.startedAt })).toBeInTheDocument();
});

it('opens a response in a drawer by click or Enter, and deletes it after confirming', async () => {
  const id = await formWith([
    { w1: 'Ada', w2: 'ada@example.com', w3: 'o1' },
    { w1: 'Grace', w2: 'grace@example.com', w3: 'o2' },
  ]);
  const { user } = renderApp(paths.editor.getHref(id, 'results'));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(2));
  const [grace, ada] = screen.getAllByTestId('results-row');

  // Enter on a focused row opens it.
  grace!.focus();
  await user.keyboard('{Enter}');
  let drawer = await screen.findByRole('dialog', { name: texts.drawerTitle });
  expect(within(drawer).getByText('Grace')).toBeInTheDocument();
  expect(within(drawer).getByText('Pro')).toBeInTheDocument();
  await user.click(within(drawer).getByRole('button', { name: texts.closeDrawer }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.drawerTitle })).not.toBeInTheDocument());

  await user.click(within(ada!).getByText('Ada'));
  drawer = await screen.findByRole('dialog', { name: texts.drawerTitle });
  const answers = within(drawer).getByTestId('response-answers');
  expect(within(answers).getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Email', 'Plan']);
  expect(within(answers).getAllByRole('definition').map((value) => value.textContent)).toEqual(['Ada', 'ada@example.com', 'Free']);
  expect(within(drawer).getByText(texts.submittedAt)).toBeInTheDocument();
  expect(within(drawer).queryByTestId('response-edited')).not.toBeInTheDocument();

  await user.click(within(drawer).getByRole('button', { name: texts.deleteResponse }));
  const confirm = await screen.findByRole('dialog', { name: texts.deleteResponse });
  expect(within(confirm).getByText(texts.deleteConfirm)).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: texts.confirmDelete }));

  await waitFor(() => expect(rowNames()).toEqual(['Grace']));
  await waitFor(() => expect(screen.getByTestId('results-total')).toHaveTextContent('1 response'));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.drawerTitle })).not.toBeInTheDocument());
  expect(await screen.findByText(texts.deleted)).toBeInTheDocument();
});
