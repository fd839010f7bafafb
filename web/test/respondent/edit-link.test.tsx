/**
 * Editing a response through its edit link on the public form (src/respondent/edit-link.ts) against the real API:
 * the form opens with the response's answers and a notice, the edit is saved over the same response, and a link
 * that is not valid says so instead of showing an empty form.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { listSubmissions, submitAnswers } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { PublicFormPage } from '../../src/respondent/public-form';
import { callEndpoint } from '../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../challenge-provider';
import { signUpUser } from '../render-app';

/** A published example form (name `w1`, email `w2`) and a response to it; the form's id and the response's edit link. */
async function respondedForm(): Promise<{ publicIdentifier: string; editLink: URL }> {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Sign-up', type: 'form', workspaceId, flowTemplate: exampleFormTemplate({ withPlan: false }) } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  const { submission } = await callEndpoint(submitAnswers, {
    params: { publicIdentifier: flow.publicIdentifier },
    body: { answers: { w1: 'Ada', w2: 'ada@example.com' }, challengeToken: `${PASSING_TOKEN_PREFIX}edit-link` },
  });
  return { publicIdentifier: flow.publicIdentifier, editLink: new URL(submission.editLink!) };
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

it('opens the response with its answers, and saves the edit over it', async () => {
  const { publicIdentifier, editLink } = await respondedForm();
  window.history.replaceState(null, '', `${editLink.pathname}${editLink.search}`);
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  expect(await screen.findByTestId('edit-notice')).toHaveTextContent(copy.publicForm.editingResponse);
  const name = screen.getByLabelText(/Your name/);
  expect(name).toHaveValue('Ada');
  await user.clear(name);
  await user.type(name, 'Ada Lovelace');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByTestId('form-ending')).toBeInTheDocument();
  expect(screen.getByTestId('edit-notice')).toHaveTextContent(copy.publicForm.responseUpdated);
  const { responses, totalResponses } = await callEndpoint(listSubmissions, { params: { publicIdentifier }, query: {} });
  expect(totalResponses).toBe(1);
  expect(responses[0]!.questions.find((question) => question.id === 'w1')?.value).toBe('Ada Lovelace');
});

it('says a link that is not valid is not valid', async () => {
  const { publicIdentifier, editLink } = await respondedForm();
  const token = editLink.searchParams.get('token')!;
  editLink.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
  window.history.replaceState(null, '', `${editLink.pathname}${editLink.search}`);
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);
  expect(await screen.findByRole('alert')).toHaveTextContent(copy.publicForm.editLinkInvalid);
  expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
});
