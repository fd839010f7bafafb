/**
 * The members section of the settings page (spec 000 §2 "Settings and members", §6 access levels;
 * `api/workspaces-auth/members.ts`). For admins: 'Invite members' (the dialog, {@link InviteMemberModal}, also opens
 * from the URL: `?invite=true&email=…` prefills the address, and the parameters leave the URL when it closes), every
 * member — name, address, 'Admin' and 'You' badges — with a select per workspace of the organization ('Can edit',
 * 'Can view', 'Limited', 'No access'; a change applies at once and a toast confirms it), and the pending invitations
 * with where they grant access, until when the link works, 'Resend' and 'Revoke'. Others read that only admins manage
 * members (the lists answer them 403, so they are not asked for).
 */
import { useId, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Menu, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSearchParams } from 'react-router';
import type { Invitation, MemberAccess } from '@formloom/contracts/api/workspaces-auth/members';
import * as copy from '@formloom/contracts/copy';
import { AccessLevel } from '@formloom/contracts/entities/identity';
import { SETTINGS_INVITE_EMAIL_PARAM, SETTINGS_INVITE_PARAM } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { IconShield, IconUserMinus } from '../../../ui/app-icons';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { IconDots, IconLock, IconMail, IconUser } from '../../../ui/icons';
import { ErrorAlert, PageLoader } from '../../../ui/states';
import {
  useChangeAccess,
  useInvitations,
  useMemberAccess,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useSetMemberRole,
} from '../api/members';
import { InviteMemberModal } from './invite-member-modal';
import { SectionHeader } from './section-header';
import classes from './settings.module.css';

/** Who is looking: only admins manage members; their own row is marked 'You'. */
export interface MembersSectionProps {
  isAdmin: boolean;
  /** The signed-in user's id. */
  currentUserId?: number;
  /** The organization's name (the removal's confirmation). */
  organizationName?: string;
}

/** A select's value: an access level or no membership. */
type AccessChoice = AccessLevel | 'none';
const CHOICES: readonly AccessChoice[] = [...AccessLevel.options, 'none'];

/** The 'Members' section; see the module comment. */
export function MembersSection({ isAdmin, currentUserId, organizationName = '' }: MembersSectionProps) {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const fromUrl = isAdmin && params.get(SETTINGS_INVITE_PARAM) === 'true';
  const [inviting, setInviting] = useState(false);
  // Each opening mounts a fresh dialog (an empty form, the URL's address).
  const [openings, setOpenings] = useState(0);

  function openInvite() {
    setOpenings((count) => count + 1);
    setInviting(true);
  }

  function closeInvite() {
    setInviting(false);
    if (fromUrl) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(SETTINGS_INVITE_PARAM);
          next.delete(SETTINGS_INVITE_EMAIL_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" data-testid="members-section">
      <SectionHeader
        id={headingId}
        icon={<IconUser size={20} />}
        title={copy.members.title}
        action={isAdmin ? { label: copy.home.inviteMembers, onClick: openInvite } : undefined}
      />
      {isAdmin ? (
        <MemberLists
          currentUserId={currentUserId}
          organizationName={organizationName}
          inviteOpened={inviting || fromUrl}
          inviteKey={`${openings}-${fromUrl}`}
          initialEmail={fromUrl ? (params.get(SETTINGS_INVITE_EMAIL_PARAM) ?? '') : ''}
          onCloseInvite={closeInvite}
        />
      ) : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="members-admin-only">
          {copy.members.adminOnly}
        </Alert>
      )}
    </Stack>
  );
}

/** The members and invitations of an admin's organization, and the invite dialog (which needs its workspaces). */
function MemberLists(props: {
  currentUserId?: number;
  organizationName: string;
  inviteOpened: boolean;
  inviteKey: string;
  initialEmail: string;
  onCloseInvite: () => void;
}) {
  const access = useMemberAccess();
  const invitations = useInvitations();
  if (access.isPending) return <PageLoader />;
  if (access.isError) return <ErrorAlert error={access.error} title="Could not load members" onRetry={() => void access.refetch()} />;
  const { members, workspaces } = access.data;
  const names = new Map(workspaces.map((workspace) => [workspace.id, workspace.name]));
  return (
    <>
      <Text fz="sm" c="dimmed">
        {copy.members.intro}
      </Text>
      <Stack component="ul" gap="sm" className={classes.list} aria-label={copy.members.listLabel}>
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            workspaces={workspaces}
            isYou={member.userId === props.currentUserId}
            organizationName={props.organizationName}
          />
        ))}
      </Stack>
      {invitations.data && invitations.data.length > 0 && (
        <Stack gap="xs" component="section" aria-label={copy.members.pendingTitle}>
          <Title order={3} fz="md">
            {copy.members.pendingTitle}
          </Title>
          <Stack component="ul" gap="xs" className={classes.list}>
            {invitations.data.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} workspaceNames={names} />
            ))}
          </Stack>
        </Stack>
      )}
      {invitations.isError && <ErrorAlert error={invitations.error} title="Could not load invitations" onRetry={() => void invitations.refetch()} />}
      <InviteMemberModal
        key={props.inviteKey}
        opened={props.inviteOpened}
        onClose={props.onCloseInvite}
        initialEmail={props.initialEmail}
        workspaces={workspaces}
      />
    </>
  );
}

