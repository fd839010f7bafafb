/**
 * The Results tab's 'Export' menu (src/features/results), against the real API: disabled while the form has no
 * responses; then 'Download CSV' and 'Download Excel' are links to the export that the browser downloads, and
 * the CSV such a link gives holds what the table shows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { renderApp, signUpUser } from '../../render-app';

it('offers the responses as CSV and Excel once there are some, and the CSV holds what the table shows', async () => {
  await signUpUser();
  const workspace = (await callEndpoint(getMe, {})).workspaces[0]!;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Team lunch', type: 'form', workspaceId: workspace.id, flowTemplate: exampleFormTemplate() } });
  const id = flow.publicIdentifier;
  await callEndpoint(publishFlow, { params: { publicIdentifier: id } });

  const { user } = renderApp(paths.editor.getHref(id, 'results'));
  await screen.findByTestId('results-empty');
  const exportButton = screen.getByRole('button', { name: 'Export' });
  expect(exportButton).toBeDisabled();

  for (const [name, email, plan] of [['Ada', 'ada@example.com', 'o1'], ['Grace', 'grace@example.com', 'o2']] as const) {
    await callEndpoint(submitAnswers, {
      params: { publicIdentifier: id },
      body: { answers: { w1: name, w2: email, w3: plan }, challengeToken: `${PASSING_TOKEN_PREFIX}export` },
    });
  }
  await user.click(screen.getByRole('button', { name: 'Refresh results' }));
  await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(2));
  expect(exportButton).toBeEnabled();

  await user.click(exportButton);
  const csv = await screen.findByRole('menuitem', { name: 'Download CSV' });
  const excel = screen.getByRole('menuitem', { name: 'Download Excel' });
  expect(csv).toHaveAttribute('href', `/admin/flows/${id}/submissions/export?format=csv`);
  expect(excel).toHaveAttribute('href', `/admin/flows/${id}/submissions/export?format=xlsx`);
  expect(csv).toHaveAttribute('download');
  expect(excel).toHaveAttribute('download');

  // What the browser gets from the link (with the session cookie): the table's answers, in its order.
  const file = await fetch(csv.getAttribute('href')!);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="team-lunch-responses-\d{4}-\d\d-\d\d\.csv"$/);
  const lines = (await file.text()).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Submission ID,Submitted at,Name,Email,Plan');
  const tableAnswers = screen.getAllByTestId('results-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(1)
      .map((cell) => cell.textContent),
  );
  expect(lines.slice(1).map((line) => line.split(',').slice(2))).toEqual(tableAnswers);
  expect(tableAnswers).toEqual([
    ['Grace', 'grace@example.com', 'Pro'],
    ['Ada', 'ada@example.com', 'Free'],
  ]);
});
