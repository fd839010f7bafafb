/**
 * The 'Invite members' dialog (`POST /admin/invitations`; spec 000 §2 "Settings and members", opened from the members
 * section, the home page's invite button or `/home/settings?invite=true&email=…` with the address prefilled): the
 * address, the workspaces (every workspace of the organization; the first by name is chosen at first),
 * the access they get there — 'Can edit' at first (spec 000 §6: "the invite button uses 'write'") — and whether they
 * become an admin. 'Send invitation' mails the link; a toast says so and the dialog closes. The server's message of
 * the one error format shows in the dialog (e.g. 'This person is already a member of your organization…').
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AccessLevel } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { IconAlert } from '../../../ui/icons';
import { useInvite } from '../api/members';

/** What {@link InviteMemberModal} needs: whether it is open, how it closes, the address to start with, the workspaces. */
export interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
  /** The address typed in already (from the URL or the approver picker). */
  initialEmail?: string;
  /** Every workspace of the organization, by name (`GET /admin/members/access`). */
  workspaces: readonly { id: number; name: string }[];
}

/** The access levels offered, in order (spec 000 §6). */
const LEVELS = AccessLevel.options;

/**
 * The dialog; see the module comment. It keeps what was typed until it is mounted again: give it a new `key` each
 * time it opens.
 */
export function InviteMemberModal({ opened, onClose, initialEmail = '', workspaces }: InviteMemberModalProps) {
  const invite = useInvite();
  const [email, setEmail] = useState(initialEmail);
  const [workspaceIds, setWorkspaceIds] = useState<string[]>(workspaces[0] ? [String(workspaces[0].id)] : []);
  const [accessLevel, setAccessLevel] = useState<AccessLevel>('write');
  const [isAdmin, setIsAdmin] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const emailMissing = email.trim() === '';
  const workspacesMissing = workspaceIds.length === 0;
  const serverEmailError = isApiError(invite.error, 400)
    ? invite.error.fieldErrors.find((fieldError) => fieldError.path === 'body.email')?.message
    : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (emailMissing || workspacesMissing) return;
    invite.mutate(
      { email: email.trim(), isAdmin, workspaces: workspaceIds.map((id) => ({ workspaceId: Number(id), accessLevel })) },
      {
        onSuccess: (invitation) => {
          notifications.show({ color: 'teal', message: copy.members.sent(invitation.email) });
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={copy.home.inviteMembers} centered>
      <form onSubmit={submit} noValidate aria-label={copy.home.inviteMembers}>
        <Stack>
          <TextInput
            type="email"
            label={copy.members.emailLabel}
            placeholder={copy.members.emailPlaceholder}
            autoComplete="off"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (invite.isError) invite.reset();
            }}
            error={(submitted && emailMissing ? copy.validation.notEmpty : undefined) ?? serverEmailError}
            data-autofocus
          />
          <MultiSelect
            label={copy.members.workspacesLabel}
            description={copy.members.workspacesDescription}
            data={workspaces.map((workspace) => ({ value: String(workspace.id), label: workspace.name }))}
            value={workspaceIds}
            onChange={setWorkspaceIds}
            searchable
            required
            error={submitted && workspacesMissing ? copy.members.chooseWorkspace : undefined}
          />
          <Select
            label={copy.members.accessLabel}
            description={copy.members.accessDescriptions[accessLevel]}
            data={LEVELS.map((level) => ({ value: level, label: copy.members.accessLabels[level] }))}
            value={accessLevel}
            onChange={(value) => setAccessLevel(AccessLevel.catch('write').parse(value))}
            allowDeselect={false}
          />
          <Checkbox
            label={copy.members.makeAdmin}
            description={copy.members.makeAdminDescription}
            checked={isAdmin}
            onChange={(event) => setIsAdmin(event.currentTarget.checked)}
          />
          {invite.isError && !serverEmailError && (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {errorMessage(invite.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {copy.settings.cancel}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {copy.members.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
