/**
 * 'Integrations', `/home/integrations` (ours; spec 000 §3 "Service connection", §4 "Service connect form"): the
 * organization's connected accounts — each with its service, name, the account the provider reported (email or
 * workspace), whether it still works ('Connected' / 'Needs reconnecting') and who connected it — and 'Connect an
 * account': choose a service (the connectable types of the registry), then its connect form. Each account's menu
 * checks it with the provider, opens its page to edit or reconnect it (spec 001 §2 `/home/integrations/edit/{id}`),
 * or disconnects it after asking; editing and disconnecting are for the member who connected it or an admin.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Avatar, Badge, Button, Container, Group, Menu, Modal, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { ServiceConnection } from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import { CONNECT_DEFINITIONS } from '@formloom/contracts/integrations/registry';
import { SERVICE_TYPE_NAMES, type ServiceType } from '@formloom/contracts/integrations/service-types';
import { paths } from '../../../config/paths';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { IconChevronLeft, IconDots, IconPencil, IconPlus, IconRefresh, IconTrash } from '../../../ui/icons';
import { ErrorAlert, PageLoader } from '../../../ui/states';
import { useCheckService, useDeleteService, useServices } from '../api/services';
import { ConnectForm } from './connect-form';
import { OAuthOutcome } from './oauth-outcome';
import classes from './integrations.module.css';

/** The types that can be connected here, by name. */
const CONNECTABLE = (Object.keys(CONNECT_DEFINITIONS) as ServiceType[]).sort((a, b) => SERVICE_TYPE_NAMES[a].localeCompare(SERVICE_TYPE_NAMES[b]));

/** Props of {@link IntegrationsPage}: who is looking (they change their own accounts; an admin every one). */
export interface IntegrationsPageProps {
  currentUserId: number;
  isAdmin: boolean;
}

/** A service's mark: its initials on its colour (Mantine's `initials` colour, stable per name). */
export function ServiceMark({ type, size = 36 }: { type: ServiceType; size?: number }) {
  return <Avatar name={SERVICE_TYPE_NAMES[type]} color="initials" size={size} radius="md" aria-hidden="true" />;
}

/** The status badge of a connection. */
export function ServiceStatusBadge({ service }: { service: ServiceConnection }) {
  return service.status === 'connected' ? (
    <Badge color="teal" variant="light" className={classes.connectedBadge} data-testid="service-status">
      {copy.integrations.connected}
    </Badge>
  ) : (
    <Badge color="red" variant="light" className={classes.brokenBadge} data-testid="service-status">
      {copy.integrations.broken}
    </Badge>
  );
}

/** What the provider said the account is: its email, else its workspace, else its person's name. */
export function accountOf(service: ServiceConnection): string | undefined {
  const state = service.sessionState;
  return state.email ?? state.workspaceName ?? state.firstName;
}

