/**
 * The Results table (src/features/results) shows a form's calculations and a quiz's score, against the real API:
 * a column per calculation (its number, at most 2 decimals) and 'Score' ('score / maxScore'), marked under their
 * names as hidden fields are; the CSV export holds the same texts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { renderApp, signUpUser } from '../../render-app';

/** One page: a scored question (a: 2 points, b: 0) and a quantity; a hidden field `ref`; the price is 10 / 3 × quantity. */
function quizTemplate(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: {
        id: 'p1',
        name: 'Page 1',
        type: 'form',
        template: {
          widgets: [
            { id: 'q1', name: 'Capital', type: 'MultipleChoice', template: { label: 'Capital of France?', required: true, options: [{ id: 'a', label: 'Paris', points: 2 }, { id: 'b', label: 'Lyon', points: 0 }] } },
            { id: 'n1', name: 'Quantity', type: 'NumberInput', template: { label: 'How many?', required: false } },
          ],
        },
        nextStep: { defaultNextStep: 'end' },
      },
      end: { id: 'end', name: 'End', type: 'ending', template: { title: 'Thanks', body: '' }, nextStep: null },
    },
    urlParams: [{ id: 'h1', name: 'ref' }],
    calculations: [
      { id: 'price', name: 'Price', initialValue: 10, updates: [{ operation: 'divide', value: 3 }, { operation: 'multiply', value: { var: 'answers.n1' } }] },
    ],
  } as unknown as FlowTemplate;
}

it('shows a column per calculation and the quiz score, marked like hidden fields, as the export writes them', async () => {
  await signUpUser();
  const workspace = (await callEndpoint(getMe, {})).workspaces[0]!;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Geography quiz', type: 'quiz', workspaceId: workspace.id, flowTemplate: quizTemplate() } });
  const id = flow.publicIdentifier;
  await callEndpoint(publishFlow, { params: { publicIdentifier: id } });
  for (const [answers, ref] of [[{ q1: 'b' }, 'ads'], [{ q1: 'a', n1: 2 }, 'mail']] as const) {
    await callEndpoint(submitAnswers, { params: { publicIdentifier: id }, body: { answers, urlParameters: { ref }, challengeToken: `${PASSING_TOKEN_PREFIX}quiz` } });
  }

  renderApp(paths.editor.getHref(id, 'results'));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(2));
  const table = screen.getByTestId('results-table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual(['Submitted', 'Capital', 'Quantity', 'refHidden field', 'PriceCalculation', `${copy.quiz.score}Quiz`]);
  const cells = screen.getAllByTestId('results-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(1)
      .map((cell) => cell.textContent),
  );
  // Newest first; an unanswered quantity leaves the price at 10 / 3.
  expect(cells).toEqual([
    ['Paris', '2', 'mail', '6.67', '2 / 2'],
    ['Lyon', '—', 'ads', '3.33', '0 / 2'],
  ]);

  const file = await fetch(`/admin/flows/${id}/submissions/export?format=csv`);
  expect(file.status).toBe(200);
  const lines = (await file.text()).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(`Submission ID,Submitted at,Capital,Quantity,ref,Price,${copy.quiz.score}`);
  expect(lines.slice(1).map((line) => line.split(',').slice(2))).toEqual([
    ['Paris', '2', 'mail', '6.67', '2 / 2'],
    ['Lyon', '', 'ads', '3.33', '0 / 2'],
  ]);
});
