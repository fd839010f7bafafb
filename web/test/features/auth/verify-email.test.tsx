/**
 * Address confirmation as a new user meets it (src/features/auth verify-email*, src/routes/verify-email.tsx),
 * against the real API and the mail it sends (`mailbox.ts`): the banner after sign-up, a new link on request, the
 * link opened signed in or in another browser, and a spent link.
 */
import { screen, waitFor } from '@testing-library/react';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { confirmationLinkOf, messagesTo } from '../../mailbox';
import { renderApp, signUpUser, uniqueEmail } from '../../render-app';

/** The confirmation links mailed to `email` so far, waiting until there are `count`. */
async function linksTo(email: string, count = 1): Promise<URL[]> {
  await waitFor(() => expect(messagesTo(email).length).toBeGreaterThanOrEqual(count), { timeout: 15_000 });
  return messagesTo(email).map(confirmationLinkOf);
}

/** The app path of a mailed link (the product's `PUBLIC_URL` is another origin in the tests). */
const pathOf = (link: URL) => `${link.pathname}${link.search}`;

it('asks a new user to confirm their address, and sends a new link on request', async () => {
  const email = uniqueEmail('grace');
  await signUpUser({ email });
  const [first] = await linksTo(email);
  expect(first!.origin).toBe('http://formloom.test');

  const { user } = renderApp(paths.home.getHref());
  expect(await screen.findByText(copy.auth.verifyEmailBanner(email))).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Send a new link' }));
  expect(await screen.findByText(copy.auth.verificationSent(email))).toBeInTheDocument();
  const links = await linksTo(email, 2);
  expect(links[1]!.searchParams.get('token')).not.toBe(first!.searchParams.get('token'));
});

it('confirms the address from the mailed link, and the banner goes away', async () => {
  const email = uniqueEmail('ada');
  await signUpUser({ email });
  const [link] = await linksTo(email);

  const { user } = renderApp(pathOf(link!));
  expect(await screen.findByText(copy.auth.emailVerified)).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Go to your forms' }));
  expect(await screen.findByTestId('workspace-name')).toHaveTextContent(copy.auth.defaultWorkspaceName);
  expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
});

it('says a spent link is invalid, and offers a new one to the signed-in user', async () => {
  const email = uniqueEmail('alan');
  await signUpUser({ email });
  const [link] = await linksTo(email);

  const first = renderApp(pathOf(link!));
  expect(await screen.findByText(copy.auth.emailVerified)).toBeInTheDocument();
  first.unmount();

  renderApp(pathOf(link!));
  expect(await screen.findByText(copy.auth.verificationLinkInvalid)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
});

it('tells a visitor without a token what to do', async () => {
  renderApp(paths.verifyEmail.path);
  expect(await screen.findByText(copy.auth.verificationLinkInvalid)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
});
