/**
 * The editor saves the draft by itself (src/features/editor/components/editor-shell.tsx): a moment after the last
 * edit, with the header saying so — against the real API.
 */
import { screen, waitFor } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, fetchFlow } from '@formloom/contracts/api/flows/flows';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser } from '../../render-app';

/** The labels of the saved draft's first page. */
async function savedLabels(publicIdentifier: string): Promise<string[]> {
  const { flowSnapshot } = await callEndpoint(fetchFlow, { params: { publicIdentifier } });
  const page = flowSnapshot.template.steps[flowSnapshot.template.firstStep];
  return page?.type === 'form' ? page.template.widgets.map((widget) => widget.template.label) : [];
}

it('saves edits without a Save button, and says when they are saved', async () => {
  await signUpUser({ firstName: 'Ada' });
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Autosaved', type: 'form', workspaceId, flowTemplate: blankFlowTemplate() } });
  const { user } = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));

  await user.click((await screen.findAllByRole('button', { name: 'Add question' }))[0]!);
  await user.click(await screen.findByRole('menuitem', { name: 'Short answer' }));
  const label = await screen.findByLabelText('Question label');
  await user.clear(label);
  await user.type(label, 'Your name');
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

  await waitFor(async () => expect(await savedLabels(flow.publicIdentifier)).toEqual(['Your name']), { timeout: 10_000 });
  expect(await screen.findByTestId('saved-indicator')).toHaveTextContent('All changes saved');
});

it('undoes and redoes template edits from the header', async () => {
  await signUpUser({ firstName: 'Ada' });
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Undoable', type: 'form', workspaceId, flowTemplate: blankFlowTemplate() } });
  const { user } = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));

  expect(await screen.findByRole('button', { name: 'Undo' })).toBeDisabled();
  await user.click((await screen.findAllByRole('button', { name: 'Add question' }))[0]!);
  await user.click(await screen.findByRole('menuitem', { name: 'Short answer' }));
  expect(await screen.findAllByLabelText('Question label')).toHaveLength(1);

  await user.click(screen.getByRole('button', { name: 'Undo' }));
  await waitFor(() => expect(screen.queryAllByLabelText('Question label')).toHaveLength(0));
  await user.click(screen.getByRole('button', { name: 'Redo' }));
  expect(await screen.findAllByLabelText('Question label')).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
});

it('publishes when asked while an autosave is under way, and the form stays Live', async () => {
  await signUpUser({ firstName: 'Ada' });
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Raced', type: 'form', workspaceId, flowTemplate: blankFlowTemplate() } });
  const { user } = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));

  await user.click((await screen.findAllByRole('button', { name: 'Add question' }))[0]!);
  await user.click(await screen.findByRole('menuitem', { name: 'Short answer' }));
  const label = await screen.findByLabelText('Question label');
  await user.clear(label);
  await user.type(label, 'Your name');
  // Publish is not held back by the save in flight: it runs after it, in order.
  await screen.findByTestId('saving-indicator');
  await user.click(screen.getByTestId('publish-button'));

  await waitFor(() => expect(screen.getByTestId('flow-status')).toHaveTextContent('Live'), { timeout: 10_000 });
  await waitFor(() => expect(screen.getByTestId('saved-indicator')).toHaveTextContent('All changes saved'), { timeout: 10_000 });
  expect(screen.getByTestId('flow-status')).toHaveTextContent('Live');
  const { flow: saved } = await callEndpoint(fetchFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  expect(saved).toMatchObject({ isPublished: true, hasUnpublishedChanges: false });
});
