/**
 * Route guard: renders its children (or the nested routes) for a signed-in user, redirects to
 * `/login?redirect=<here>` otherwise. While `/auth/me` loads a full-screen loader is shown.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorAlert, PageLoader } from '../../../ui/states';
import { Container } from '@mantine/core';
import { useMe } from '../api/get-me';

export function RequireAuth({ children }: { children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageLoader fullScreen />;
  if (me.isError) {
    return (
      <Container size="sm" py="xl">
        <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />
      </Container>
    );
  }
  if (!me.data) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return children ?? <Outlet />;
}

/** For /login and /signup: a signed-in user is sent on to `to` instead. */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <PageLoader fullScreen />;
  if (me.data) return <Navigate to={to} replace />;
  return children;
}
