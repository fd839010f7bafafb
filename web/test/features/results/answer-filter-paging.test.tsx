/**
 * The Results' answer filter and pages (src/features/results), against the real product: 'Filter' opens the form's
 * condition editor over the current questions, the table, the count and the export keep only the matching
 * responses, the filter is said in words and removed in one click; a form with more responses than a page moves
 * between pages with 'Next' and 'Previous' and says which responses it shows of how many.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { results as texts } from '@formloom/contracts/copy/results';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { SUBMISSIONS_PAGE_DEFAULT } from '@formloom/contracts/limits';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { renderApp, signUpUser, type RenderedApp } from '../../render-app';

/** A published example form (Name, Email, Plan: Free `o1` / Pro `o2`) with `answers` submitted in order; its id. */
async function formWith(answers: Array<Record<string, unknown>>): Promise<string> {
  await signUpUser();
  const workspace = (await callEndpoint(getMe, {})).workspaces[0]!;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Team lunch', type: 'form', workspaceId: workspace.id, flowTemplate: exampleFormTemplate() } });
  const id = flow.publicIdentifier;
  await callEndpoint(publishFlow, { params: { publicIdentifier: id } });
  for (const answer of answers) {
    await callEndpoint(submitAnswers, { params: { publicIdentifier: id }, body: { answers: answer, challengeToken: `${PASSING_TOKEN_PREFIX}filter` } });
  }
  return id;
}

/** The names (first answer column) of the table's rows. */
function rowNames(): string[] {
  return screen.getAllByTestId('results-row').map((row) => within(row).getAllByRole('cell')[1]!.textContent ?? '');
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(app: RenderedApp, label: string, option: string) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

it('keeps only the responses whose answers match the filter, says it in words, and removes it', async () => {
  const id = await formWith([
    { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' },
    { w1: 'Grace', w2: 'grace@example.com', w3: 'o1' },
    { w1: 'Alan', w2: 'alan@example.com', w3: 'o2' },
  ]);
  const app = renderApp(paths.editor.getHref(id, 'results'));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(3));
  await waitFor(() => expect(screen.getByTestId('results-total')).toHaveTextContent('3 responses'));

  await app.user.click(screen.getByTestId('results-filter'));
  const dialog = await screen.findByRole('dialog', { name: texts.filterButton });
  expect(within(dialog).getByText(texts.filterHint)).toBeInTheDocument();
  await choose(app, `${texts.filterButton}, condition 1: question`, 'Plan');
  await choose(app, `${texts.filterButton}, condition 1: value`, 'Pro');
  await app.user.click(within(dialog).getByRole('button', { name: texts.applyFilter }));

  await waitFor(() => expect(rowNames()).toEqual(['Alan', 'Ada']));
  await waitFor(() => expect(screen.getByTestId('results-total')).toHaveTextContent('2 responses'));
  expect(screen.getByTestId('results-filter-summary')).toHaveTextContent(`${texts.filterShowing} Plan equals Pro`);
  expect(screen.getByTestId('results-filter')).toHaveTextContent(texts.filterButtonActive(1));
  await app.user.click(screen.getByRole('button', { name: 'Export' }));
  const csv = await screen.findByRole('menuitem', { name: 'Download CSV' });
  expect(new URL(csv.getAttribute('href')!, 'http://x').searchParams.get('filter')).toBe(JSON.stringify({ and: [{ equals: [{ var: 'answers.w3' }, 'o2'] }] }));
  await app.user.keyboard('{Escape}');

  await app.user.click(within(screen.getByTestId('results-filter-summary')).getByRole('button', { name: texts.removeFilter }));
  await waitFor(() => expect(rowNames()).toEqual(['Alan', 'Grace', 'Ada']));
  expect(screen.queryByTestId('results-filter-summary')).not.toBeInTheDocument();
});

it('moves between pages with Next and Previous, saying which responses it shows of how many', async () => {
  const total = SUBMISSIONS_PAGE_DEFAULT + 2;
  const id = await formWith(Array.from({ length: total }, (_, i) => ({ w1: `n${String(i).padStart(2, '0')}`, w2: `n${i}@example.com` })));
  const app = renderApp(paths.editor.getHref(id, 'results'));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(SUBMISSIONS_PAGE_DEFAULT));
  const pager = screen.getByTestId('results-pager');
  await waitFor(() => expect(pager).toHaveTextContent(texts.pageRange(1, SUBMISSIONS_PAGE_DEFAULT, total)));
  expect(within(pager).getByRole('button', { name: texts.previousPage })).toBeDisabled();
  expect(rowNames()[0]).toBe(`n${total - 1}`);

  await app.user.click(within(pager).getByRole('button', { name: texts.nextPage }));
  await waitFor(() => expect(rowNames()).toEqual(['n01', 'n00']));
  expect(screen.getByTestId('results-pager')).toHaveTextContent(texts.pageRange(SUBMISSIONS_PAGE_DEFAULT + 1, total, total));
  expect(within(screen.getByTestId('results-pager')).getByRole('button', { name: texts.nextPage })).toBeDisabled();

  await app.user.click(within(screen.getByTestId('results-pager')).getByRole('button', { name: texts.previousPage }));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(SUBMISSIONS_PAGE_DEFAULT));
  expect(rowNames()[0]).toBe(`n${total - 1}`);
});
