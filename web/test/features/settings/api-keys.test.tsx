/**
 * The settings page's API keys (src/features/settings, src/routes/settings*.ts, the user menu's entry): an admin
 * makes a key, sees it once and copies it, the key answers on the public REST API, the list shows it and the admin
 * revokes it; a key of one workspace names it; a member who is not an admin may not manage keys — against the
 * real API, with data made through it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { createApiKey } from '@formloom/contracts/api/workspaces-auth/api-keys';
import { createWorkspace } from '@formloom/contracts/api/workspaces-auth/admin';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { MAX_API_KEYS_PER_ORGANIZATION } from '@formloom/contracts/limits';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { apiKeyKeys } from '../../../src/lib/query-keys';
import { currentUrl, renderApp, signInOrganizationMember, signUpUser } from '../../render-app';

const apiUrl = process.env.FORMLOOM_WEB_TEST_API_URL!;

/** Signs an admin up (a new organization) and gives their organization and first workspace. */
async function adminWithWorkspace(firstName = 'Ada') {
  await signUpUser({ firstName });
  const me = await callEndpoint(getMe, {});
  const organization = me.organizations[0];
  const workspace = me.workspaces[0];
  if (!organization || !workspace) throw new Error('sign-up made no organization or workspace');
  return { organization, workspace };
}

/** Creates a blank form named `name` in `workspaceId` through the API; its public identifier. */
async function makeForm(workspaceId: number, name: string): Promise<string> {
  const { flow } = await callEndpoint(createFlow, {
    body: { name, type: 'form', workspaceId, dedupeFormName: true, flowTemplate: blankFlowTemplate() },
  });
  return flow.publicIdentifier;
}

/**
 * `GET /v1/api/forms` with `key`, as an integrator's app calls it, through the gateway. The test's fetch also
 * carries the signed-in session's cookie, but the gateway goes by the key when one is given (a wrong key is 401).
 */
async function listFormsWithKey(key: string): Promise<Response> {
  return fetch(`${apiUrl}/v1/api/forms`, { headers: { authorization: `Bearer ${key}` } });
}

/** Creates a key through the dialog (name, and the workspaces by name when given); the key it shows. */
async function createKeyInDialog(user: ReturnType<typeof renderApp>['user'], name: string, workspaceNames?: string[]): Promise<string> {
  await user.click(await screen.findByRole('button', { name: copy.settings.createApiKey }));
  const dialog = await screen.findByRole('dialog', { name: copy.settings.createApiKey });
  await user.type(within(dialog).getByLabelText(copy.settings.nameLabel, { exact: false }), name);
  expect(within(dialog).getByRole('radio', { name: copy.settings.allWorkspaces })).toBeChecked();
  if (workspaceNames) {
    await user.click(within(dialog).getByRole('radio', { name: copy.settings.onlyTheseWorkspaces }));
    const select = within(dialog).getByRole('combobox', { name: copy.settings.chooseWorkspacesLabel });
    for (const workspaceName of workspaceNames) {
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: workspaceName }));
    }
  }
  await user.click(within(dialog).getByRole('button', { name: copy.settings.createKeySubmit }));
  const created = await screen.findByRole('dialog', { name: copy.settings.keyCreatedTitle });
  const field = within(created).getByRole('textbox', { name: copy.settings.keyLabel });
  return (field as HTMLTextAreaElement).value;
}

