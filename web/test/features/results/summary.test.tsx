/**
 * The Results' summary view (src/features/results/components/results-summary.tsx) against the real product: a card
 * per question with its counts and shares in text, the Net Promoter Score of a 0–10 scale, the latest texts; the
 * toolbar's filters apply to it; the view lives in the URL (reload and Back keep it) and 'See all responses' opens
 * the table.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { EXAMPLE_SURVEY, exampleSurveyTemplate } from '@formloom/contracts/example-forms';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { currentUrl, renderApp, signUpUser } from '../../render-app';

const Q = EXAMPLE_SURVEY.questions;
const texts = copy.results;

/** A published survey (`exampleSurveyTemplate`) with `answers` submitted in order; its public identifier. */
async function surveyWith(answers: Array<Record<string, unknown>>): Promise<string> {
  await signUpUser();
  const workspace = (await callEndpoint(getMe, {})).workspaces[0]!;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Customer survey', type: 'form', workspaceId: workspace.id, flowTemplate: exampleSurveyTemplate() } });
  const id = flow.publicIdentifier;
  await callEndpoint(publishFlow, { params: { publicIdentifier: id } });
  for (const answer of answers) {
    await callEndpoint(submitAnswers, { params: { publicIdentifier: id }, body: { answers: answer, challengeToken: `${PASSING_TOKEN_PREFIX}summary` } });
  }
  return id;
}

/** The card of question `id`. */
function card(id: string): HTMLElement {
  const found = screen.getAllByTestId('summary-card').find((element) => element.dataset.questionId === id);
  if (!found) throw new Error(`no card for ${id}`);
  return found;
}

/** The text of `element` that assistive technology reads: without what is `aria-hidden`. */
function spokenText(element: Element): string {
  const clone = element.cloneNode(true) as Element;
  for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return clone.textContent ?? '';
}

/** What a screen reader reads for each bar of `element`. */
function barTexts(element: HTMLElement): string[] {
  return within(element).getAllByTestId('summary-bar').map(spokenText);
}

const ANSWERS = [
  { [Q.name]: 'Ada', [Q.plan]: 'pro', [Q.recommend]: 10, [Q.comments]: 'Love it' },
  { [Q.name]: 'Grace', [Q.plan]: 'pro', [Q.recommend]: 9 },
  { [Q.name]: 'Alan', [Q.plan]: 'free', [Q.recommend]: 3, [Q.comments]: 'Too slow' },
];

it('shows a card per question with counts and shares in text, and the Net Promoter Score', async () => {
  const id = await surveyWith(ANSWERS);
  renderApp(`${paths.editor.getHref(id, 'results')}?view=summary`);

  expect(await screen.findByTestId('results-summary')).toBeInTheDocument();
  expect(screen.getAllByTestId('summary-card')).toHaveLength(12);
  expect(screen.getByTestId('results-total')).toHaveTextContent('3 responses');

  const plan = card(Q.plan);
  expect(within(plan).getByRole('heading', { level: 3, name: 'Plan' })).toBeInTheDocument();
  expect(within(plan).getByTestId('summary-answered')).toHaveTextContent(texts.answeredOf(3, 3));
  expect(barTexts(plan)).toEqual([texts.barText('Free', 1, 33), texts.barText('Pro', 2, 67), texts.barText('Team', 0, 0)]);

  const recommend = card(Q.recommend);
  // Two promoters, one detractor of three: +33.
  expect(within(recommend).getByTestId('summary-nps')).toHaveTextContent(`${texts.netPromoterScore}+33`);
  expect(barTexts(within(recommend).getByTestId('summary-nps'))).toEqual([
    texts.barText(texts.promoters, 2, 67),
    texts.barText(texts.passives, 0, 0),
    texts.barText(texts.detractors, 1, 33),
  ]);
  expect(within(recommend).getByText(texts.average).nextElementSibling).toHaveTextContent('7.33');

  const comments = card(Q.comments);
  expect(within(comments).getByRole('list', { name: texts.latestAnswers })).toHaveTextContent(/Too slow.*Love it/);
  expect(within(card(Q.email)).getByText(texts.noAnswers)).toBeInTheDocument();
});

it('follows the toolbar’s filters', async () => {
  const id = await surveyWith(ANSWERS);
  const { user } = renderApp(`${paths.editor.getHref(id, 'results')}?view=summary`);
  await screen.findByTestId('results-summary');
  // The summary has no order: no sort.
  expect(screen.queryByTestId('results-sort')).not.toBeInTheDocument();

  await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'pro');
  await waitFor(() => expect(screen.getByTestId('results-total')).toHaveTextContent('2 responses'), { timeout: 3000 });
  expect(barTexts(card(Q.plan))).toEqual([texts.barText('Free', 0, 0), texts.barText('Pro', 2, 100), texts.barText('Team', 0, 0)]);

  await user.clear(screen.getByRole('searchbox', { name: texts.searchLabel }));
  await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'nobody wrote this');
  expect(await screen.findByText(texts.noMatches, undefined, { timeout: 3000 })).toBeInTheDocument();
});

it('keeps the view in the URL: switching, Back and See all responses', async () => {
  const id = await surveyWith(ANSWERS);
  const { user, router } = renderApp(paths.editor.getHref(id, 'results'));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(3));

  await user.click(screen.getByRole('radio', { name: texts.viewSummary }));
  expect(await screen.findByTestId('results-summary')).toBeInTheDocument();
  expect(currentUrl(router)).toBe(`${paths.editor.getHref(id, 'results')}?view=summary`);
  expect(screen.queryByTestId('results-table')).not.toBeInTheDocument();

  await act(() => router.navigate(-1));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(3));
  expect(screen.getByRole('radio', { name: texts.viewResponses })).toBeChecked();

  await act(() => router.navigate(1));
  expect(await screen.findByTestId('results-summary')).toBeInTheDocument();
  await user.click(within(card(Q.comments)).getByRole('button', { name: texts.seeAllResponses }));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(3));
  expect(currentUrl(router)).toBe(paths.editor.getHref(id, 'results'));
});

it('says so when nothing was submitted yet', async () => {
  const id = await surveyWith([]);
  renderApp(`${paths.editor.getHref(id, 'results')}?view=summary`);
  expect(await screen.findByTestId('results-empty')).toBeInTheDocument();
  expect(screen.getByTestId('results-total')).toHaveTextContent('0 responses');
});
