/**
 * `/invitation?token=…`: opened from an invitation mail (`api/workspaces-auth/members.ts`). Reads what the link is
 * for — 'Join {organization}', who invited — and offers the account form for the invited address; once the account
 * exists (and is signed in) it opens the dashboard. An address that has an account already joins with it: signed in
 * as that address, 'Join {organization}' adds them and moves their session there; not signed in, 'Log in to accept'
 * goes to the login page and back here; signed in as someone else, the page says whose invitation it is. A used,
 * revoked or expired link says so, with a way to log in. The link is read by a POST made by the page, never spent by
 * opening it (a mail scanner that fetches it changes nothing).
 */
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import { useInvitationLink } from '../features/auth/api/invitations';
import { useMe } from '../features/auth/api/get-me';
import { useJoinInvitation } from '../features/auth/api/organizations';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignupForm } from '../features/auth/components/signup-form';
import { IconAlert } from '../ui/icons';

/** See the module doc. */
export function InvitationRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const link = useInvitationLink(token);
  const me = useMe();

  if (token && (link.isPending || (link.data?.hasAccount && me.isPending))) {
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
  if (invitation.hasAccount) {
    return (
      <AuthLayout
        title={copy.members.acceptTitle(invitation.organizationName)}
        subtitle={copy.members.joinIntro(invitation.invitedBy || invitation.organizationName, invitation.organizationName, PRODUCT_NAME)}
      >
        <JoinWithAccount token={token} email={invitation.email} organizationName={invitation.organizationName} signedInAs={me.data?.user.email ?? null} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={copy.members.acceptTitle(invitation.organizationName)}
      subtitle={copy.members.acceptIntro(invitation.invitedBy || invitation.organizationName, invitation.organizationName, PRODUCT_NAME)}
    >
      <SignupForm invitation={{ token, email: invitation.email }} onSuccess={() => navigate(paths.home.getHref(), { replace: true })} />
    </AuthLayout>
  );
}

/**
 * The accept page of an address that has an account: 'Join {organization}' when that account is signed in, 'Log in to
 * accept' (back here afterwards) when no one is, and whose invitation it is when another account is.
 */
function JoinWithAccount({ token, email, organizationName, signedInAs }: { token: string; email: string; organizationName: string; signedInAs: string | null }) {
  const join = useJoinInvitation();
  const navigate = useNavigate();
  if (signedInAs === null) {
    return (
      <Stack gap="md">
        <Text fz="sm">{email}</Text>
        <Button component={Link} to={paths.login.getHref(paths.invitation.getHref(token))} fullWidth data-testid="invitation-log-in">
          {copy.members.signInToJoin}
        </Button>
      </Stack>
    );
  }
  if (signedInAs !== email) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlert />} role="alert" data-testid="invitation-wrong-account">
        {copy.members.wrongAccount(email)}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {join.isError && (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {errorMessage(join.error)}
        </Alert>
      )}
      <Button
        fullWidth
        loading={join.isPending}
        data-testid="invitation-join"
        onClick={() =>
          join.mutate(token, {
            onSuccess: (organization) => {
              notifications.show({ color: 'green', message: copy.members.joined(organization.name) });
              navigate(paths.home.getHref(), { replace: true });
            },
          })
        }
      >
        {copy.members.joinButton(organizationName)}
      </Button>
    </Stack>
  );
}
