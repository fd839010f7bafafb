/**
 * `/invitation?token=…`: opened from an invitation mail (`api/workspaces-auth/members.ts`). Reads what the link is
 * for — 'Join {organization}', who invited — and offers the account form for the invited address; once the account
 * exists (and is signed in) it opens the dashboard. A used, revoked or expired link says so, with a way to log in. The
 * link is read by a POST made by the page, never spent by opening it (a mail scanner that fetches it changes nothing).
 */
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import { useInvitationLink } from '../features/auth/api/invitations';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignupForm } from '../features/auth/components/signup-form';
import { IconAlert } from '../ui/icons';

/** See the module doc. */
export function InvitationRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const link = useInvitationLink(token);

  if (token && link.isPending) {
    return (
      <AuthLayout title={copy.members.checkingInvitation}>
        <Stack align="center" py="md">
          <Loader size="sm" aria-label={copy.members.checkingInvitation} />
        </Stack>
      </AuthLayout>
    );
  }
  if (!token || link.isError || !link.data) {
    return (
      <AuthLayout title={copy.members.invitationInvalid}>
        <Stack gap="md" data-testid="invitation-invalid">
          {link.isError && errorMessage(link.error) !== copy.members.invitationInvalid && (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {errorMessage(link.error)}
            </Alert>
          )}
          <Text c="dimmed" fz="sm">
            {copy.members.invalidHint}
          </Text>
          <Button component={Link} to={paths.login.getHref(paths.home.getHref())} fullWidth>
            Log in
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  const invitation = link.data;
  return (
    <AuthLayout
      title={copy.members.acceptTitle(invitation.organizationName)}
      subtitle={copy.members.acceptIntro(invitation.invitedBy || invitation.organizationName, invitation.organizationName, PRODUCT_NAME)}
    >
      <SignupForm invitation={{ token, email: invitation.email }} onSuccess={() => navigate(paths.home.getHref(), { replace: true })} />
    </AuthLayout>
  );
}
