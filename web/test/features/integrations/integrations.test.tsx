/**
 * Connected accounts in the web app (`/home/integrations`, `/home/integrations/edit/:serviceId`; spec 000 §3, §4, §6;
 * features/integrations), against the real product and its fake Airtable and Notion (`test/providers.ts`): connecting
 * from the settings page's link (the first account named 'First Airtable connection', the name field only for a
 * second one), a token the provider refuses shown with its words, a revoked token found by 'Check connection' and
 * fixed on the account's page (Save disabled until something changed), a member who did not connect it told to ask
 * an admin, and disconnecting.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createService } from '@formloom/contracts/api/integrations/services';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { AIRTABLE_CONNECT_TEXT } from '@formloom/contracts/integrations/connect/airtable';
import { NOTION_CONNECT_TEXT } from '@formloom/contracts/integrations/connect/notion';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { addAirtableToken, connectSlack, revokeToken, WEB_TEST_AIRTABLE_TOKEN, WEB_TEST_NOTION_TOKEN } from '../../providers';
import { currentUrl, renderApp, signInOrganizationMember, signUpUser } from '../../render-app';

it('connects Airtable and Notion from the settings page, with the provider\'s refusal shown', async () => {
  await signUpUser({ firstName: 'Ada' });
  const { user, router } = renderApp(paths.settings.getHref());
  await user.click(await screen.findByRole('link', { name: copy.integrations.pageTitle }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.integrations.getHref()));
  expect(await screen.findByText(copy.integrations.noConnections)).toBeInTheDocument();

  // The first Airtable account: no name field; an empty token is refused before anything is sent.
  await user.click(screen.getByRole('button', { name: copy.integrations.connectAccount }));
  let dialog = await screen.findByRole('dialog', { name: copy.integrations.chooseService });
  await user.click(within(dialog).getByRole('button', { name: /Airtable/ }));
  dialog = await screen.findByRole('dialog', { name: copy.integrations.connectTitle('Airtable') });
  expect(within(dialog).queryByRole('textbox', { name: copy.integrations.accountName })).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: copy.integrations.connect }));
  expect(await within(dialog).findByText(AIRTABLE_CONNECT_TEXT.apiKeyRequired)).toBeInTheDocument();

  // A token Airtable does not know: its answer, in the dialog.
  const token = within(dialog).getByLabelText(new RegExp(AIRTABLE_CONNECT_TEXT.apiKeyLabel));
  await user.type(token, 'patUnknownToken.0000');
  await user.click(within(dialog).getByRole('button', { name: copy.integrations.connect }));
  expect(await within(dialog).findByText(copy.integrations.credentialsRejected('Airtable', 'Authentication required'))).toBeInTheDocument();

  await user.clear(token);
  await user.type(token, WEB_TEST_AIRTABLE_TOKEN);
  await user.click(within(dialog).getByRole('button', { name: copy.integrations.connect }));
  expect(await screen.findByText(copy.integrations.connectedToast(copy.integrations.firstConnection('Airtable')))).toBeInTheDocument();
  const row = await screen.findByTestId('service-row');
  expect(within(row).getByText(copy.integrations.firstConnection('Airtable'))).toBeInTheDocument();
  expect(within(row).getByText(copy.integrations.connected)).toBeInTheDocument();
  expect(row).toHaveTextContent(`Airtable · ada@example.com · ${copy.integrations.connectedByYou}`);
  expect(document.body).not.toHaveTextContent(WEB_TEST_AIRTABLE_TOKEN);

  // A second Airtable account asks for a name.
  await user.click(screen.getByRole('button', { name: copy.integrations.connectAccount }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Airtable/ }));
  dialog = await screen.findByRole('dialog', { name: copy.integrations.connectTitle('Airtable') });
  expect(within(dialog).getByRole('textbox', { name: new RegExp(copy.integrations.accountName) })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: copy.integrations.chooseService }));
  expect(await screen.findByRole('dialog', { name: copy.integrations.chooseService })).toBeInTheDocument();
  await user.keyboard('{Escape}');

  // Notion: a secret of another shape is refused with the form's own words.
  await user.click(screen.getByRole('button', { name: copy.integrations.connectAccount }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Notion/ }));
  dialog = await screen.findByRole('dialog', { name: copy.integrations.connectTitle('Notion') });
  const secret = within(dialog).getByLabelText(new RegExp(NOTION_CONNECT_TEXT.tokenLabel));
  await user.type(secret, 'not a secret');
  await user.click(within(dialog).getByRole('button', { name: copy.integrations.connect }));
  expect(await within(dialog).findByText(NOTION_CONNECT_TEXT.tokenShape)).toBeInTheDocument();
  await user.clear(secret);
  await user.type(secret, WEB_TEST_NOTION_TOKEN);
  await user.click(within(dialog).getByRole('button', { name: copy.integrations.connect }));
  await waitFor(() => expect(screen.getAllByTestId('service-row')).toHaveLength(2));
  expect(screen.getAllByTestId('service-row')[0]).toHaveTextContent('First Notion connection');
  expect(screen.getAllByTestId('service-row')[0]).toHaveTextContent('Acme HQ');
});

it('finds a revoked token with "Check connection", and a new token saved on its page reconnects it', async () => {
  await signUpUser({ firstName: 'Ada' });
  const revoked = `patRevokeMe${Date.now()}.abcdef`;
  await addAirtableToken(revoked, 'ada@example.com');
  const { service } = await callEndpoint(createService, { body: { serviceType: 'airtable', serviceName: 'Sales base', config: { apiKey: revoked } } });
  await revokeToken('airtable', revoked);

  const { user, router } = renderApp(paths.integrations.getHref());
  const row = await screen.findByTestId('service-row');
  await user.click(within(row).getByRole('button', { name: copy.integrations.actions('Sales base') }));
  await user.click(await screen.findByRole('menuitem', { name: copy.integrations.check }));
  expect(await screen.findByText(copy.integrations.checkedBroken('Sales base'))).toBeInTheDocument();
  expect(await within(row).findByText(copy.integrations.broken)).toBeInTheDocument();
  expect(within(row).getByTestId('service-problem')).toHaveTextContent(copy.integrations.credentialsRejected('Airtable', 'Authentication required'));

  await user.click(within(row).getByRole('button', { name: copy.integrations.actions('Sales base') }));
  await user.click(await screen.findByRole('menuitem', { name: copy.integrations.reconnect }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.integrationEdit.getHref(service.id)));
  expect(await screen.findByRole('heading', { name: 'Sales base' })).toBeInTheDocument();
  const save = screen.getByRole('button', { name: copy.integrations.save });
  expect(save).toBeDisabled();
  const token = screen.getByLabelText(new RegExp(AIRTABLE_CONNECT_TEXT.apiKeyLabel));
  expect(token).toHaveValue('');
  await user.type(token, WEB_TEST_AIRTABLE_TOKEN);
  expect(save).toBeEnabled();
  await user.click(save);
  expect(await screen.findByText(copy.integrations.savedToast('Sales base'))).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('service-status')).toHaveTextContent(copy.integrations.connected));
  expect(screen.queryByTestId('service-problem')).not.toBeInTheDocument();
});

it('tells a member who did not connect an account to ask an admin, and lets its owner disconnect it', async () => {
  await signUpUser({ firstName: 'Ada' });
  const { service } = await callEndpoint(createService, { body: { serviceType: 'notion', config: { token: WEB_TEST_NOTION_TOKEN } } });
  const me = await callEndpoint(getMe, {});
  await signInOrganizationMember(me.organizations[0]!.id, { workspaces: [{ workspaceId: me.workspaces[0]!.id, accessLevel: 'write' }] });

  const member = renderApp(paths.integrationEdit.getHref(service.id));
  expect(await screen.findByTestId('service-ask-admin')).toHaveTextContent(copy.integrations.reconnectAskAdmin('Notion', window.location.hostname));
  expect(screen.queryByRole('button', { name: copy.integrations.save })).not.toBeInTheDocument();
  member.unmount();

  const list = renderApp(paths.integrations.getHref());
  const row = await screen.findByTestId('service-row');
  expect(row).toHaveTextContent(copy.integrations.connectedByOther);
  await list.user.click(within(row).getByRole('button', { name: copy.integrations.actions('First Notion connection') }));
  await screen.findByRole('menuitem', { name: copy.integrations.check });
  expect(screen.queryByRole('menuitem', { name: copy.integrations.disconnect })).not.toBeInTheDocument();
});

it('disconnects an account after asking', async () => {
  await signUpUser({ firstName: 'Ada' });
  await callEndpoint(createService, { body: { serviceType: 'notion', config: { token: WEB_TEST_NOTION_TOKEN } } });
  const { user } = renderApp(paths.integrations.getHref());
  const row = await screen.findByTestId('service-row');
  await user.click(within(row).getByRole('button', { name: copy.integrations.actions('First Notion connection') }));
  await user.click(await screen.findByRole('menuitem', { name: copy.integrations.disconnect }));
  const dialog = await screen.findByRole('dialog', { name: copy.integrations.disconnectTitle('First Notion connection') });
  await user.click(within(dialog).getByRole('button', { name: copy.integrations.disconnect }));
  expect(await screen.findByText(copy.integrations.disconnected('First Notion connection'))).toBeInTheDocument();
  expect(await screen.findByText(copy.integrations.noConnections)).toBeInTheDocument();
});

it('offers "Connect with Slack" instead of fields, and "Reconnect with Slack" beside the name on its page', async () => {
  await signUpUser({ firstName: 'Ada' });
  const { user, unmount } = renderApp(paths.integrations.getHref());
  await user.click(await screen.findByRole('button', { name: copy.integrations.connectAccount }));
  await user.click(within(await screen.findByRole('dialog', { name: copy.integrations.chooseService })).getByRole('button', { name: /Slack/ }));
  const dialog = await screen.findByRole('dialog', { name: copy.integrations.connectTitle('Slack') });
  expect(within(dialog).getByText(copy.integrations.oauthHint('Slack'))).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: copy.integrations.connectWith('Slack') })).toBeEnabled();
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  unmount();

  // Connected (the browser's round trip, done by the test): its page renames it or reconnects it.
  const serviceId = await connectSlack();
  const page = renderApp(paths.integrationEdit.getHref(serviceId));
  expect(await screen.findByRole('heading', { name: 'First Slack connection' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: copy.integrations.reconnectWith('Slack') })).toBeInTheDocument();
  const name = screen.getByRole('textbox', { name: new RegExp(copy.integrations.accountName) });
  await page.user.clear(name);
  await page.user.type(name, 'Sales Slack');
  await page.user.click(screen.getByRole('button', { name: copy.integrations.save }));
  expect(await screen.findByText(copy.integrations.savedToast('Sales Slack'))).toBeInTheDocument();
});

it('shows the outcome the OAuth callback put in the URL once, then drops it from the URL', async () => {
  await signUpUser({ firstName: 'Ada' });
  const { service } = await callEndpoint(createService, { body: { serviceType: 'notion', serviceName: 'Wiki', config: { token: WEB_TEST_NOTION_TOKEN } } });
  const connected = renderApp(`${paths.integrations.getHref()}?serviceConnected=${service.id}`);
  expect(await screen.findByText(copy.integrations.connectedToast('Wiki'))).toBeInTheDocument();
  await waitFor(() => expect(currentUrl(connected.router)).toBe(paths.integrations.getHref()));
  connected.unmount();

  const failed = renderApp(`${paths.integrations.getHref()}?serviceError=${encodeURIComponent(copy.integrations.oauthDenied('Slack'))}`);
  expect(await screen.findByTestId('oauth-error')).toHaveTextContent(copy.integrations.oauthDenied('Slack'));
  await waitFor(() => expect(currentUrl(failed.router)).toBe(paths.integrations.getHref()));
  await failed.user.click(within(screen.getByTestId('oauth-error')).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByTestId('oauth-error')).not.toBeInTheDocument());
});
