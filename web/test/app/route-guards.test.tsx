/**
 * The route guards (src/app/loaders.ts): a signed-out visitor of a signed-in page is sent to the login page and,
 * once logged in, back to the page they asked for; a signed-in user never sees the login or sign-up page; the
 * `?redirect=` parameter cannot send anyone off the site.
 */
import { act, screen } from '@testing-library/react';
import { logOut } from '@formloom/contracts/api/workspaces-auth/auth';
import { paths } from '../../src/config/paths';
import { callEndpoint } from '../../src/lib/api-client';
import { authKeys } from '../../src/lib/query-keys';
import { currentUrl, renderApp, signUpUser, uniqueEmail } from '../render-app';

it('sends a signed-out visitor of /home to the login page, remembering where they were going', async () => {
  const { router } = renderApp('/home');
  expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/login?redirect=%2Fhome');
});

it('sends / to the login page when signed out', async () => {
  const { router } = renderApp('/');
  await screen.findByRole('heading', { name: 'Welcome back' });
  expect(router.state.location.pathname).toBe('/login');
});

it('opens the page that asked for a sign-in once the user has logged in', async () => {
  const email = uniqueEmail('grace');
  await signUpUser({ firstName: 'Grace', email, password: 'compiler-1952' });
  await callEndpoint(logOut, {});

  const { router, user } = renderApp('/home?tab=forms');
  await screen.findByRole('heading', { name: 'Welcome back' });
  expect(currentUrl(router)).toBe('/login?redirect=%2Fhome%3Ftab%3Dforms');

  await user.type(screen.getByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), 'compiler-1952');
  await user.click(screen.getByRole('button', { name: 'Log in' }));

  expect(await screen.findByRole('heading', { name: 'Welcome, Grace' })).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/home?tab=forms');
});

it('keeps the redirect when the visitor switches from login to sign-up', async () => {
  const { router, user } = renderApp('/login?redirect=%2Fhome%2F1-x');
  await user.click(await screen.findByRole('link', { name: 'Create an account' }));
  await screen.findByRole('heading', { name: 'Create your account' });
  expect(currentUrl(router)).toBe('/signup?redirect=%2Fhome%2F1-x');
});

it('sends a signed-in user from /login and /signup straight to the dashboard', async () => {
  await signUpUser({ firstName: 'Katherine' });
  const login = renderApp('/login');
  expect(await screen.findByRole('heading', { name: 'Welcome, Katherine' })).toBeInTheDocument();
  expect(currentUrl(login.router)).toBe('/home');
  login.unmount();

  const signup = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Welcome, Katherine' });
  expect(currentUrl(signup.router)).toBe('/home');
});

it.each(['https://evil.example/phish', '//evil.example/phish', '/\\evil.example/phish'])(
  'never follows ?redirect=%s off the site',
  async (target) => {
    await signUpUser({ firstName: 'Dorothy' });
    const { router } = renderApp(`/login?redirect=${encodeURIComponent(target)}`);
    await screen.findByRole('heading', { name: 'Welcome, Dorothy' });
    expect(currentUrl(router)).toBe('/home');
  },
);

it('sends a user whose session ended to the login page when they open a signed-in page', async () => {
  await signUpUser({ firstName: 'Annie' });
  const { router, queryClient } = renderApp('/home');
  await screen.findByRole('heading', { name: 'Welcome, Annie' });

  // The session ends elsewhere (another tab signs out): the app still holds the user, the server answers 401.
  await callEndpoint(logOut, {});
  expect(queryClient.getQueryData(authKeys.me())).toBeTruthy();
  await act(() => router.navigate(paths.workspace.getHref('1-elsewhere')));
  await screen.findByRole('heading', { name: 'Welcome back' });
  expect(currentUrl(router)).toBe('/login?redirect=%2Fhome%2F1-elsewhere');
});
