/** Logging in on `/login` (src/features/auth/components/login-form.tsx) against the real API. */
import { act, screen } from '@testing-library/react';
import { logOut } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { currentUrl, renderApp, signUpUser, uniqueEmail } from '../../render-app';

/** A registered user who is signed out (their sign-up session ended). */
async function registeredUser(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('login');
  const password = 'difference-engine';
  await signUpUser({ firstName: 'Charles', lastName: 'Babbage', email, password });
  await callEndpoint(logOut, {});
  return { email, password };
}

it('logs in with the right email and password and opens the dashboard', async () => {
  const { email, password } = await registeredUser();
  const { router, user } = renderApp('/login');
  await user.type(await screen.findByLabelText(/Email/), `  ${email} `);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));

  expect(await screen.findByRole('heading', { name: 'Welcome, Charles' })).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/home');
});

it("says 'Invalid email or password' for a wrong password and stays on the page", async () => {
  const { email } = await registeredUser();
  const { router, user } = renderApp('/login');
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), 'not-the-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(copy.auth.invalidCredentials);
  expect(currentUrl(router)).toBe('/login');
});

it('keeps Log in disabled until both fields are filled in', async () => {
  const { user } = renderApp('/login');
  const button = await screen.findByRole('button', { name: 'Log in' });
  expect(button).toBeDisabled();
  await user.type(screen.getByLabelText(/Email/), 'someone@example.com');
  expect(button).toBeDisabled();
  await user.type(screen.getByLabelText(/Password/), 'x');
  expect(button).toBeEnabled();
});

it('signs out from the user menu and lands on the login page', async () => {
  await signUpUser({ firstName: 'Mary', lastName: 'Somerville' });
  const { router, user } = renderApp('/home');
  await user.click(await screen.findByRole('button', { name: /Mary Somerville/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

  expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/login');
  // The session is gone on the server too: opening the dashboard again asks for a login.
  await act(() => router.navigate(paths.home.getHref()));
  expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/login?redirect=%2Fhome');
});
