/**
 * 'Leave organization' (ours; spec 000 §2 "Settings and members"): the end of the settings page for a user who belongs
 * to more than one organization. Asks first; leaving moves the session to another of their organizations
 * (`useLeaveOrganization`), opens `/home` and says 'You left {name}'. The server's refusals (the only admin) show in
 * the dialog.
 */
import { useId, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { OrganizationSummary } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { IconLogout } from '../../../ui/icons';
import { useLeaveOrganization } from '../api/organizations';

/** The section with its button and confirmation, for `organization` (the one the session works in). */
export function LeaveOrganization({ organization }: { organization: Pick<OrganizationSummary, 'id' | 'name'> }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveOrganization();
  const navigate = useNavigate();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" data-testid="leave-organization">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="md" id={headingId}>
            {copy.organizations.leave}
          </Title>
          <Text fz="sm" c="dimmed">
            {copy.organizations.leaveConfirmText(organization.name)}
          </Text>
        </Stack>
        <Button variant="light" color="red" leftSection={<IconLogout size={16} />} onClick={() => setConfirming(true)}>
          {copy.organizations.leave}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={copy.organizations.leaveConfirmTitle(organization.name)}
        confirmLabel={copy.organizations.leaveConfirm}
        pending={leave.isPending}
        error={leave.error}
        onConfirm={() =>
          leave.mutate(organization.id, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ color: 'green', message: copy.organizations.left(organization.name) });
              navigate(paths.home.getHref(), { replace: true });
            },
          })
        }
      >
        {copy.organizations.leaveConfirmText(organization.name)}
      </ConfirmDialog>
    </Paper>
  );
}
