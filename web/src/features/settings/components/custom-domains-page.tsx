/**
 * 'Custom domain settings', `/home/settings/custom-domains` (spec 000 §1; §3 "Organization: … has a subdomain", §5
 * "Subdomain update needs a non-empty value", §8): the organization's subdomain — the address its published forms are
 * served at (`https://{subdomain}.{base host}/t/…`, docs/architecture.md §6 workspaces-auth "Domains") — and the
 * dialog that sets it. The dialog checks the value as the server does (`rules/subdomain.ts`); a refusal shows in the
 * dialog with a leading 'Error: ' removed (spec 000 §8), an answer without a subdomain says
 * 'Unexpected error updating subdomain - contact support for any assistance', and success toasts 'Subdomain updated to
 * {subdomain}' for 5 seconds. Then the organization's own domain: connect one (checked as the server does), the two
 * DNS records to create at its DNS provider (a CNAME to the product's host, the verification TXT record), 'Check DNS
 * records' with what the check found, and its removal (asking first). Only admins manage them; others read why.
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Code, Container, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { HOSTNAME_MESSAGES, SUBDOMAIN_MESSAGES, type CustomDomain } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { HOSTNAME_MAX_LENGTH, hostnameProblem, SUBDOMAIN_MAX_LENGTH, subdomainProblem } from '@formloom/contracts/rules/subdomain';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { IconExternal, IconLink, IconLock } from '../../../ui/icons';
import { BackLink } from '../../../ui/back-link';
import { ErrorAlert, PageLoader } from '../../../ui/states';
import { useCustomDomains, useRemoveCustomDomain, useSetCustomDomain, useUpdateSubdomain, useVerifyCustomDomain } from '../api/custom-domains';
import classes from './settings.module.css';

/** How long the success toast stays (spec 000 §8: 5 seconds). */
const UPDATED_TOAST_MS = 5_000;

