/**
 * A form's lifecycle from the screens (src/features/flow-actions, composed by src/routes/home.tsx and
 * src/routes/editor/editor-layout.tsx), against the real API: rename, duplicate, trash, restore and delete forever
 * from a home card;
 * rename in the editor's title; publish checks shown on the question; close a live form.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, fetchFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser } from '../../render-app';

/** Signs a user up; their first workspace. */
async function userWithWorkspace() {
  await signUpUser({ firstName: 'Ada' });
  const workspace = (await callEndpoint(getMe, {})).workspaces[0];
  if (!workspace) throw new Error('sign-up made no workspace');
  return workspace;
}

/** A form named `name`; its public identifier. */
async function makeForm(workspaceId: number, name: string, flowTemplate: FlowTemplate = blankFlowTemplate()): Promise<string> {
  const { flow } = await callEndpoint(createFlow, { body: { name, type: 'form', workspaceId, flowTemplate } });
  return flow.publicIdentifier;
}

const rowNames = async () =>
  within(await screen.findByRole('list', { name: 'Forms' }))
    .getAllByTestId('flow-name')
    .map((name) => name.textContent);

it('renames, duplicates, trashes, restores and deletes forever a form from its card', async () => {
  const workspace = await userWithWorkspace();
  const id = await makeForm(workspace.id, 'Customer survey');
  const { user } = renderApp(paths.workspace.getHref(workspace.slug));

  await user.click(await screen.findByRole('button', { name: 'More actions for Customer survey' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
  const field = await screen.findByLabelText('Form name');
  await user.clear(field);
  expect(await screen.findByText(copy.flows.nameRequired)).toBeInTheDocument();
  await user.type(field, 'Customer feedback');
  await user.click(screen.getByRole('button', { name: 'Rename' }));
  await waitFor(async () => expect(await rowNames()).toEqual(['Customer feedback']));

  await user.click(screen.getByRole('button', { name: 'More actions for Customer feedback' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
  await waitFor(async () => expect((await rowNames()).sort()).toEqual(['Customer feedback', 'Customer feedback (copy)']));

  // Move to trash: gone from the workspace, listed in the Trash, its link no longer answers.
  await user.click(screen.getByRole('button', { name: 'More actions for Customer feedback' }));
  await user.click(await screen.findByRole('menuitem', { name: copy.home.moveToTrash }));
  await waitFor(async () => expect(await rowNames()).toEqual(['Customer feedback (copy)']));
  expect(await screen.findByText(copy.home.trashed('Customer feedback'))).toBeInTheDocument();

  await user.click(screen.getByTestId('sidebar-trash'));
  const trash = await screen.findByRole('list', { name: copy.home.trash });
  expect(within(trash).getAllByTestId('flow-name').map((name) => name.textContent)).toEqual(['Customer feedback']);
  // Restore: back in its workspace.
  await user.click(within(trash).getByRole('button', { name: 'More actions for Customer feedback' }));
  await user.click(await screen.findByRole('menuitem', { name: copy.home.restore }));
  expect(await screen.findByText(copy.home.trashEmpty)).toBeInTheDocument();
  expect((await callEndpoint(fetchFlow, { params: { publicIdentifier: id } })).flow.trashedAt).toBeNull();

  // Trash again, then delete forever (asks first).
  await user.click(screen.getByTestId(`sidebar-workspace-${workspace.id}`));
  await waitFor(async () => expect((await rowNames()).sort()).toEqual(['Customer feedback', 'Customer feedback (copy)']));
  await user.click(screen.getByRole('button', { name: 'More actions for Customer feedback' }));
  await user.click(await screen.findByRole('menuitem', { name: copy.home.moveToTrash }));
  await waitFor(async () => expect(await rowNames()).toEqual(['Customer feedback (copy)']));
  await user.click(screen.getByTestId('sidebar-trash'));
  await user.click(await screen.findByRole('button', { name: 'More actions for Customer feedback' }));
  await user.click(await screen.findByRole('menuitem', { name: copy.home.deleteForever }));
  const dialog = await screen.findByRole('dialog', { name: copy.home.deleteForeverTitle });
  expect(within(dialog).getByText(copy.home.deleteForeverBody('Customer feedback'))).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: copy.home.deleteForever }));
  expect(await screen.findByText(copy.home.trashEmpty)).toBeInTheDocument();
  await expect(callEndpoint(fetchFlow, { params: { publicIdentifier: id } })).rejects.toMatchObject({ status: 404 });
});

it('renames the form in place from the editor’s title; Escape cancels', async () => {
  const workspace = await userWithWorkspace();
  const id = await makeForm(workspace.id, 'Untitled');
  const { user } = renderApp(paths.editor.getHref(id, 'edit'));

  await user.click(await screen.findByRole('button', { name: 'Form name: Untitled. Rename' }));
  await user.keyboard('{Escape}');
  expect(await screen.findByRole('button', { name: 'Form name: Untitled. Rename' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Form name: Untitled. Rename' }));
  const field = screen.getByRole('textbox', { name: 'Form name' });
  await user.clear(field);
  await user.type(field, 'Event RSVP{Enter}');
  expect(await screen.findByRole('button', { name: 'Form name: Event RSVP. Rename' })).toBeInTheDocument();
  await waitFor(async () => expect((await callEndpoint(fetchFlow, { params: { publicIdentifier: id } })).flow.name).toBe('Event RSVP'));
});

it('refuses to publish a form without questions and says why', async () => {
  const workspace = await userWithWorkspace();
  const id = await makeForm(workspace.id, 'Empty');
  const { user } = renderApp(paths.editor.getHref(id, 'edit'));
  await user.click(await screen.findByRole('button', { name: 'Publish' }));
  expect(await screen.findByText(copy.flows.publishNeedsQuestion)).toBeInTheDocument();
  expect((await callEndpoint(fetchFlow, { params: { publicIdentifier: id } })).flow.publishedAt).toBeNull();
});

it('shows a blank question label as the reason a publish is refused, on the question', async () => {
  const workspace = await userWithWorkspace();
  const template = exampleFormTemplate({ withPlan: false });
  const page = template.steps.s1;
  if (page?.type === 'form') page.template.widgets[0]!.template.label = '';
  const id = await makeForm(workspace.id, 'Half done', template);
  const { user } = renderApp(paths.editor.getHref(id, 'edit'));
  await user.click(await screen.findByRole('button', { name: 'Publish' }));
  expect(await screen.findAllByText(copy.flows.publishEmptyLabel)).not.toHaveLength(0);
  expect(await screen.findByText(copy.flows.publishNotReady)).toBeInTheDocument();
});

it('closes a live form from the editor’s menu: the status says Closed', async () => {
  const workspace = await userWithWorkspace();
  const id = await makeForm(workspace.id, 'Signups', exampleFormTemplate({ withPlan: false }));
  await callEndpoint(publishFlow, { params: { publicIdentifier: id } });
  const { user } = renderApp(paths.editor.getHref(id, 'edit'));
  expect(await screen.findByTestId('flow-status')).toHaveTextContent('Live');

  await user.click(screen.getByRole('button', { name: 'More actions for Signups' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Close form' }));
  await waitFor(() => expect(screen.getByTestId('flow-status')).toHaveTextContent('Closed'));
  expect((await callEndpoint(fetchFlow, { params: { publicIdentifier: id } })).flow.closedAt).not.toBeNull();
});
