/**
 * A confirmation dialog for a destructive action: a title, what will happen, the failure of the last try (the
 * server's words), Cancel and a red confirm button that spins while `pending`. The caller runs the action in
 * `onConfirm` and closes the dialog when it succeeds.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client';
import { IconAlert } from './icons';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What confirming does (a sentence). */
  children: ReactNode;
  /** The confirm button's words ('Remove', 'Leave'). */
  confirmLabel: string;
  onConfirm: () => void;
  /** The action runs: the confirm button spins. */
  pending?: boolean;
  /** The last try's error, shown above the buttons; null or undefined: none. */
  error?: unknown;
}

/** See the module doc. */
export function ConfirmDialog({ opened, onClose, title, children, confirmLabel, onConfirm, pending = false, error }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text fz="sm">{children}</Text>
        {error != null && (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