/** "First Last", or the address when the name is empty. */
function displayName(member: Pick<MemberAccess, 'firstName' | 'lastName' | 'email'>): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/**
 * One member: who, their menu (make or stop being an admin; remove from the organization, asking first — not for the
 * signed-in admin themself, who leaves instead), and a select per workspace.
 */
function MemberRow({
  member,
  workspaces,
  isYou,
  organizationName,
}: {
  member: MemberAccess;
  workspaces: readonly { id: number; name: string }[];
  isYou: boolean;
  organizationName: string;
}) {
  const change = useChangeAccess();
  const role = useSetMemberRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const levels = new Map(member.workspaces.map((grant) => [grant.workspaceId, grant.accessLevel]));
  const name = displayName(member);

  function choose(workspaceId: number, value: string | null) {
    const accessLevel = CHOICES.find((choice) => choice === value);
    if (!accessLevel || accessLevel === (levels.get(workspaceId) ?? 'none')) return;
    change.mutate(
      { userId: member.userId, email: member.email, workspaceId, accessLevel },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: copy.members.accessChanged }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  }

  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="member-row">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{name}</Text>
          {member.isAdmin && (
            <Badge variant="light" size="sm">
              {copy.members.adminBadge}
            </Badge>
          )}
          {isYou && (
            <Badge variant="outline" color="dark" size="sm">
              {copy.members.youBadge}
            </Badge>
          )}
          <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" ml="auto" aria-label={copy.members.memberMenuLabel(name)} data-testid="member-menu">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconShield size={16} />}
                onClick={() =>
                  role.mutate(
                    { userId: member.userId, isAdmin: !member.isAdmin },
                    {
                      onSuccess: () => notifications.show({ color: 'teal', message: copy.members.roleChanged(name, !member.isAdmin) }),
                      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
                    },
                  )
                }
              >
                {member.isAdmin ? copy.members.removeAdminAction : copy.members.makeAdminAction}
              </Menu.Item>
              {!isYou && (
                <Menu.Item color="red.8" leftSection={<IconUserMinus size={16} />} onClick={() => setConfirming(true)}>
                  {copy.members.removeFromOrganization}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <ConfirmDialog
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={copy.members.removeConfirmTitle(name)}
          confirmLabel={copy.members.removeConfirm}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate(member.userId, {
              onSuccess: () => {
                setConfirming(false);
                notifications.show({ color: 'teal', message: copy.members.removed(name) });
              },
            })
          }
        >
          {copy.members.removeConfirmText(name, organizationName)}
        </ConfirmDialog>
        {name !== member.email && (
          <Text fz="sm" c="dimmed" mt={-8} className={classes.wrapAnywhere}>
            {member.email}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {workspaces.map((workspace) => (
            <Select
              key={workspace.id}
              label={workspace.name}
              aria-label={copy.members.accessSelectLabel(name, workspace.name)}
              data={CHOICES.map((choice) => ({ value: choice, label: copy.members.accessLabels[choice] }))}
              value={levels.get(workspace.id) ?? 'none'}
              onChange={(value) => choose(workspace.id, value)}
              allowDeselect={false}
              disabled={change.isPending}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** One pending invitation: the address, where it grants access, until when, 'Resend' and 'Revoke'. */
function InvitationRow({ invitation, workspaceNames }: { invitation: Invitation; workspaceNames: ReadonlyMap<number, string> }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const grants = invitation.workspaces
    .filter((grant) => workspaceNames.has(grant.workspaceId))
    .map((grant) => `${workspaceNames.get(grant.workspaceId)} (${copy.members.accessLabels[grant.accessLevel]})`)
    .join(', ');
  const failed = resend.error ?? revoke.error;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="invitation-row">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} className={classes.grow}>
          <Group gap="xs">
            <IconMail size={16} />
            <Text fw={600} className={classes.wrapAnywhere}>
              {invitation.email}
            </Text>
            {invitation.isAdmin && (
              <Badge variant="light" size="sm">
                {copy.members.adminBadge}
              </Badge>
            )}
          </Group>
          {grants && <Text fz="sm">{grants}</Text>}
          <Text fz="xs" c="dimmed">
            {copy.members.pendingExpires(formatDateTime(invitation.expiresAt))}
          </Text>
          {failed && (
            <Text fz="sm" c="red" role="alert">
              {errorMessage(failed)}
            </Text>
          )}
        </Stack>
        <Group gap="xs" className={classes.rowAction}>
          <Button
            variant="default"
            size="xs"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(invitation.id, { onSuccess: () => notifications.show({ color: 'teal', message: copy.members.sent(invitation.email) }) })
            }
          >
            {copy.members.resend}
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            loading={revoke.isPending}
            aria-label={copy.members.revokeLabel(invitation.email)}
            onClick={() => revoke.mutate(invitation.id, { onSuccess: () => notifications.show({ color: 'teal', message: copy.members.revoked }) })}
          >
            {copy.members.revoke}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
