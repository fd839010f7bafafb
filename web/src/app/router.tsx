/**
 * The route table (spec 000 §2 routes that exist so far):
 * - `/login`, `/signup` — public
 * - `/home`, `/home/:workspaceSlug` — dashboard (signed in)
 * - `/editor/:flowPublicIdentifier/{edit,share,results,workflows}` — editor (signed in)
 * - `/t/:flowPublicIdentifier` — the public form (no sign-in, no app chrome)
 *
 * Screens are loaded lazily so a respondent opening `/t/…` downloads the public form only.
 */
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth';
import { NotFoundRoute, RouteErrorBoundary } from '../routes/not-found';
import { PageLoader } from '../ui/states';

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/login', lazy: async () => ({ Component: (await import('../routes/auth')).LoginRoute }) },
      { path: '/signup', lazy: async () => ({ Component: (await import('../routes/auth')).SignupRoute }) },
      {
        path: '/t/:flowPublicIdentifier',
        lazy: async () => ({ Component: (await import('../routes/public-form')).PublicFormRoute }),
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/home', lazy: async () => ({ Component: (await import('../routes/home')).HomeRoute }) },
          { path: '/home/:workspaceSlug', lazy: async () => ({ Component: (await import('../routes/home')).HomeRoute }) },
          {
            path: '/editor/:flowPublicIdentifier',
            lazy: async () => ({ Component: (await import('../routes/editor/editor-layout')).EditorLayoutRoute }),
            children: [
              { index: true, element: <Navigate to="edit" replace /> },
              { path: 'edit', lazy: async () => ({ Component: (await import('../routes/editor/tabs')).EditTabRoute }) },
              { path: 'share', lazy: async () => ({ Component: (await import('../routes/editor/tabs')).ShareTabRoute }) },
              { path: 'results', lazy: async () => ({ Component: (await import('../routes/editor/tabs')).ResultsTabRoute }) },
              { path: 'workflows', lazy: async () => ({ Component: (await import('../routes/editor/tabs')).WorkflowsTabRoute }) },
              { path: '*', element: <Navigate to="edit" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
