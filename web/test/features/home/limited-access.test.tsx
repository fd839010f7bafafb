/**
 * Access levels on the home page (spec 000 §6; contracts `rules/access.ts`), against the real API: a `limited` member
 * sees the 'Limited access' badge, none of the workspace's other forms, and creates forms of their own, which they
 * then edit; a `read` member sees every form and cannot create.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signInOrganizationMember, signUpUser } from '../../render-app';

/** An organization whose admin made the form 'Salaries 2026', and a member at `accessLevel` signed in: the workspace. */
async function memberAt(accessLevel: AccessLevel) {
  await signUpUser({ firstName: 'Ada' });
  const me = await callEndpoint(getMe, {});
  const workspace = me.workspaces[0]!;
  await callEndpoint(createFlow, { body: { name: 'Salaries 2026', type: 'form', workspaceId: workspace.id } });
  await signInOrganizationMember(me.organizations[0]!.id, { firstName: 'Grace', workspaces: [{ workspaceId: workspace.id, accessLevel }] });
  return workspace;
}

it("shows a limited member none of the workspace's other forms, and lets them create and edit their own", async () => {
  const workspace = await memberAt('limited');
  const { user, unmount } = renderApp(paths.workspace.getHref(workspace.slug));
  const section = await screen.findByTestId('workspace-section');
  expect(within(section).getByText(copy.roles.limitedAccessBadge)).toBeInTheDocument();
  expect(await screen.findByTestId('flows-empty')).toBeInTheDocument();
  expect(screen.queryByText('Salaries 2026')).not.toBeInTheDocument();

  const create = screen.getByRole('button', { name: 'Create form' });
  expect(create).toBeEnabled();
  await user.click(create);
  const dialog = await screen.findByTestId('new-flow-dialog');
  await user.click(within(dialog).getByTestId('new-flow-card-blank'));
  await user.click(await screen.findByTestId('theme-option-navyPop'));
  await waitFor(() => expect(screen.getByTestId('theme-option-navyPop')).toHaveAttribute('aria-pressed', 'true'));
  await user.click(screen.getByRole('button', { name: copy.themes.continue }));
  const name = await screen.findByLabelText(copy.newFlow.nameLabel);
  expect(screen.queryByTestId('new-flow-limited')).not.toBeInTheDocument();
  await user.clear(name);
  await user.type(name, 'Team lunch{Enter}');

  // Their own form is theirs to edit: the title is editable, publishing is offered.
  expect(await screen.findByTestId('flow-title')).toHaveTextContent('Team lunch');
  await waitFor(() => expect(screen.getByTestId('publish-button')).toBeEnabled());
  unmount();

  renderApp(paths.workspace.getHref(workspace.slug));
  const list = await screen.findByRole('list', { name: 'Forms' });
  await waitFor(() => expect(within(list).getAllByTestId('flow-name').map((node) => node.textContent)).toEqual(['Team lunch']));
});

it('shows a read-only member every form, with creation refused', async () => {
  const workspace = await memberAt('read');
  renderApp(paths.workspace.getHref(workspace.slug));
  const list = await screen.findByRole('list', { name: 'Forms' });
  expect(within(list).getAllByTestId('flow-name').map((node) => node.textContent)).toEqual(['Salaries 2026']);
  expect(screen.getByRole('button', { name: 'Create form' })).toBeDisabled();
  expect(within(screen.getByTestId('workspace-section')).getByText(copy.roles.limitedAccessBadge)).toBeInTheDocument();
});
