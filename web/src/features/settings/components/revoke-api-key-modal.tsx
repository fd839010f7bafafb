/**
 * The confirmation before revoking an API key (`DELETE /admin/apiKeys/:apiKeyId`): 'Revoke "<name>"? Apps using
 * this key stop working at once.' with 'Cancel' and 'Revoke'. A revoked key disappears from the list and a toast
 * says so; a failure shows the server's message in the dialog.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKey } from '@formloom/contracts/api/workspaces-auth/api-keys';
import * as copy from '@formloom/contracts/copy';
import { errorMessage } from '../../../lib/api-client';
import { IconAlert } from '../../../ui/icons';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** The key to revoke (`null`: the dialog is closed) and how the dialog closes. */
export interface RevokeApiKeyModalProps {
  apiKey: ApiKey | null;
  onClose: () => void;
}

/** The revoke confirmation; see the module comment. */
export function RevokeApiKeyModal({ apiKey, onClose }: RevokeApiKeyModalProps) {
  const revokeApiKey = useRevokeApiKey();
  // The last key asked about stays named while the dialog's close transition runs.
  const [shown, setShown] = useState(apiKey);
  if (apiKey && apiKey !== shown) setShown(apiKey);

  function close() {
    revokeApiKey.reset();
    onClose();
  }

  function revoke() {
    if (!apiKey) return;
    revokeApiKey.mutate(apiKey.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: copy.settings.revoked(apiKey.name) });
        close();
      },
    });
  }

  return (
    <Modal opened={apiKey !== null} onClose={close} title={copy.settings.revokeTitle} centered>
      <Stack>
        <Text fz="sm">{shown ? copy.settings.revokeConfirm(shown.name) : ''}</Text>
        {revokeApiKey.isError && (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {errorMessage(revokeApiKey.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {copy.settings.cancel}
          </Button>
          <Button color="red" onClick={revoke} loading={revokeApiKey.isPending}>
            {copy.settings.revoke}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
