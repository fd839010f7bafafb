/**
 * `/verify-email?token=…`: opened from the confirmation mail. Confirms the address at once (signed in or not:
 * the link may be opened in another browser) and says so; a used, expired or unknown link says what to do next
 * (signed in: send a new link here; signed out: log in, where the banner offers one). The confirmation is a
 * POST made by the page, so a mail scanner that fetches the link does not spend it.
 */
import { useEffect, useRef } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import { useMe } from '../features/auth/api/get-me';
import { useVerifyEmail } from '../features/auth/api/verify-email';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { useSendNewConfirmationLink } from '../features/auth/components/verify-email-banner';
import { IconAlert, IconCheck } from '../ui/icons';

/** See the module doc. */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { sendAgain, sending } = useSendNewConfirmationLink();
  const me = useMe();
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per token: a second call (React's development double effects) would find the link spent.
    if (!token || started.current === token) return;
    started.current = token;
    verify.mutate(token);
  }, [token, verify]);

  const signedIn = Boolean(me.data?.user);

  const failed = !token || verify.isError;
  return (
    <AuthLayout title="Confirm your email address">
      {verify.isSuccess ? (
        <Stack gap="md" data-testid="verify-email-done">
          <Alert color="teal" variant="light" icon={<IconCheck />} role="status">
            {copy.auth.emailVerified}
          </Alert>
          <Button component={Link} to={signedIn ? paths.home.getHref() : paths.login.getHref()} fullWidth>
            {signedIn ? 'Go to your forms' : 'Log in'}
          </Button>
        </Stack>
      ) : failed ? (
        <Stack gap="md" data-testid="verify-email-failed">
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {verify.isError ? errorMessage(verify.error) : copy.auth.verificationLinkInvalid}
          </Alert>
          {signedIn ? (
            <Button onClick={() => void sendAgain()} loading={sending} fullWidth>
              Send a new link
            </Button>
          ) : (
            <Button component={Link} to={paths.login.getHref(paths.home.getHref())} fullWidth>
              Log in
            </Button>
          )}
        </Stack>
      ) : (
        <Stack align="center" gap="sm" py="md">
          <Loader size="sm" aria-label="Confirming" />
          <Text c="dimmed" fz="sm">
            Confirming your address…
          </Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
