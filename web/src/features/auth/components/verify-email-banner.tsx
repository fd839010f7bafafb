/**
 * The banner above every signed-in page while the user's address is unconfirmed: where the link went, and a
 * button that sends a new one (the older stops working). Hidden once `user.emailVerified` (the confirmation
 * page, or another tab, reloads `/auth/me`).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { errorMessage } from '../../../lib/api-client';
import { IconAlert, IconCheck } from '../../../ui/icons';
import { useMe } from '../api/get-me';
import { useResendVerification } from '../api/verify-email';

/**
 * Asks for a new confirmation link and says how it went in a toast: `sendAgain()` to call from a button,
 * `sending` while the request runs.
 */
export function useSendNewConfirmationLink(): { sendAgain: () => Promise<void>; sending: boolean } {
  const resend = useResendVerification();
  const sendAgain = async () => {
    try {
      const { email } = await resend.mutateAsync();
      notifications.show({ color: 'green', icon: <IconCheck size={16} />, message: copy.auth.verificationSent(email) });
    } catch (error) {
      notifications.show({ color: 'red', title: 'No new link was sent', message: errorMessage(error) });
    }
  };
  return { sendAgain, sending: resend.isPending };
}

/** See the module doc. Renders nothing for a confirmed or signed-out user. */
export function VerifyEmailBanner() {
  const me = useMe();
  const { sendAgain, sending } = useSendNewConfirmationLink();
  const user = me.data?.user;
  if (!user || user.emailVerified) return null;

  return (
    <Alert color="yellow" variant="light" radius={0} icon={<IconAlert />} py="xs" data-testid="verify-email-banner">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm" c="dark.7">
          {copy.auth.verifyEmailBanner(user.email)}
        </Text>
        <Button size="compact-sm" variant="white" color="dark" onClick={() => void sendAgain()} loading={sending}>
          Send a new link
        </Button>
      </Group>
    </Alert>
  );
}
