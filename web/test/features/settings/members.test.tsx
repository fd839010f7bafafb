/**
 * Members and invitations on the settings page (src/features/settings members section and invite dialog,
 * src/routes/invitation.tsx, the home page's invite button): an admin invites an address from a link that prefills
 * it, the invited person receives the mail, accepts on the invitation page and lands on their dashboard with exactly
 * the access granted; the admin changes a member's access and takes it away; a pending invitation is resent and
 * revoked, after which its link is refused — against the real API, with the mail read from the test mailbox.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { logIn, getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createWorkspace } from '@formloom/contracts/api/workspaces-auth/admin';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { messagesTo, type MailboxMessage } from '../../mailbox';
import { currentUrl, renderApp, signInOrganizationMember, signUpUser, uniqueEmail } from '../../render-app';

/** The invitation link in `message` (its text part; quoted-printable soft line breaks undone), as an app path. */
function invitationPathOf(message: MailboxMessage): string {
  const text = message.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<]+\/invitation\?token=[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error('no invitation link in the message');
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** The messages `address` has received, once there are `count`. */
async function inbox(address: string, count = 1): Promise<MailboxMessage[]> {
  let messages: MailboxMessage[] = [];
  await waitFor(() => {
    messages = messagesTo(address);
    expect(messages.length).toBeGreaterThanOrEqual(count);
  }, { timeout: 20_000 });
  return messages;
}

it('invites an address from a prefilled link; the invited person accepts and sees exactly the access granted', async () => {
  const admin = await signUpUser({ firstName: 'Ada', lastName: 'Lovelace' });
  await callEndpoint(createWorkspace, { body: { name: 'Marketing' } });
  const invited = uniqueEmail('grace');

  // The home page's button opens the dialog; so does a link with the address.
  const home = renderApp(paths.home.getHref());
  await home.user.click(await screen.findByRole('link', { name: copy.home.inviteMembers }));
  await waitFor(() => expect(currentUrl(home.router)).toBe(paths.settings.getHref({})));
  expect(await screen.findByRole('dialog', { name: copy.home.inviteMembers })).toBeInTheDocument();
  home.unmount();

  const { user, router, unmount } = renderApp(paths.settings.getHref({ email: invited }));
  const dialog = await screen.findByRole('dialog', { name: copy.home.inviteMembers });
  expect(within(dialog).getByRole('textbox', { name: copy.members.emailLabel })).toHaveValue(invited);
  // The first workspace by name is chosen; choose 'My workspace' instead, with 'Can view'.
  const workspaces = within(dialog).getByRole('combobox', { name: copy.members.workspacesLabel });
  await user.click(workspaces);
  await user.keyboard('{Backspace}');
  await user.click(await screen.findByRole('option', { name: 'My workspace' }));
  await user.click(within(dialog).getByRole('combobox', { name: copy.members.accessLabel }));
  await user.click(await screen.findByRole('option', { name: copy.members.accessLabels.read }));
  await user.click(within(dialog).getByRole('button', { name: copy.members.send }));

  expect(await screen.findByText(copy.members.sent(invited))).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: copy.home.inviteMembers })).not.toBeInTheDocument());
  // The dialog's parameters leave the URL; the invitation is pending.
  expect(currentUrl(router)).toBe(paths.settings.getHref());
  const pending = await screen.findByRole('region', { name: copy.members.pendingTitle });
  expect(within(pending).getByText(invited)).toBeInTheDocument();
  expect(within(pending).getByText(`My workspace (${copy.members.accessLabels.read})`)).toBeInTheDocument();
  unmount();

  // The invited person's mail, and the page its link opens.
  const [mail] = await inbox(invited);
  expect(mail!.data).toContain('Ada Lovelace invited you');
  const invitation = renderApp(invitationPathOf(mail!));
  expect(await screen.findByRole('heading', { name: copy.members.acceptTitle(copy.auth.organizationName('Ada')) })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(invited);
  await invitation.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
  await invitation.user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
  await invitation.user.type(screen.getByLabelText(/^Password/), 'compiler bugs are moths');
  await invitation.user.click(screen.getByRole('button', { name: copy.members.acceptButton }));
  await waitFor(() => expect(currentUrl(invitation.router)).toBe(paths.home.getHref()));
  expect(await screen.findByTestId('welcome')).toHaveTextContent(copy.home.welcome('Grace'));
  const me = await callEndpoint(getMe, {});
  expect(me.user).toMatchObject({ email: invited, isAdmin: false, emailVerified: true });
  expect(me.organizations[0]!.name).toBe(copy.auth.organizationName('Ada'));
  expect(me.workspaces.map(({ name, accessLevel }) => ({ name, accessLevel }))).toEqual([{ name: 'My workspace', accessLevel: 'read' }]);
  // A member is not offered the invite button.
  expect(screen.queryByRole('link', { name: copy.home.inviteMembers })).not.toBeInTheDocument();
  invitation.unmount();

  // The link works once.
  renderApp(invitationPathOf(mail!));
  expect(await screen.findByTestId('invitation-invalid')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: copy.members.invitationInvalid })).toBeInTheDocument();
  expect(admin.email).not.toBe(invited);
});

