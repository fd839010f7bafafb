/** `/login` and `/signup`: after success go to `?redirect=` (a same-site path) or `/home`. */
import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { LoginForm } from '../features/auth/components/login-form';
import { RedirectIfSignedIn } from '../features/auth/components/require-auth';
import { SignupForm } from '../features/auth/components/signup-form';

/** The post-sign-in target: `redirect` when it is a same-site path, else `/home`. */
function useRedirectTarget(): string {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home';
}

export function LoginRoute() {
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <RedirectIfSignedIn to={target}>
      <AuthLayout
        title="Welcome back"
        subtitle="Log in to build forms and see your responses."
        footer={
          <>
            New to Formloom?{' '}
            <Anchor component={Link} to={`/signup${params.toString() ? `?${params}` : ''}`} fw={600}>
              Create an account
            </Anchor>
          </>
        }
      >
        <LoginForm onSuccess={() => navigate(target, { replace: true })} />
      </AuthLayout>
    </RedirectIfSignedIn>
  );
}

export function SignupRoute() {
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <RedirectIfSignedIn to={target}>
      <AuthLayout
        title="Create your account"
        subtitle="Build beautiful forms in minutes. Free to start."
        footer={
          <>
            Already have an account?{' '}
            <Anchor component={Link} to={`/login${params.toString() ? `?${params}` : ''}`} fw={600}>
              Log in
            </Anchor>
          </>
        }
      >
        <SignupForm onSuccess={() => navigate(target, { replace: true })} />
      </AuthLayout>
    </RedirectIfSignedIn>
  );
}
