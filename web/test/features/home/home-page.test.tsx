/**
 * The home dashboard inside the app shell (src/features/home, src/routes/home*.ts, src/routes/app-layout.tsx):
 * the forms of a workspace, creating a new form, the workspace menu and 'Workspace not found' — against the
 * real API, with data made through it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { currentUrl, renderApp, signUpUser } from '../../render-app';

/** Signs a user up and gives their first workspace. */
async function userWithWorkspace(firstName = 'Ada') {
  await signUpUser({ firstName });
  const me = await callEndpoint(getMe, {});
  const workspace = me.workspaces[0];
  if (!workspace) throw new Error('sign-up made no workspace');
  return workspace;
}

/** Creates a blank form named `name` in `workspaceId` through the API; its public identifier. */
async function makeForm(workspaceId: number, name: string, flowTemplate: FlowTemplate = blankFlowTemplate()): Promise<string> {
  const { flow } = await callEndpoint(createFlow, {
    body: { name, type: 'form', workspaceId, dedupeFormName: true, flowTemplate },
  });
  return flow.publicIdentifier;
}

it("lists the workspace's forms, newest first, with their status and number of responses", async () => {
  const workspace = await userWithWorkspace();
  const survey = await makeForm(workspace.id, 'Customer survey', exampleFormTemplate({ withPlan: false }));
  await makeForm(workspace.id, 'Event RSVP');
  await callEndpoint(publishFlow, { params: { publicIdentifier: survey } });
  await callEndpoint(submitAnswers, {
    params: { publicIdentifier: survey },
    body: { answers: { w1: 'Ada', w2: 'ada@example.com' }, challengeToken: `${PASSING_TOKEN_PREFIX}home` },
  });

  renderApp(paths.workspace.getHref(workspace.slug));
  const list = await screen.findByRole('list', { name: 'Forms' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows.map((row) => within(row).getByTestId('flow-name').textContent)).toEqual(['Event RSVP', 'Customer survey']);

  const [rsvpRow, surveyRow] = rows as [HTMLElement, HTMLElement];
  expect(within(surveyRow).getByText('Live')).toBeInTheDocument();
  expect(within(surveyRow).getByRole('link', { name: `1 response to Customer survey, ${copy.home.unreadCount(1)}` })).toHaveAttribute(
    'href',
    paths.editor.getHref(survey, 'results'),
  );
  expect(within(surveyRow).getByRole('link', { name: 'Open Customer survey' })).toHaveAttribute('href', paths.publicForm.getHref(survey));
  expect(within(rsvpRow).getByText('Draft')).toBeInTheDocument();
  expect(within(rsvpRow).getByRole('link', { name: '0 responses to Event RSVP' })).toBeInTheDocument();
  expect(within(rsvpRow).queryByRole('link', { name: 'Open Event RSVP' })).not.toBeInTheDocument();
});

it("creates a blank form from the dashboard through the new-flow dialog's 'Blank form' and opens it in the editor", async () => {
  const workspace = await userWithWorkspace();
  const { router, user } = renderApp(paths.home.getHref());
  expect(await screen.findByText('No forms yet')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Create form' }));
  await user.click(await screen.findByTestId('new-flow-card-blank'));
  await user.click(await screen.findByTestId('theme-option-plain'));
  await user.click(screen.getByTestId('theme-confirm'));
  await user.click(await screen.findByTestId('new-flow-create'));

  expect(await screen.findByTestId('flow-title')).toHaveTextContent(copy.defaultNames.myForm);
  const match = /^\/editor\/([^/]+)\/edit$/.exec(router.state.location.pathname);
  expect(match).not.toBeNull();

  // Back home, the new form is in the workspace's list.
  await act(() => router.navigate(paths.workspace.getHref(workspace.slug)));
  const list = await screen.findByRole('list', { name: 'Forms' });
  expect(within(list).getByRole('link', { name: copy.defaultNames.myForm })).toHaveAttribute(
    'href',
    paths.editor.getHref(match![1]!, 'edit'),
  );
});

it("shows 'Workspace not found' with a way home for a workspace the user does not have", async () => {
  await userWithWorkspace('Grace');
  const { router, user } = renderApp(paths.workspace.getHref('999999-someone-elses'));
  expect(await screen.findByText(copy.flows.workspaceNotFound)).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: copy.flows.goHome }));
  expect(await screen.findByRole('heading', { name: copy.auth.defaultWorkspaceName })).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/home');
});

it('creates a workspace from the header menu, opens it, and switches back through the menu', async () => {
  const first = await userWithWorkspace('Katherine');
  const { router, user } = renderApp(paths.home.getHref());
  await screen.findByRole('heading', { name: 'Welcome, Katherine' });

  await user.click(screen.getByRole('button', { name: /Switch workspace/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'New workspace' }));
  await user.type(await screen.findByLabelText('Workspace name'), 'Marketing');
  await user.click(screen.getByRole('button', { name: 'Create workspace' }));

  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/home\/\d+-marketing$/));
  expect(await screen.findByRole('heading', { name: 'Marketing' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Switch workspace/ })).toHaveTextContent('Marketing');

  await user.click(screen.getByRole('button', { name: /Switch workspace/ }));
  const items = await screen.findAllByRole('menuitem');
  expect(items.map((item) => item.textContent)).toEqual([
    copy.home.tabs.home,
    copy.home.tabs.starred,
    copy.home.tabs.recents,
    copy.home.makeZite,
    'Marketing',
    first.name,
    'New workspace',
    copy.home.trash,
  ]);
  await user.click(screen.getByRole('menuitem', { name: first.name }));
  expect(await screen.findByRole('heading', { name: first.name })).toBeInTheDocument();
  expect(currentUrl(router)).toBe(paths.workspace.getHref(first.slug));
});
