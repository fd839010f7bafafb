/**
 * The route table (spec 000 §2 routes that exist so far; every path comes from `src/config/paths.ts`):
 * - `/login`, `/signup` — public; a signed-in visitor is sent on by the loader
 * - `/home`, `/home/:workspaceSlug` — the dashboard (signed in, inside the app shell)
 * - `/home/forms[/:workspaceSlug][/new/:stage…]` — the dashboard with the new-flow dialog over it
 * - `/home/zite[/:workspaceSlug]/new` — the dashboard with the 'Make a Zite' modal over it
 * - `/home/starred`, `/home/recents`, `/home/trash` — the home lists (inside the home layout: sidebar, dragging)
 * - `/home/settings` — settings (signed in, inside the app shell); a static segment, so it wins over `:workspaceSlug`
 * - `/editor/:flowPublicIdentifier/{edit,share,results,workflows}` — the editor (signed in, inside the app shell)
 * - `/approve#token=…` — the approver's page of an approval step (public, outside the app shell)
 * - `/editor/:flowPublicIdentifier/workflows-edit/:workflowId[?edit-node=…]` — a workflow's canvas (inside the editor)
 * - `/editor/:flowPublicIdentifier/workflows-edit/:workflowId/runs[/:runId]` — a workflow's runs, one run (inside the editor)
 * The public form (`/t/:flowPublicIdentifier`) is not an app route: it is its own page and entry (`form.html`,
 * `src/respondent/`), linked to with plain links that load it.
 *
 * Data: each route's loader puts what its page needs into the react-query cache (`queryClient.ensureQueryData`)
 * before the page renders, and nested loaders run in parallel — the sign-in guard's `/auth/me`, the header's
 * workspaces and the page's data (the flow, a workspace's forms) load at once, not one after
 * another as components mount. The guard redirects in its loader (`src/app/loaders.ts`).
 *
 * Code: page modules and their loaders are loaded lazily and in parallel (react-router's per-property `lazy`),
 * so a page downloads its own code only.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { NotFoundRoute, RouteErrorBoundary } from '../routes/not-found';
import type { AppLayoutHandle } from '../routes/app-layout';
import { PageLoader } from '../ui/states';
import { signedInLoader, signedOutLoader } from './loaders';

/** Redirects `/editor/:flowPublicIdentifier` (and unknown tabs) to its 'edit' tab. */
function toEditTab({ params }: { params: { flowPublicIdentifier?: string } }): Response {
  return redirect(paths.editor.getHref(params.flowPublicIdentifier ?? '', 'edit'));
}

