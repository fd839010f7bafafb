/**
 * 'Custom domain settings' (`/home/settings/custom-domains`, spec 000 §1, §5, §8; features/settings custom-domains
 * page), against the real API: an admin opens it from the settings page, is told what is wrong with an empty or
 * reserved subdomain, sets one (the toast 'Subdomain updated to …' and the address the forms are served at), and sees
 * a subdomain another organization has refused with the server's words; a member who is not an admin is told why the
 * page is not for them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { updateSubdomain } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { currentUrl, renderApp, signInOrganizationMember, signUpUser } from '../../render-app';

it('sets the subdomain from the settings page, with the reasons for a refused one', async () => {
  const taken = `taken-${Date.now()}`;
  await signUpUser({ firstName: 'Alan' });
  await callEndpoint(updateSubdomain, { body: { subdomain: taken } });
  await signUpUser({ firstName: 'Ada' });

  const { user, router } = renderApp(paths.settings.getHref());
  await user.click(await screen.findByRole('link', { name: copy.domains.settingsLink }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.customDomains.getHref()));
  expect(await screen.findByRole('heading', { name: copy.domains.pageTitle })).toBeInTheDocument();
  expect(await screen.findByText(copy.domains.subdomainNone)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: copy.domains.subdomainSet }));
  const dialog = await screen.findByRole('dialog', { name: copy.domains.subdomainSet });
  const field = within(dialog).getByRole('textbox', { name: copy.domains.subdomainLabel });
  await user.click(within(dialog).getByRole('button', { name: copy.domains.subdomainSave }));
  expect(await within(dialog).findByText(copy.domains.subdomainRequired)).toBeInTheDocument();
  await user.type(field, 'www');
  await user.click(within(dialog).getByRole('button', { name: copy.domains.subdomainSave }));
  expect(await within(dialog).findByText(copy.domains.subdomainReserved)).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, taken.toUpperCase());
  await user.click(within(dialog).getByRole('button', { name: copy.domains.subdomainSave }));
  expect(await within(dialog).findByText(copy.domains.subdomainTaken)).toBeInTheDocument();

  const mine = `acme-${Date.now()}`;
  await user.clear(field);
  await user.type(field, ` ${mine} `);
  await user.click(within(dialog).getByRole('button', { name: copy.domains.subdomainSave }));
  expect(await screen.findByText(copy.domains.subdomainUpdated(mine))).toBeInTheDocument();
  expect(await screen.findByTestId('subdomain-url')).toHaveAttribute('href', `http://${mine}.formloom.test`);
  expect(screen.getByRole('button', { name: copy.domains.subdomainEdit })).toBeInTheDocument();

  // The editor's Share tab gives the form's link on the subdomain.
  const me = await callEndpoint(getMe, {});
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Share me', type: 'form', workspaceId: me.workspaces[0]!.id } });
  renderApp(paths.editor.getHref(flow.publicIdentifier, 'share'));
  expect(await screen.findByDisplayValue(`http://${mine}.formloom.test/t/${flow.publicIdentifier}`)).toBeInTheDocument();
});

it('tells a member who is not an admin that only admins change the domains', async () => {
  await signUpUser({ firstName: 'Ada' });
  const me = await callEndpoint(getMe, {});
  await signInOrganizationMember(me.organizations[0]!.id, { workspaces: [{ workspaceId: me.workspaces[0]!.id, accessLevel: 'write' }] });
  renderApp(paths.customDomains.getHref());
  expect(await screen.findByTestId('domains-admin-only')).toHaveTextContent(copy.domains.adminOnly);
});

it('connects an own domain: the records to create, a check that finds nothing yet, and its removal', async () => {
  await signUpUser({ firstName: 'Ada' });
  const { user } = renderApp(paths.customDomains.getHref());
  const section = await screen.findByTestId('own-domain-section');
  const field = within(section).getByRole('textbox', { name: copy.domains.customLabel });
  await user.type(field, 'formloom.test');
  await user.click(within(section).getByRole('button', { name: copy.domains.customAdd }));
  expect(await within(section).findByText(copy.domains.hostnameProductHost)).toBeInTheDocument();

  const hostname = `forms-${Date.now()}.acme.invalid`;
  await user.clear(field);
  await user.type(field, hostname);
  await user.click(within(section).getByRole('button', { name: copy.domains.customAdd }));
  expect(await within(section).findByTestId('own-domain-hostname')).toHaveTextContent(hostname);
  expect(within(section).getByTestId('own-domain-status')).toHaveTextContent(copy.domains.statusPending);
  const records = within(section).getByTestId('dns-records');
  expect(within(records).getByText(hostname)).toBeInTheDocument();
  expect(within(records).getByText('formloom.test')).toBeInTheDocument();
  expect(within(records).getByText(`_formloom-verification.${hostname}`)).toBeInTheDocument();

  // The tests' DNS server holds no record: the check says it is not there yet.
  await user.click(within(section).getByRole('button', { name: copy.domains.verify }));
  expect(await within(section).findByTestId('own-domain-problem')).toHaveTextContent(copy.domains.notFoundYet);

  await user.click(within(section).getByRole('button', { name: copy.domains.customRemove }));
  const confirm = await screen.findByRole('dialog', { name: copy.domains.customRemoveTitle(hostname) });
  await user.click(within(confirm).getByRole('button', { name: copy.domains.customRemove }));
  expect(await screen.findByText(copy.domains.customRemoved(hostname))).toBeInTheDocument();
  expect(await within(screen.getByTestId('own-domain-section')).findByRole('button', { name: copy.domains.customAdd })).toBeInTheDocument();
});
