/**
 * Several organizations (spec 000 §1 "users can switch organization when permitted", §2 'Switch organization';
 * src/routes/invitation.tsx, features/auth organization switcher and leave section), against the real API: a person
 * with an account is invited to another organization, joins it with that account from the mailed link, switches back
 * to their own from the user menu, and cannot leave the organization where they are the only admin.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getMe, logIn } from '@formloom/contracts/api/workspaces-auth/auth';
import { createWorkspace } from '@formloom/contracts/api/workspaces-auth/admin';
import { createInvitation } from '@formloom/contracts/api/workspaces-auth/members';
import * as copy from '@formloom/contracts/copy';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { messagesTo } from '../../mailbox';
import { currentUrl, renderApp, signUpUser, uniqueEmail } from '../../render-app';

/** The app path of the invitation link mailed to `address`, once it arrives. */
async function invitationPath(address: string): Promise<string> {
  let path = '';
  await waitFor(
    () => {
      const text = (messagesTo(address).at(-1)?.data ?? '').replace(/=\r\n/g, '').replace(/=3D/g, '=');
      const match = /https?:\/\/[^\s"<]+\/invitation\?token=[A-Za-z0-9_-]+/.exec(text);
      expect(match).not.toBeNull();
      const url = new URL(match![0]);
      path = `${url.pathname}${url.search}`;
    },
    { timeout: 20_000 },
  );
  return path;
}

it('joins another organization with an existing account, switches back from the user menu, and keeps its only admin', async () => {
  const graceEmail = uniqueEmail('grace');
  await signUpUser({ firstName: 'Grace', lastName: 'Hopper', email: graceEmail, password: 'compiler bugs are moths' });
  await signUpUser({ firstName: 'Ada', lastName: 'Lovelace' });
  const { workspace: launch } = await callEndpoint(createWorkspace, { body: { name: 'Launch' } });
  await callEndpoint(createInvitation, { body: { email: graceEmail, isAdmin: false, workspaces: [{ workspaceId: launch.id, accessLevel: 'read' }] } });
  const link = await invitationPath(graceEmail);
  await callEndpoint(logIn, { body: { email: graceEmail, password: 'compiler bugs are moths' } });

  const invitation = renderApp(link);
  const join = await screen.findByRole('button', { name: copy.members.joinButton(copy.auth.organizationName('Ada')) });
  await invitation.user.click(join);
  await waitFor(() => expect(currentUrl(invitation.router)).toBe(paths.home.getHref()));
  expect(await screen.findByText(copy.members.joined(copy.auth.organizationName('Ada')))).toBeInTheDocument();
  const inAda = await callEndpoint(getMe, {});
  expect(inAda.organizations[0]!.name).toBe(copy.auth.organizationName('Ada'));
  expect(inAda.workspaces.map(({ name, accessLevel }: Workspace) => ({ name, accessLevel }))).toEqual([{ name: 'Launch', accessLevel: 'read' }]);
  invitation.unmount();

  // The user menu names the organization, links to the operator's help center and offers the switch.
  const { user, router } = renderApp(paths.home.getHref());
  await user.click(await screen.findByTestId('user-menu'));
  expect(await screen.findByTestId('current-organization')).toHaveTextContent(copy.auth.organizationName('Ada'));
  expect(screen.getByRole('menuitem', { name: copy.home.helpCenter })).toHaveAttribute('href', 'https://help.formloom.test/');
  await user.click(screen.getByRole('menuitem', { name: copy.organizations.switchOrganization }));
  const switcher = await screen.findByRole('dialog', { name: copy.organizations.switchOrganization });
  const list = await within(switcher).findByRole('list', { name: copy.organizations.switcherTitle });
  const options = within(list).getAllByRole('button');
  expect(options.map((option) => option.textContent)).toEqual([
    `${copy.auth.organizationName('Ada')}${copy.organizations.current}`,
    `${copy.auth.organizationName('Grace')}${copy.organizations.adminBadge}`,
  ]);
  await user.click(options[1]!);
  expect(await screen.findByText(copy.organizations.switched(copy.auth.organizationName('Grace')))).toBeInTheDocument();
  await waitFor(() => expect(currentUrl(router)).toBe(paths.home.getHref()));
  await waitFor(async () => expect((await callEndpoint(getMe, {})).organizations[0]!.name).toBe(copy.auth.organizationName('Grace')));
  expect(await screen.findByTestId('workspace-name')).toHaveTextContent(copy.auth.defaultWorkspaceName);

  // Her own organization has no other admin: leaving it is refused, with the reason.
  await router.navigate(paths.settings.getHref({}));
  const leave = await screen.findByTestId('leave-organization');
  await user.click(within(leave).getByRole('button', { name: copy.organizations.leave }));
  const confirm = await screen.findByRole('dialog', { name: copy.organizations.leaveConfirmTitle(copy.auth.organizationName('Grace')) });
  await user.click(within(confirm).getByRole('button', { name: copy.organizations.leaveConfirm }));
  expect(await within(confirm).findByRole('alert')).toHaveTextContent(copy.organizations.lastAdmin);
});
