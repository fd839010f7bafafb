/**
 * The organization section of the settings page (src/features/settings organization section; spec 000 §2 "Settings and
 * members"): an admin renames the organization, moves it to the EU data region and turns the Database feature on —
 * saved through the real API and shown at once (the Quick start's Database card appears on home); 'Save changes' waits
 * for a change; a member who is not an admin has no such section.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signInOrganizationMember, signUpUser } from '../../render-app';

it('lets an admin rename the organization, choose its data region and turn a feature on', async () => {
  await signUpUser({ firstName: 'Ada' });
  const { user, unmount } = renderApp(paths.settings.getHref());
  const section = await screen.findByRole('region', { name: copy.settings.organizationTitle });
  const save = within(section).getByRole('button', { name: copy.settings.saveOrganization });
  const name = within(section).getByRole('textbox', { name: copy.settings.organizationNameLabel });
  expect(name).toHaveValue(copy.auth.organizationName('Ada'));
  expect(save).toBeDisabled();

  await user.clear(name);
  expect(save).toBeDisabled();
  expect(within(section).getByText(copy.validation.notEmpty)).toBeInTheDocument();
  await user.type(name, 'Analytical Engines');
  await user.click(within(section).getByRole('combobox', { name: copy.settings.dataRegionLabel }));
  await user.click(await screen.findByRole('option', { name: copy.settings.dataRegions.EU_AGENT }));
  await user.click(within(section).getByRole('checkbox', { name: copy.settings.features.database }));
  expect(save).toBeEnabled();
  await user.click(save);

  expect(await screen.findByText(copy.settings.organizationSaved)).toBeInTheDocument();
  const me = await callEndpoint(getMe, {});
  expect(me.organizations[0]).toMatchObject({ name: 'Analytical Engines', dataRegion: 'EU_AGENT', features: ['database'] });
  // The form shows the saved values, with nothing left to save.
  await waitFor(() =>
    expect(within(screen.getByRole('region', { name: copy.settings.organizationTitle })).getByRole('button', { name: copy.settings.saveOrganization })).toBeDisabled(),
  );
  unmount();

  // The feature is on: home's Quick start offers the Database card.
  renderApp(paths.home.getHref());
  expect(await screen.findByTestId('quick-start-database')).toBeInTheDocument();
});

it('has no organization section for a member who is not an admin', async () => {
  await signUpUser();
  const me = await callEndpoint(getMe, {});
  await signInOrganizationMember(me.organizations[0]!.id, { workspaces: [{ workspaceId: me.workspaces[0]!.id, accessLevel: 'write' }] });
  renderApp(paths.settings.getHref());
  expect(await screen.findByTestId('members-admin-only')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: copy.settings.organizationTitle })).not.toBeInTheDocument();
});
