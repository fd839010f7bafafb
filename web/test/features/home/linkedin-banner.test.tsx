/**
 * The LinkedIn follow banner (spec 000 §2 "A LinkedIn follow banner is shown once per user and can be dismissed"): a
 * new user sees it on home; closing it — or following the link — hides it for good, also in a fresh session of the
 * app (remembered by the server), while another user still sees theirs.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser } from '../../render-app';

it('shows the banner until the user closes it, and never again after', async () => {
  await signUpUser();
  const first = renderApp(paths.home.getHref());
  const banner = await screen.findByTestId('linkedin-banner');
  expect(banner).toHaveTextContent(copy.home.linkedInBanner);
  const follow = within(banner).getByRole('link', { name: copy.home.linkedInFollow });
  expect(follow).toHaveAttribute('href', copy.home.linkedInUrl);
  expect(follow).toHaveAttribute('target', '_blank');

  await first.user.click(within(banner).getByRole('button', { name: copy.home.linkedInDismiss }));
  await waitFor(() => expect(screen.queryByTestId('linkedin-banner')).not.toBeInTheDocument());
  await waitFor(async () => expect((await callEndpoint(getMe, {})).dismissedNotices).toEqual(['linkedin_follow']));
  first.unmount();

  renderApp(paths.home.getHref());
  expect(await screen.findByTestId('welcome')).toBeInTheDocument();
  expect(screen.queryByTestId('linkedin-banner')).not.toBeInTheDocument();
});

it('counts following the link as seen', async () => {
  await signUpUser();
  const { user } = renderApp(paths.home.getHref());
  const banner = await screen.findByTestId('linkedin-banner');
  const follow = within(banner).getByRole('link', { name: copy.home.linkedInFollow });
  // jsdom does not navigate; the click is what counts.
  follow.addEventListener('click', (event) => event.preventDefault());
  await user.click(follow);
  await waitFor(() => expect(screen.queryByTestId('linkedin-banner')).not.toBeInTheDocument());
  await waitFor(async () => expect((await callEndpoint(getMe, {})).dismissedNotices).toEqual(['linkedin_follow']));
});
