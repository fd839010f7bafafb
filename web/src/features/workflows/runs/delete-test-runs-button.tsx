/**
 * 'Delete test runs' (spec 001 §7 `DELETE …/workflowRuns/…?mode=edit`): asks to confirm, then deletes the workflow's
 * test runs; live runs stay. A failure shows spec 001 §8's 'Had trouble deleting workflow runs. Contact support for
 * any help' as a toast.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { errorMessage } from '../../../lib/api-client';
import { IconTrash } from '../../../ui/icons';
import { useDeleteTestRuns } from '../api/run-actions';

export function DeleteTestRunsButton({ flowPublicIdentifier, workflowId }: { flowPublicIdentifier: string; workflowId: string }) {
  const [opened, setOpened] = useState(false);
  const remove = useDeleteTestRuns();

  async function confirm() {
    try {
      await remove.mutateAsync({ flowPublicIdentifier, workflowId });
      notifications.show({ color: 'green', message: copy.workflowRuns.testRunsDeleted });
      setOpened(false);
    } catch (error) {
      const message = errorMessage(error);
      notifications.show(
        message === copy.workflows.deleteRunsFailed
          ? { color: 'red', message }
          : { color: 'red', title: copy.workflows.deleteRunsFailed, message },
      );
    }
  }

  return (
    <>
      <Button variant="light" color="red.9" leftSection={<IconTrash size={14} />} onClick={() => setOpened(true)}>
        {copy.workflowRuns.deleteTestRuns}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={copy.workflowRuns.deleteTestRuns}>
        <Stack gap="md">
          <Text fz="sm">{copy.workflowRuns.deleteTestRunsConfirm}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpened(false)}>
              {copy.workflowRuns.cancel}
            </Button>
            <Button color="red.9" onClick={() => void confirm()} loading={remove.isPending}>
              {copy.workflowRuns.deleteTestRuns}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
