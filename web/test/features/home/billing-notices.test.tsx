/**
 * Billing on the signed-in pages (spec 000 §2; src/features/auth/components/billing-notices.tsx): the past-due banner
 * follows the organization's billing record (admins get 'Update billing', members are sent to an admin), and the
 * billing-success modal opens from `?billing-success=yes&p=…` with the plan's text and leaves the URL when closed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { currentUrl, renderApp, setOrganizationFlagsAsOperator, signInOrganizationMember, signUpUser } from '../../render-app';

it('shows the past-due banner while the billing record is past due: admins update billing, members ask an admin', async () => {
  await signUpUser({ firstName: 'Ada' });
  const organizationId = (await callEndpoint(getMe, {})).organizations[0]!.id;
  const healthy = renderApp(paths.home.getHref());
  await screen.findByTestId('welcome');
  expect(screen.queryByTestId('past-due-banner')).not.toBeInTheDocument();
  healthy.unmount();

  await setOrganizationFlagsAsOperator(organizationId, { billingStatus: 'past_due' });
  const admin = renderApp(paths.home.getHref());
  const banner = await screen.findByTestId('past-due-banner');
  expect(banner).toHaveTextContent(copy.billing.pastDue);
  await admin.user.click(within(banner).getByRole('link', { name: copy.billing.updateBilling }));
  await waitFor(() => expect(currentUrl(admin.router)).toBe(paths.settings.getHref()));
  admin.unmount();

  await signInOrganizationMember(organizationId, { firstName: 'Charles' });
  renderApp(paths.home.getHref());
  const memberBanner = await screen.findByTestId('past-due-banner');
  expect(memberBanner).toHaveTextContent(copy.billing.pastDueAskAdmin);
  expect(within(memberBanner).queryByRole('link')).not.toBeInTheDocument();
});

it.each([
  ['conversion-kit', copy.billing.successBody['conversion-kit']],
  ['zite', copy.billing.successBody.zite],
  ['team', copy.billing.successBody.other],
])("opens the billing-success modal for p=%s and takes it out of the URL when closed", async (plan, text) => {
  await signUpUser({ firstName: 'Grace' });
  const { router, user } = renderApp(`${paths.home.getHref()}?billing-success=yes&p=${plan}&tab=x`);
  const modal = await screen.findByTestId('billing-success');
  expect(within(modal).getByText(copy.billing.successTitle)).toBeInTheDocument();
  expect(within(modal).getByText(text)).toBeInTheDocument();
  await user.click(within(modal).getByRole('button', { name: copy.billing.successDone }));
  await waitFor(() => expect(currentUrl(router)).toBe(`${paths.home.getHref()}?tab=x`));
  await waitFor(() => expect(screen.queryByTestId('billing-success')).not.toBeInTheDocument());
});