/** See the module doc. */
export function IntegrationsPage({ currentUserId, isAdmin }: IntegrationsPageProps) {
  const services = useServices();
  const [choosing, setChoosing] = useState(false);
  // The chosen service, and whether it is the organization's first of its kind then (kept while the dialog closes).
  const [picked, setPicked] = useState<{ type: ServiceType; isFirst: boolean } | null>(null);
  // The chosen service is forgotten when the dialog opens again, not as it closes (it would show the chooser while
  // fading out).
  const open = () => {
    setPicked(null);
    setChoosing(true);
  };
  const close = () => setChoosing(false);
  const definition = picked ? CONNECT_DEFINITIONS[picked.type] : undefined;
  return (
    <Container size="md" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} maw="36rem">
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {copy.integrations.pageTitle}
            </Title>
            <Text c="dimmed" fz="sm">
              {copy.integrations.intro}
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={open} data-testid="connect-account">
            {copy.integrations.connectAccount}
          </Button>
        </Group>
        <OAuthOutcome services={services.data} />
        {services.isPending ? (
          <PageLoader />
        ) : services.isError ? (
          <ErrorAlert error={services.error} title={copy.integrations.pageTitle} onRetry={() => void services.refetch()} />
        ) : services.data.length === 0 ? (
          <Paper withBorder p="xl" radius="md" ta="center" data-testid="services-empty">
            <Text fw={600}>{copy.integrations.noConnections}</Text>
            <Text c="dimmed" fz="sm">
              {copy.integrations.noConnectionsHint}
            </Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" className={classes.list} aria-label={copy.integrations.settingsLink}>
            {services.data.map((service) => (
              <ServiceRow key={service.id} service={service} canChange={isAdmin || service.userId === currentUserId} mine={service.userId === currentUserId} />
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={choosing}
        onClose={close}
        title={definition ? copy.integrations.connectTitle(SERVICE_TYPE_NAMES[definition.type]) : copy.integrations.chooseService}
        centered
        size="lg"
      >
        {definition ? (
          <Stack gap="md">
            <Anchor component="button" type="button" fz="sm" w="fit-content" onClick={() => setPicked(null)}>
              <Group gap={4} wrap="nowrap">
                <IconChevronLeft size={14} />
                {copy.integrations.chooseService}
              </Group>
            </Anchor>
            <ConnectForm
              definition={definition}
              isFirst={picked?.isFirst ?? true}
              source="integrations"
              onDone={(service) => {
                close();
                notifications.show({ color: 'teal', message: copy.integrations.connectedToast(service.name) });
              }}
            />
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="service-picker">
            {CONNECTABLE.map((candidate) => (
              <UnstyledButton
                key={candidate}
                onClick={() => setPicked({ type: candidate, isFirst: !services.data?.some((service) => service.type === candidate) })}
                data-testid={`pick-${candidate}`}
                className={classes.pick}
              >
                <Group gap="sm" wrap="nowrap">
                  <ServiceMark type={candidate} />
                  <Text fw={600}>{SERVICE_TYPE_NAMES[candidate]}</Text>
                </Group>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </Modal>
    </Container>
  );
}

/** One connection: its mark, names, account, status, and its menu. */
function ServiceRow({ service, canChange, mine }: { service: ServiceConnection; canChange: boolean; mine: boolean }) {
  const check = useCheckService();
  const remove = useDeleteService();
  const [confirming, setConfirming] = useState(false);
  const account = accountOf(service);
  const runCheck = async () => {
    try {
      const checked = await check.mutateAsync(service.id);
      notifications.show(
        checked.status === 'connected'
          ? { color: 'teal', message: copy.integrations.checkedOk(checked.name) }
          : { color: 'red', message: copy.integrations.checkedBroken(checked.name) },
      );
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="service-row" data-service-id={service.id}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
          <ServiceMark type={service.type} />
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600} component={Link} to={paths.integrationEdit.getHref(service.id)} c="inherit" td="none" data-testid="service-name">
                {service.name}
              </Text>
              <ServiceStatusBadge service={service} />
            </Group>
            <Text fz="sm" c="dimmed" className={classes.anywhere}>
              {SERVICE_TYPE_NAMES[service.type]}
              {account ? ` · ${account}` : ''}
              {` · ${mine ? copy.integrations.connectedByYou : copy.integrations.connectedByOther}`}
            </Text>
            {service.status === 'broken' && service.statusDetail && (
              <Alert color="red" variant="light" p="xs" mt={4} data-testid="service-problem">
                <Text fz="sm">{service.statusDetail}</Text>
              </Alert>
            )}
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={copy.integrations.actions(service.name)} loading={check.isPending} data-testid="service-menu">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => void runCheck()}>
              {copy.integrations.check}
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={14} />} component={Link} to={paths.integrationEdit.getHref(service.id)}>
              {service.status === 'broken' && canChange ? copy.integrations.reconnect : copy.integrations.edit}
            </Menu.Item>
            {canChange && (
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                {copy.integrations.disconnect}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={copy.integrations.disconnectTitle(service.name)}
        confirmLabel={copy.integrations.disconnect}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(service.id, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ message: copy.integrations.disconnected(service.name) });
            },
          })
        }
      >
        {copy.integrations.disconnectBody}
      </ConfirmDialog>
    </Paper>
  );
}
