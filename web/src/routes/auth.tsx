/**
 * `/login` and `/signup`: after success go to `?redirect=` (when it is a path on this site) or `/home`. A
 * signed-in visitor never sees them: their loader (`signedOutLoader`) sends them on first.
 */
import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, REDIRECT_PARAM, safeRedirectTarget } from '../config/paths';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { LoginForm } from '../features/auth/components/login-form';
import { SignupForm } from '../features/auth/components/signup-form';

/** The `?redirect=` of the page as given (to pass on between the two pages) and the checked target to open. */
function useRedirect(): { redirect: string | null; target: string } {
  const [params] = useSearchParams();
  const redirect = params.get(REDIRECT_PARAM);
  return { redirect, target: safeRedirectTarget(redirect) };
}

/** `/login`: 'Welcome back' and the login form; links to sign-up, keeping `?redirect=`. */
export function LoginRoute() {
  const { redirect, target } = useRedirect();
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to build forms and see your responses."
      footer={
        <>
          New to Formloom?{' '}
          <Anchor component={Link} to={paths.signup.getHref(redirect)} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <LoginForm onSuccess={() => navigate(target, { replace: true })} />
    </AuthLayout>
  );
}

/** `/signup`: 'Create your account' and the sign-up form; links to login, keeping `?redirect=`. */
export function SignupRoute() {
  const { redirect, target } = useRedirect();
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Build beautiful forms in minutes. Free to start."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login.getHref(redirect)} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <SignupForm onSuccess={() => navigate(target, { replace: true })} />
    </AuthLayout>
  );
}