it('lets an admin create a key, shown once and copied, that calls the public API; the list shows it and the admin revokes it', async () => {
  const { workspace } = await adminWithWorkspace();
  const formId = await makeForm(workspace.id, 'Customer survey');
  const { user, queryClient } = renderApp(paths.settings.getHref());

  expect(await screen.findByRole('heading', { level: 1, name: copy.settings.pageTitle })).toBeInTheDocument();
  const section = screen.getByRole('region', { name: copy.settings.apiKeysTitle });
  expect(within(section).getByTestId('api-example')).toHaveTextContent(
    `curl -H "Authorization: Bearer <key>" ${window.location.origin}/v1/api/forms`,
  );
  expect(await within(section).findByText(copy.settings.noApiKeys)).toBeInTheDocument();

  const key = await createKeyInDialog(user, 'Reporting dashboard');
  expect(key).toMatch(/^fl_[A-Za-z0-9_-]{43}$/);
  const created = screen.getByRole('dialog', { name: copy.settings.keyCreatedTitle });
  expect(within(created).getByRole('textbox', { name: copy.settings.keyLabel })).toHaveAttribute('readonly');
  expect(within(created).getByText(copy.settings.keyShownOnce)).toBeInTheDocument();

  // user-event's clipboard stands in for the browser's; its readText fails under jest-fixed-jsdom (Node's Blob
  // against jsdom's FileReader), so the test watches what is written to it.
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  await user.click(within(created).getByRole('button', { name: copy.settings.copyKey }));
  expect(await within(created).findByRole('button', { name: copy.settings.copied })).toBeInTheDocument();
  expect(writeText).toHaveBeenCalledWith(key);
  writeText.mockRestore();

  // The key works on the public REST API: it lists the organization's forms.
  const answer = await listFormsWithKey(key);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual([{ name: 'Customer survey', formId }]);
  expect((await listFormsWithKey(`fl_${'x'.repeat(43)}`)).status).toBe(401);

  await user.click(within(created).getByRole('button', { name: copy.settings.done }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // Shown once: the page shows the key's preview only, never the key.
  expect(screen.queryByText(key)).not.toBeInTheDocument();

  const list = await within(section).findByRole('list', { name: copy.settings.apiKeysListLabel });
  const row = within(list).getByRole('listitem', { name: 'Reporting dashboard' });
  expect(within(row).getByTestId('api-key-preview')).toHaveTextContent(`${key.slice(0, 8)}…`);
  expect(within(row).getByTestId('api-key-workspaces')).toHaveTextContent(copy.settings.allWorkspaces);
  expect(within(row).getByTestId('api-key-created')).not.toBeEmptyDOMElement();
  // Used once above: after a refresh the list says when.
  await act(() => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }));
  await waitFor(() => expect(within(row).getByTestId('api-key-last-used')).not.toHaveTextContent(copy.settings.neverUsed));

  await user.click(within(row).getByRole('button', { name: copy.settings.revokeKeyLabel('Reporting dashboard') }));
  const confirm = await screen.findByRole('dialog', { name: copy.settings.revokeTitle });
  expect(confirm).toHaveTextContent('Revoke "Reporting dashboard"? Apps using this key stop working within seconds.');
  await user.click(within(confirm).getByRole('button', { name: copy.settings.revoke }));

  expect(await screen.findByText(copy.settings.revoked('Reporting dashboard'))).toBeInTheDocument();
  expect(await within(section).findByText(copy.settings.noApiKeys)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("shows a key of one workspace by that workspace's name, and the key reaches that workspace's forms only", async () => {
  const { workspace } = await adminWithWorkspace('Grace');
  await makeForm(workspace.id, 'Internal survey');
  const { workspace: marketing } = await callEndpoint(createWorkspace, { body: { name: 'Marketing' } });
  const launchForm = await makeForm(marketing.id, 'Launch signup');
  const { user } = renderApp(paths.settings.getHref());

  // 'Only these workspaces' needs at least one.
  await user.click(await screen.findByRole('button', { name: copy.settings.createApiKey }));
  const dialog = await screen.findByRole('dialog', { name: copy.settings.createApiKey });
  await user.type(within(dialog).getByLabelText(copy.settings.nameLabel, { exact: false }), 'Marketing sync');
  await user.click(within(dialog).getByRole('radio', { name: copy.settings.onlyTheseWorkspaces }));
  await user.click(within(dialog).getByRole('button', { name: copy.settings.createKeySubmit }));
  expect(await within(dialog).findByText(copy.settings.chooseWorkspacesRequired)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: copy.settings.cancel }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const key = await createKeyInDialog(user, 'Marketing sync', ['Marketing']);
  const row = await screen.findByRole('listitem', { name: 'Marketing sync' });
  expect(within(row).getByTestId('api-key-workspaces')).toHaveTextContent(/^Marketing$/);
  expect(within(row).getByTestId('api-key-last-used')).toHaveTextContent(copy.settings.neverUsed);

  const answer = await listFormsWithKey(key);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual([{ name: 'Launch signup', formId: launchForm }]);
  await user.click(screen.getByRole('button', { name: copy.settings.done }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it("shows the server's message when a key cannot be made (the organization has as many as it may)", async () => {
  await adminWithWorkspace('Katherine');
  for (let index = 0; index < MAX_API_KEYS_PER_ORGANIZATION; index += 1) {
    await callEndpoint(createApiKey, { body: { name: `Key ${index + 1}` } });
  }
  const { user } = renderApp(paths.settings.getHref());
  const keys = await screen.findByRole('list', { name: copy.settings.apiKeysListLabel });
  expect(within(keys).getAllByRole('listitem')).toHaveLength(MAX_API_KEYS_PER_ORGANIZATION);

  await user.click(screen.getByRole('button', { name: copy.settings.createApiKey }));
  const dialog = await screen.findByRole('dialog', { name: copy.settings.createApiKey });
  // The name is required before anything is sent.
  await user.click(within(dialog).getByRole('button', { name: copy.settings.createKeySubmit }));
  expect(await within(dialog).findByText(copy.validation.notEmpty)).toBeInTheDocument();

  await user.type(within(dialog).getByLabelText(copy.settings.nameLabel, { exact: false }), 'One too many');
  await user.click(within(dialog).getByRole('button', { name: copy.settings.createKeySubmit }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(copy.auth.tooManyApiKeys(MAX_API_KEYS_PER_ORGANIZATION));
  expect(screen.queryByRole('dialog', { name: copy.settings.keyCreatedTitle })).not.toBeInTheDocument();
});

it('tells a member who is not an admin that only admins manage API keys, with no way to create one', async () => {
  const { organization, workspace } = await adminWithWorkspace('Mary');
  await signInOrganizationMember(organization.id, { workspaces: [{ workspaceId: workspace.id, accessLevel: 'write' }] });
  const { user, router } = renderApp(paths.home.getHref());

  // The user menu's entry reads 'Settings' for a member ('Settings & members' is an admin's).
  await user.click(await screen.findByTestId('user-menu'));
  expect(screen.queryByRole('menuitem', { name: copy.settings.menuItemAdmin })).not.toBeInTheDocument();
  await user.click(await screen.findByRole('menuitem', { name: copy.settings.menuItem }));

  expect(await screen.findByRole('heading', { level: 1, name: copy.settings.pageTitle })).toBeInTheDocument();
  expect(currentUrl(router)).toBe(paths.settings.getHref());
  const section = screen.getByRole('region', { name: copy.settings.apiKeysTitle });
  expect(within(section).getByText(copy.settings.apiKeysAdminOnly)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: copy.settings.createApiKey })).not.toBeInTheDocument();
  expect(within(section).queryByRole('list')).not.toBeInTheDocument();
});

it("opens settings from the user menu's 'Settings & members' for an admin; /home/settings is not a workspace", async () => {
  await adminWithWorkspace('Hedy');
  const { user, router } = renderApp(paths.home.getHref());
  await screen.findByRole('heading', { name: 'Welcome, Hedy' });

  await user.click(screen.getByTestId('user-menu'));
  await user.click(await screen.findByRole('menuitem', { name: copy.settings.menuItemAdmin }));

  expect(await screen.findByRole('heading', { level: 1, name: copy.settings.pageTitle })).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/home/settings');
  expect(screen.queryByText(copy.flows.workspaceNotFound)).not.toBeInTheDocument();
  // The page is of no one workspace: the workspace menu names none.
  expect(screen.getByRole('button', { name: 'Workspace: Workspaces. Switch workspace' })).toBeInTheDocument();
  expect(await screen.findByText(copy.settings.noApiKeys)).toBeInTheDocument();
});
