/**
 * Helpers of the web component tests: render the whole app (its real route table, loaders and providers) at
 * a URL in a memory router, and make a user through the product's API (the session cookie lands in the test's
 * cookie jar, so the app then runs signed in). Every call goes to the product `global-setup.ts` started.
 */
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { logIn, signUp, type UserResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { pathOf } from '@formloom/contracts/api/endpoint';
import {
  createOrganizationUser,
  setOrganizationFlags,
  type CreateOrganizationUserBody,
  type SetOrganizationFlagsBody,
} from '@formloom/contracts/api/workspaces-auth/internal';
import { INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import { createRoutes } from '../src/app/router';
import { AppProvider } from '../src/app/provider';
import { callEndpoint } from '../src/lib/api-client';
import { createQueryClient } from '../src/lib/query-client';

/** What {@link renderApp} gives: the render, the router (its `state.location` is the URL), the cache and a user. */
export interface RenderedApp extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  user: UserEvent;
}

/** Renders the app at `url` (path and query) with a fresh react-query cache. */
export function renderApp(url: string): RenderedApp {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, user };
}

/** The current path and query of a rendered app, e.g. `/login?redirect=%2Fhome`. */
export function currentUrl(router: RenderedApp['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

let users = 0;

/** A unique email for this test run (each test signs up its own user). */
export function uniqueEmail(name = 'user'): string {
  users += 1;
  return `${name}-${process.pid}-${Date.now()}-${users}@example.com`;
}

/**
 * Signs a new user up through the API (`POST /auth/signup`), which also signs them in: the app rendered
 * afterwards in the same test runs with their session. Their organization's first workspace comes with it.
 */
export async function signUpUser(input: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}): Promise<UserResponse['user']> {
  const body = await callEndpoint(signUp, {
    body: {
      firstName: input.firstName ?? 'Ada',
      lastName: input.lastName ?? 'Lovelace',
      email: input.email ?? uniqueEmail(),
      password: input.password ?? 'analytical-engine',
    },
  });
  return body.user;
}

/**
 * Makes a user inside organization `organizationId` — by default a member who is not an admin, with the given
 * workspace memberships — through workspaces-auth's internal route (there is no invitation UI yet; `global-setup.ts`
 * hands the tests its URL and token), then signs them in through the API (`POST /auth/login`): the app rendered
 * afterwards runs with their session, replacing any earlier one of the test.
 */
export async function signInOrganizationMember(
  organizationId: number,
  input: Partial<Pick<CreateOrganizationUserBody, 'firstName' | 'lastName' | 'email' | 'password' | 'isAdmin' | 'workspaces'>> = {},
): Promise<UserResponse['user']> {
  const authUrl = process.env.FORMLOOM_WEB_TEST_AUTH_URL;
  const internalToken = process.env.FORMLOOM_WEB_TEST_INTERNAL_TOKEN;
  if (!authUrl || !internalToken) throw new Error('FORMLOOM_WEB_TEST_AUTH_URL / _INTERNAL_TOKEN are not set (web/test/global-setup.ts)');
  const email = input.email ?? uniqueEmail('member');
  const password = input.password ?? 'difference-engine';
  const response = await fetch(new URL(pathOf(createOrganizationUser, { organizationId }), authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
    body: JSON.stringify({
      firstName: input.firstName ?? 'Charles',
      lastName: input.lastName ?? 'Babbage',
      email,
      password,
      isAdmin: input.isAdmin ?? false,
      workspaces: input.workspaces ?? [],
    }),
  });
  if (response.status !== 201) throw new Error(`creating an organization user answered ${response.status}: ${await response.text()}`);
  const body = await callEndpoint(logIn, { body: { email, password } });
  return body.user;
}

/**
 * Sets organization `organizationId`'s flags as an operator would (`POST /internal/organizations/:id/flags`, with the
 * test product's internal token): the Conversion Kit add-on, the data region, the billing status.
 */
export async function setOrganizationFlagsAsOperator(organizationId: number, flags: SetOrganizationFlagsBody): Promise<void> {
  const authUrl = process.env.FORMLOOM_WEB_TEST_AUTH_URL;
  const internalToken = process.env.FORMLOOM_WEB_TEST_INTERNAL_TOKEN;
  if (!authUrl || !internalToken) throw new Error('FORMLOOM_WEB_TEST_AUTH_URL / _INTERNAL_TOKEN are not set (web/test/global-setup.ts)');
  const response = await fetch(new URL(pathOf(setOrganizationFlags, { organizationId }), authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
    body: JSON.stringify(flags),
  });
  if (response.status !== 200) throw new Error(`setting flags: ${response.status} ${await response.text()}`);
}
