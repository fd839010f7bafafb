/** Signing up on `/signup` (src/features/auth/components/signup-form.tsx) against the real API. */
import { screen } from '@testing-library/react';
import { logOut } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { PASSWORD_MIN_LENGTH } from '@formloom/contracts/limits';
import { callEndpoint } from '../../../src/lib/api-client';
import { currentUrl, renderApp, signUpUser, uniqueEmail } from '../../render-app';

async function fillIn(user: ReturnType<typeof renderApp>['user'], values: { firstName: string; lastName: string; email: string; password: string }) {
  await user.type(await screen.findByLabelText(/First name/), values.firstName);
  await user.type(screen.getByLabelText(/Last name/), values.lastName);
  await user.type(screen.getByLabelText(/Email/), values.email);
  await user.type(screen.getByLabelText(/Password/), values.password);
}

it('creates the account and opens the dashboard of its first workspace, greeting the user by first name', async () => {
  const { router, user } = renderApp('/signup');
  await fillIn(user, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('ada'), password: 'analytical-engine' });
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: copy.auth.defaultWorkspaceName })).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/home');
});

it('keeps Sign up disabled until the first name, email and password are filled in', async () => {
  const { user } = renderApp('/signup');
  const button = await screen.findByRole('button', { name: 'Sign up' });
  expect(button).toBeDisabled();
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
  expect(button).toBeDisabled();
  await user.type(screen.getByLabelText(/Password/), 'analytical-engine');
  expect(button).toBeEnabled();
});

it('explains a short password before sending anything, and stays on the page', async () => {
  const { router, user } = renderApp('/signup');
  await fillIn(user, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('short'), password: 'short' });
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  expect(await screen.findByText(copy.auth.passwordTooShort(PASSWORD_MIN_LENGTH))).toBeInTheDocument();
  expect(screen.getByLabelText(/Password/)).toHaveAttribute('aria-invalid', 'true');
  expect(currentUrl(router)).toBe('/signup');
});

it("shows the server's message when the email already has an account", async () => {
  const email = uniqueEmail('taken');
  await signUpUser({ email });
  await callEndpoint(logOut, {});

  const { router, user } = renderApp('/signup');
  await fillIn(user, { firstName: 'Ada', lastName: 'Again', email, password: 'analytical-engine' });
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(copy.auth.emailTaken);
  expect(currentUrl(router)).toBe('/signup');
});