/** The page; `isAdmin`: the signed-in user is an admin of the organization. */
export function CustomDomainsPage({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Container size="md" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <BackLink to={paths.settings.getHref()} label={copy.settings.pageTitle} />
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {copy.domains.pageTitle}
        </Title>
        {isAdmin ? (
          <>
            <SubdomainSection />
            <OwnDomainSection />
          </>
        ) : (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="domains-admin-only">
            {copy.domains.adminOnly}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

/** The subdomain: where the forms are served, and the button that opens the dialog. */
function SubdomainSection() {
  const headingId = useId();
  const domains = useCustomDomains();
  const [editing, setEditing] = useState(false);
  if (domains.isPending) return <PageLoader />;
  if (domains.isError) return <ErrorAlert error={domains.error} title={copy.domains.pageTitle} onRetry={() => void domains.refetch()} />;
  const { subdomain, subdomainUrl, baseHost } = domains.data;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="lg" radius="md" data-testid="subdomain-section">
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {copy.domains.intro}
        </Text>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Title order={2} fz="lg" id={headingId}>
              {copy.domains.subdomainTitle}
            </Title>
            {subdomainUrl ? (
              <Text fz="sm">
                {copy.domains.subdomainServedAt}{' '}
                <Anchor href={subdomainUrl} target="_blank" rel="noopener noreferrer" fw={600} className={classes.wrapAnywhere} data-testid="subdomain-url">
                  {subdomainUrl.replace(/^https?:\/\//, '')} <IconExternal size={12} />
                </Anchor>
              </Text>
            ) : (
              <Text fz="sm" c="dimmed">
                {copy.domains.subdomainNone}
              </Text>
            )}
          </Stack>
          <Button leftSection={<IconLink size={16} />} onClick={() => setEditing(true)}>
            {subdomain ? copy.domains.subdomainEdit : copy.domains.subdomainSet}
          </Button>
        </Group>
      </Stack>
      <SubdomainDialog key={`${editing}`} opened={editing} onClose={() => setEditing(false)} current={subdomain ?? ''} baseHost={baseHost} />
    </Paper>
  );
}

/** The message of a refusal as the dialog shows it: the field's message when the server named it, 'Error: ' removed. */
function refusalOf(error: unknown): string {
  const field = error instanceof ApiError ? error.fieldErrors.find((entry) => entry.path === 'body.subdomain') : undefined;
  return (field?.message ?? errorMessage(error)).replace(/^Error: /, '');
}

/** The dialog: the subdomain before `.{baseHost}`, checked as typed is submitted. */
function SubdomainDialog({ opened, onClose, current, baseHost }: { opened: boolean; onClose: () => void; current: string; baseHost: string }) {
  const [value, setValue] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateSubdomain();

  function submit(event: FormEvent) {
    event.preventDefault();
    const local = subdomainProblem(value);
    if (local) {
      setProblem(SUBDOMAIN_MESSAGES[local]);
      return;
    }
    setProblem(null);
    update.mutate(value, {
      onSuccess: (answer) => {
        if (!answer?.subdomain) {
          setProblem(copy.domains.subdomainUnexpected);
          return;
        }
        notifications.show({ color: 'green', message: copy.domains.subdomainUpdated(answer.subdomain), autoClose: UPDATED_TOAST_MS });
        onClose();
      },
      onError: (error) => setProblem(refusalOf(error)),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={current ? copy.domains.subdomainEdit : copy.domains.subdomainSet} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={copy.domains.subdomainLabel}
            description={copy.domains.subdomainDescription}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            rightSection={<Text fz="sm" c="dimmed">{`.${baseHost}`}</Text>}
            rightSectionWidth={Math.min(240, 16 + (baseHost.length + 1) * 8)}
            maxLength={SUBDOMAIN_MAX_LENGTH + 8}
            error={problem}
            data-autofocus
            autoComplete="off"
            spellCheck={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              {copy.domains.subdomainSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The organization's own domain: the form to connect one, or its records, status, check and removal. */
function OwnDomainSection() {
  const headingId = useId();
  const domains = useCustomDomains();
  if (!domains.data) return null;
  const { customDomain, baseHost } = domains.data;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="lg" radius="md" data-testid="own-domain-section">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            {copy.domains.customTitle}
          </Title>
          {customDomain && (
            <Badge variant="light" color={customDomain.status === 'verified' ? 'teal' : 'gray'} className={classes.statusBadge} data-testid="own-domain-status">
              {customDomain.status === 'verified' ? copy.domains.statusVerified : copy.domains.statusPending}
            </Badge>
          )}
        </Group>
        {customDomain ? <OwnDomain domain={customDomain} /> : <ConnectDomain baseHostname={baseHost.replace(/:\d+$/, '')} />}
      </Stack>
    </Paper>
  );
}

/** The form that connects a domain, checked as the server checks it. */
function ConnectDomain({ baseHostname }: { baseHostname: string }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const connect = useSetCustomDomain();

  function submit(event: FormEvent) {
    event.preventDefault();
    const local = hostnameProblem(value, baseHostname);
    if (local) {
      setProblem(HOSTNAME_MESSAGES[local]);
      return;
    }
    setProblem(null);
    connect.mutate(value, {
      onError: (error) => {
        const field = error instanceof ApiError ? error.fieldErrors.find((entry) => entry.path === 'body.hostname') : undefined;
        setProblem(field?.message ?? errorMessage(error));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {copy.domains.customIntro}
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            className={classes.grow}
            label={copy.domains.customLabel}
            placeholder={copy.domains.customPlaceholder}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            maxLength={HOSTNAME_MAX_LENGTH + 8}
            error={problem}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={connect.isPending}>
            {copy.domains.customAdd}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A connected domain: the records to create, the last check's finding, 'Check DNS records' and 'Remove domain'. */
function OwnDomain({ domain }: { domain: CustomDomain }) {
  const verify = useVerifyCustomDomain();
  const remove = useRemoveCustomDomain();
  const [removing, setRemoving] = useState(false);
  return (
    <Stack gap="md">
      <Text fw={600} className={classes.wrapAnywhere} data-testid="own-domain-hostname">
        {domain.hostname}
      </Text>
      {domain.status === 'pending' && (
        <>
          <Text fz="sm">{copy.domains.recordsIntro}</Text>
          <Table withTableBorder layout="fixed" verticalSpacing="xs" data-testid="dns-records">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{copy.domains.recordType}</Table.Th>
                <Table.Th>{copy.domains.recordName}</Table.Th>
                <Table.Th>{copy.domains.recordValue}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {domain.records.map((record) => (
                <Table.Tr key={record.type}>
                  <Table.Td>{record.type}</Table.Td>
                  <Table.Td>
                    <Code className={classes.wrapAnywhere}>{record.name}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Code className={classes.wrapAnywhere}>{record.value}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {domain.problem && (
        <Alert color="orange" variant="light" role="status" data-testid="own-domain-problem">
          {domain.problem}
        </Alert>
      )}
      {verify.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(verify.error)}
        </Alert>
      )}
      <Group gap="sm">
        {domain.status === 'pending' && (
          <Button
            loading={verify.isPending}
            onClick={() =>
              verify.mutate(undefined, {
                onSuccess: (checked) => {
                  if (checked.status === 'verified') notifications.show({ color: 'green', message: copy.domains.verified(checked.hostname) });
                },
              })
            }
          >
            {copy.domains.verify}
          </Button>
        )}
        <Button variant="subtle" color="red" c="red.9" onClick={() => setRemoving(true)}>
          {copy.domains.customRemove}
        </Button>
      </Group>
      <ConfirmDialog
        opened={removing}
        onClose={() => setRemoving(false)}
        title={copy.domains.customRemoveTitle(domain.hostname)}
        confirmLabel={copy.domains.customRemove}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setRemoving(false);
              notifications.show({ color: 'green', message: copy.domains.customRemoved(domain.hostname) });
            },
          })
        }
      >
        {copy.domains.customRemoveText(domain.hostname)}
      </ConfirmDialog>
    </Stack>
  );
}
