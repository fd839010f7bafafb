/**
 * The small-screen editor notice (spec 000 §9): on a phone-sized screen (below the `sm` width) the editor says it
 * works best on a larger screen, that forms still work on mobile, and offers to mail the user a link for their
 * computer (`POST /admin/mobileEmail`, sent once per user: a second ask says where the first went). Dismissed for the
 * browser session (`sessionStorage`), so it does not follow the user from form to form.
 */
import { useState } from 'react';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { errorMessage } from '../../../lib/api-client';
import { IconCheck } from '../../../ui/icons';
import { useSendMobileEmail } from '../api/mobile-email';

/** The `sessionStorage` key of a dismissed notice. */
export const SMALL_SCREEN_NOTICE_KEY = 'formloom:small-screen-notice-dismissed';

function dismissedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(SMALL_SCREEN_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

/** See the module doc. Renders nothing from the `sm` width up (CSS), or once dismissed. */
export function SmallScreenNotice() {
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  const send = useSendMobileEmail();
  if (dismissed) return null;

  function dismiss() {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(SMALL_SCREEN_NOTICE_KEY, '1');
    } catch {
      // Private mode: dismissed for this page only.
    }
  }

  const { smallScreen } = copy.editor;
  let outcome = null;
  if (send.data) {
    outcome = (
      <Text fz="sm" c="dark.7" role="status" data-testid="small-screen-sent">
        <IconCheck size={14} /> {send.data.alreadySent ? smallScreen.alreadySent(send.data.email) : smallScreen.sent(send.data.email)}
      </Text>
    );
  } else if (send.isError) {
    outcome = (
      <Text fz="sm" c="red.8" role="alert">
        {smallScreen.failed}: {errorMessage(send.error)}
      </Text>
    );
  }

  return (
    <Box hiddenFrom="sm" data-testid="small-screen-notice">
      <Alert
        color="brand"
        variant="light"
        radius={0}
        title={smallScreen.title}
        withCloseButton
        closeButtonLabel={smallScreen.dismiss}
        onClose={dismiss}
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{smallScreen.body}</Text>
          {outcome ?? (
            <Button size="compact-sm" variant="white" onClick={() => send.mutate()} loading={send.isPending} data-testid="small-screen-send">
              {smallScreen.send}
            </Button>
          )}
        </Stack>
      </Alert>
    </Box>
  );
}
