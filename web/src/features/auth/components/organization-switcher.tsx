/**
 * 'Switch organization' (spec 000 §1 "users can switch organization when permitted", §2: the menu entry shown only
 * when allowed — the user belongs to more than one organization, `MeResponse.canSwitchOrganization`): a dialog listing
 * the user's organizations by name, the current one marked, each with the user's role. Choosing another moves the
 * session there (`useSwitchOrganization`), drops what was cached of the old one, opens `/home` and says 'Switched to
 * {name}'.
 */
import { Badge, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconBuilding } from '../../../ui/app-icons';
import { IconCheck } from '../../../ui/icons';
import { useOrganizations, useSwitchOrganization } from '../api/organizations';
import classes from './organization-switcher.module.css';

/** The switcher dialog; it reads the organizations only while open. */
export function OrganizationSwitcher({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const organizations = useOrganizations(opened);
  const switching = useSwitchOrganization();
  const navigate = useNavigate();

  function choose(organizationId: number) {
    switching.mutate(organizationId, {
      onSuccess: (organization) => {
        onClose();
        notifications.show({ color: 'green', message: copy.organizations.switched(organization.name) });
        navigate(paths.home.getHref(), { replace: true });
      },
      onError: (error) => notifications.show({ color: 'red', title: copy.organizations.switchOrganization, message: errorMessage(error) }),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={copy.organizations.switchOrganization} centered data-testid="organization-switcher">
      {organizations.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={copy.organizations.switcherTitle} />
        </Group>
      ) : (
        <Stack gap={6} component="ul" aria-label={copy.organizations.switcherTitle} className={classes.list}>
          {(organizations.data ?? []).map((organization) => (
            <li key={organization.id}>
              <UnstyledButton
                className={classes.option}
                onClick={() => !organization.isCurrent && choose(organization.id)}
                disabled={switching.isPending}
                aria-current={organization.isCurrent ? 'true' : undefined}
                data-testid={`organization-option-${organization.id}`}
              >
                <Group gap="xs" justify="space-between">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <IconBuilding size={18} />
                    <Text fw={600} className={classes.name}>
                      {organization.name}
                    </Text>
                  </Group>
                  <Group gap={6} wrap="nowrap" ml="auto">
                    {organization.isAdmin && (
                      <Badge variant="light" color="gray" size="sm">
                        {copy.organizations.adminBadge}
                      </Badge>
                    )}
                    {organization.isCurrent && (
                      <Badge variant="filled" size="sm" leftSection={<IconCheck size={12} />}>
                        {copy.organizations.current}
                      </Badge>
                    )}
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
