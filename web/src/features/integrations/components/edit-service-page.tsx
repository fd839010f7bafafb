/**
 * One connected account, `/home/integrations/edit/{serviceId}` (spec 001 §2: where the HubSpot panel's and the
 * schema-failure warnings' reconnect link lead, in a new tab): its service, status — with what the provider said when
 * it refused the credentials — and, for the member who connected it or an admin, the connect form in its edit mode
 * ('Save': a new token reconnects it; spec 000 §4). Anyone else reads 'Contact an admin or support@{host} to reconnect
 * this {service} account' (spec 000 §6). 'Check connection' asks the provider again.
 */
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { CONNECT_DEFINITIONS } from '@formloom/contracts/integrations/registry';
import { SERVICE_TYPE_NAMES } from '@formloom/contracts/integrations/service-types';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconLock, IconRefresh } from '../../../ui/icons';
import { BackLink } from '../../../ui/back-link';
import { ErrorAlert, PageLoader } from '../../../ui/states';
import { useCheckService, useService } from '../api/services';
import { ConnectForm } from './connect-form';
import { OAuthOutcome } from './oauth-outcome';
import { accountOf, ServiceMark, ServiceStatusBadge } from './integrations-page';
import classes from './integrations.module.css';

/** Props of {@link EditServicePage}. */
export interface EditServicePageProps {
  serviceId: string;
  currentUserId: number;
  isAdmin: boolean;
}

/** See the module doc. */
export function EditServicePage({ serviceId, currentUserId, isAdmin }: EditServicePageProps) {
  const service = useService(serviceId);
  const check = useCheckService();
  return (
    <Container size="sm" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <BackLink to={paths.integrations.getHref()} label={copy.integrations.backToIntegrations} />
        <OAuthOutcome services={service.data ? [service.data] : undefined} />
        {service.isPending ? (
          <PageLoader />
        ) : service.isError ? (
          <ErrorAlert error={service.error} title={copy.integrations.pageTitle} />
        ) : (
          (() => {
            const connection = service.data;
            const serviceName = SERVICE_TYPE_NAMES[connection.type];
            const definition = CONNECT_DEFINITIONS[connection.type];
            const canChange = isAdmin || connection.userId === currentUserId;
            const account = accountOf(connection);
            return (
              <>
                <Group gap="sm" wrap="nowrap" align="center">
                  <ServiceMark type={connection.type} size={44} />
                  <Stack gap={2} miw={0}>
                    <Title order={1} fz={{ base: 22, sm: 26 }} className={classes.anywhere} data-testid="service-title">
                      {connection.name}
                    </Title>
                    <Group gap="xs">
                      <Text fz="sm" c="dimmed">
                        {copy.integrations.editTitle(serviceName)}
                        {account ? ` · ${account}` : ''}
                      </Text>
                      <ServiceStatusBadge service={connection} />
                    </Group>
                  </Stack>
                </Group>
                {connection.status === 'broken' && connection.statusDetail && (
                  <Alert color="red" variant="light" data-testid="service-problem">
                    {connection.statusDetail}
                  </Alert>
                )}
                <Paper withBorder p="lg" radius="md">
                  {canChange && definition ? (
                    <ConnectForm
                      key={connection.updatedAt}
                      definition={definition}
                      existing={connection}
                      isFirst={false}
                      source="integrations"
                      onDone={(saved) => notifications.show({ color: 'teal', message: copy.integrations.savedToast(saved.name) })}
                    />
                  ) : (
                    <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="service-ask-admin">
                      {copy.integrations.reconnectAskAdmin(serviceName, window.location.hostname)}
                    </Alert>
                  )}
                </Paper>
                <Group>
                  <Button
                    variant="default"
                    leftSection={<IconRefresh size={16} />}
                    loading={check.isPending}
                    onClick={() =>
                      check.mutate(connection.id, {
                        onSuccess: (checked) =>
                          notifications.show(
                            checked.status === 'connected'
                              ? { color: 'teal', message: copy.integrations.checkedOk(checked.name) }
                              : { color: 'red', message: copy.integrations.checkedBroken(checked.name) },
                          ),
                        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
                      })
                    }
                    data-testid="service-check"
                  >
                    {copy.integrations.check}
                  </Button>
                </Group>
              </>
            );
          })()
        )}
      </Stack>
    </Container>
  );
}
