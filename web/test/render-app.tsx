/**
 * Helpers of the web component tests: render the whole app (its real route table, loaders and providers) at
 * a URL in a memory router, and make a user through the product's API (the session cookie lands in the test's
 * cookie jar, so the app then runs signed in). Every call goes to the product `global-setup.ts` started.
 */
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { signUp, type UserResponse } from '@formloom/contracts/api/workspaces-auth/auth';
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