it("changes a member's access per workspace and takes it away; resends and revokes an invitation", async () => {
  const admin = await signUpUser({ firstName: 'Ada', lastName: 'Lovelace' });
  const me = await callEndpoint(getMe, {});
  const organization = me.organizations[0]!;
  const workspace = me.workspaces[0]!;
  const member = await signInOrganizationMember(organization.id, {
    firstName: 'Ken',
    lastName: 'Thompson',
    workspaces: [{ workspaceId: workspace.id, accessLevel: 'write' }],
  });
  await callEndpoint(logIn, { body: { email: admin.email, password: 'analytical-engine' } });

  const { user } = renderApp(paths.settings.getHref());
  const list = await screen.findByRole('list', { name: copy.members.listLabel });
  const rows = within(list).getAllByTestId('member-row');
  expect(rows.map((row) => within(row).getByText(/Lovelace|Thompson/).textContent)).toEqual(['Ada Lovelace', 'Ken Thompson']);
  expect(within(rows[0]!).getByText(copy.members.youBadge)).toBeInTheDocument();
  expect(within(rows[0]!).getByText(copy.members.adminBadge)).toBeInTheDocument();

  const select = within(rows[1]!).getByRole('combobox', { name: copy.members.accessSelectLabel('Ken Thompson', workspace.name) });
  expect(select).toHaveValue(copy.members.accessLabels.write);
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: copy.members.accessLabels.limited }));
  expect(await screen.findByText(copy.members.accessChanged)).toBeInTheDocument();
  await waitFor(() => expect(select).toHaveValue(copy.members.accessLabels.limited));
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: copy.members.accessLabels.none }));
  await waitFor(() => expect(select).toHaveValue(copy.members.accessLabels.none));

  // As the member: the workspace is gone from their list.
  await callEndpoint(logIn, { body: { email: member.email, password: 'difference-engine' } });
  expect((await callEndpoint(getMe, {})).workspaces).toEqual([]);
  await callEndpoint(logIn, { body: { email: admin.email, password: 'analytical-engine' } });

  // Invite, resend (a second mail with a new link), revoke (the link is refused).
  const invited = uniqueEmail('dennis');
  await user.click(screen.getByRole('button', { name: copy.home.inviteMembers }));
  const dialog = await screen.findByRole('dialog', { name: copy.home.inviteMembers });
  await user.type(within(dialog).getByRole('textbox', { name: copy.members.emailLabel }), invited);
  await user.click(within(dialog).getByRole('button', { name: copy.members.send }));
  const pending = await screen.findByRole('region', { name: copy.members.pendingTitle });
  const row = await within(pending).findByTestId('invitation-row');
  // The dialog's access starts at 'Can edit' (spec 000 §6: "the invite button uses 'write'").
  expect(within(row).getByText(`${workspace.name} (${copy.members.accessLabels.write})`)).toBeInTheDocument();
  const [first] = await inbox(invited);
  await user.click(within(row).getByRole('button', { name: copy.members.resend }));
  const messages = await inbox(invited, 2);
  expect(invitationPathOf(messages[1]!)).not.toBe(invitationPathOf(first!));
  await act(async () => {
    await user.click(within(row).getByRole('button', { name: copy.members.revokeLabel(invited) }));
  });
  await waitFor(() => expect(screen.queryByRole('region', { name: copy.members.pendingTitle })).not.toBeInTheDocument());
  renderApp(invitationPathOf(messages[1]!));
  expect(await screen.findByTestId('invitation-invalid')).toBeInTheDocument();
});

it('tells a member who is not an admin that only admins manage members', async () => {
  await signUpUser();
  const me = await callEndpoint(getMe, {});
  await signInOrganizationMember(me.organizations[0]!.id, { workspaces: [{ workspaceId: me.workspaces[0]!.id, accessLevel: 'write' }] });
  renderApp(paths.settings.getHref({ email: 'someone@example.com' }));
  expect(await screen.findByTestId('members-admin-only')).toHaveTextContent(copy.members.adminOnly);
  expect(screen.queryByRole('dialog', { name: copy.home.inviteMembers })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: copy.home.inviteMembers })).not.toBeInTheDocument();
});