/**
 * The app's routes, their loaders bound to `queryClient` (the one the app renders with: loaders fill the cache
 * its hooks read). Used by {@link createAppRouter} and, with a memory router, by the component tests.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const editorHandle: AppLayoutHandle = { stickyHeader: false };
  const workspacelessHandle: AppLayoutHandle = { workspaceless: true };
  return [
    {
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <PageLoader fullScreen />,
      children: [
        { path: paths.root.path, loader: () => redirect(paths.home.getHref()) },
        { path: paths.templateLink.path, loader: ({ params }) => redirect(paths.templateLink.targetOf(params.slug ?? '')) },
        {
          path: paths.login.path,
          loader: signedOutLoader(queryClient),
          lazy: { Component: async () => (await import('../routes/auth')).LoginRoute },
        },
        {
          path: paths.signup.path,
          loader: signedOutLoader(queryClient),
          lazy: { Component: async () => (await import('../routes/auth')).SignupRoute },
        },
        {
          path: paths.verifyEmail.path,
          lazy: { Component: async () => (await import('../routes/verify-email')).VerifyEmailRoute },
        },
        {
          // An invitation mail's link: public (the invited person has no account yet), outside the app shell.
          path: paths.invitation.path,
          lazy: { Component: async () => (await import('../routes/invitation')).InvitationRoute },
        },
        {
          // The approver's page: public, outside the app shell (the token is in the link's fragment).
          path: paths.approval.path,
          lazy: { Component: async () => (await import('../routes/approve')).ApproveRoute },
        },
        {
          loader: signedInLoader(queryClient),
          children: [
            {
              lazy: {
                loader: async () => (await import('../routes/app-layout-loader')).appLayoutLoader(queryClient),
                Component: async () => (await import('../routes/app-layout')).AppLayoutRoute,
              },
              children: [
                {
                  lazy: { Component: async () => (await import('../routes/home-layout')).HomeLayoutRoute },
                  children: [
                    ...[paths.home.path, paths.workspace.path].map((path) => ({
                      path,
                      lazy: {
                        loader: async () => (await import('../routes/home-loader')).homeLoader(queryClient),
                        Component: async () => (await import('../routes/home')).HomeRoute,
                      },
                    })),
                    ...[paths.newFlow.path, paths.newFlow.inWorkspacePath, ...paths.newFlow.entryPaths].map((path) => ({
                      path,
                      lazy: {
                        loader: async () => (await import('../routes/home-loader')).homeLoader(queryClient),
                        Component: async () => (await import('../routes/home')).NewFlowRoute,
                      },
                    })),
                    ...[paths.makeZite.path, paths.makeZite.inWorkspacePath].map((path) => ({
                      path,
                      lazy: {
                        loader: async () => (await import('../routes/home-loader')).homeLoader(queryClient),
                        Component: async () => (await import('../routes/home')).MakeZiteRoute,
                      },
                    })),
                    {
                      path: paths.starred.path,
                      handle: workspacelessHandle,
                      lazy: {
                        loader: async () => (await import('../routes/home-loader')).flowListLoader(queryClient, 'starred'),
                        Component: async () => (await import('../routes/home')).StarredRoute,
                      },
                    },
                    {
                      path: paths.recents.path,
                      handle: workspacelessHandle,
                      lazy: {
                        loader: async () => (await import('../routes/home-loader')).flowListLoader(queryClient, 'recents'),
                        Component: async () => (await import('../routes/home')).RecentsRoute,
                      },
                    },
                    {
                      path: paths.trash.path,
                      handle: workspacelessHandle,
                      lazy: {
                        loader: async () => (await import('../routes/home-loader')).flowListLoader(queryClient, 'trash'),
                        Component: async () => (await import('../routes/home')).TrashRoute,
                      },
                    },
                  ],
                },
                {
                  path: paths.integrations.path,
                  handle: workspacelessHandle,
                  lazy: { Component: async () => (await import('../routes/integrations')).IntegrationsRoute },
                },
                {
                  path: paths.integrationEdit.path,
                  handle: workspacelessHandle,
                  lazy: { Component: async () => (await import('../routes/integrations')).IntegrationEditRoute },
                },
                {
                  path: paths.customDomains.path,
                  handle: workspacelessHandle,
                  lazy: { Component: async () => (await import('../routes/custom-domains')).CustomDomainsRoute },
                },
                {
                  path: paths.settings.path,
                  handle: workspacelessHandle,
                  lazy: {
                    loader: async () => (await import('../routes/settings-loader')).settingsLoader(queryClient),
                    Component: async () => (await import('../routes/settings')).SettingsRoute,
                  },
                },
                {
                  path: paths.editor.path,
                  handle: editorHandle,
                  lazy: {
                    loader: async () => (await import('../routes/editor/editor-loaders')).editorLoader(queryClient),
                    Component: async () => (await import('../routes/editor/editor-layout')).EditorLayoutRoute,
                  },
                  children: [
                    { index: true, loader: toEditTab },
                    {
                      path: paths.editor.tabPath('edit'),
                      lazy: { Component: async () => (await import('../routes/editor/tabs')).EditTabRoute },
                    },
                    {
                      path: paths.editor.tabPath('share'),
                      lazy: { Component: async () => (await import('../routes/editor/tabs')).ShareTabRoute },
                    },
                    {
                      path: paths.editor.tabPath('results'),
                      // Switching the view (`?view=summary`) is the page's own business: it shows its loading state.
                      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
                        currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate,
                      lazy: {
                        loader: async () => (await import('../routes/editor/editor-loaders')).resultsTabLoader(queryClient),
                        Component: async () => (await import('../routes/editor/tabs')).ResultsTabRoute,
                      },
                    },
                    {
                      path: paths.editor.tabPath('workflows'),
                      lazy: {
                        loader: async () => (await import('../routes/editor/editor-loaders')).workflowsTabLoader(queryClient),
                        Component: async () => (await import('../routes/editor/tabs')).WorkflowsTabRoute,
                      },
                    },
                    {
                      path: paths.workflowCanvas.path,
                      // Opening a node's panel (`?edit-node=`) is the canvas's own business.
                      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
                        currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate,
                      lazy: {
                        loader: async () => (await import('../routes/editor/workflow-canvas')).workflowCanvasLoader(queryClient),
                        Component: async () => (await import('../routes/editor/workflow-canvas')).WorkflowCanvasRoute,
                      },
                    },
                    {
                      path: paths.workflowRuns.path,
                      lazy: {
                        loader: async () => (await import('../routes/editor/workflow-runs-loaders')).workflowRunsLoader(queryClient),
                        Component: async () => (await import('../routes/editor/workflow-runs')).WorkflowRunsRoute,
                      },
                    },
                    {
                      path: paths.workflowRun.path,
                      lazy: {
                        loader: async () => (await import('../routes/editor/workflow-runs-loaders')).workflowRunLoader(queryClient),
                        Component: async () => (await import('../routes/editor/workflow-runs')).WorkflowRunRoute,
                      },
                    },
                    { path: '*', loader: toEditTab },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}

/** The browser router of the app over {@link createRoutes}. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
