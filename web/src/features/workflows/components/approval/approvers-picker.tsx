/**
 * The approval step's approver picker (spec 001 §4 "Approver choice: email mode allows many approvers; slack_dm allows
 * exactly one. A typed address that is not a user offers 'Invite'; Enter opens the invite page."; §7 "A user-list fetch
 * is dispatched when the approver picker mounts").
 *
 * The chosen approvers are chips (each with a remove button); the input below searches the organization's users by name
 * or address (`GET /admin/members`, fetched when the picker mounts). Picking one adds them — over a Slack direct message
 * it replaces the one approver. An address typed in full that is no user's offers 'Invite': 'Invite' (and Enter)
 * opens the settings page's invite dialog with that address filled in (a new tab: the workflow being edited stays open).
 */
import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import type { OrganizationMember } from '@formloom/contracts/api/workspaces-auth/admin';
import * as copy from '@formloom/contracts/copy';
import { isValidEmail } from '@formloom/contracts/rules/answers';
import type { ApprovalApprover, ApprovalSendOver } from '@formloom/contracts/workflows/nodes/approval';
import { paths } from '../../../../config/paths';
import { IconX } from '../../../../ui/icons';
import { useMembers } from '../../api/get-members';
import classes from './approval-panel.module.css';

/** The value of the 'Invite' option among the members' ids. */
const INVITE = '__invite__';

/** Props of {@link ApproversPicker}. */
export interface ApproversPickerProps {
  approvers: readonly ApprovalApprover[];
  sendOver: ApprovalSendOver;
  readOnly: boolean;
  /** The new list of approvers. */
  onChange(approvers: ApprovalApprover[]): void;
}

/** A person's name as the picker shows it: 'Ada Lovelace', or their address when they have no name. */
function memberName(member: OrganizationMember): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/** Opens the settings page's invite dialog, `email` prefilled (spec 000 §2), in a new tab. */
export function openInvitePage(email?: string): void {
  window.open(paths.settings.getHref({ email }), '_blank', 'noopener');
}

/** See the module doc. */
export function ApproversPicker({ approvers, sendOver, readOnly, onChange }: ApproversPickerProps) {
  const members = useMembers();
  const [search, setSearch] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const byId = useMemo(() => new Map((members.data ?? []).map((member) => [member.userId, member])), [members.data]);
  const chosenEmails = new Set(approvers.map((approver) => approver.email.toLowerCase()));
  const needle = search.trim().toLowerCase();
  const candidates = (members.data ?? []).filter(
    (member) =>
      !chosenEmails.has(member.email.toLowerCase()) &&
      (needle === '' || memberName(member).toLowerCase().includes(needle) || member.email.toLowerCase().includes(needle)),
  );
  const typed = search.trim();
  const offersInvite =
    isValidEmail(typed) && !(members.data ?? []).some((member) => member.email.toLowerCase() === typed.toLowerCase());

  const add = (member: OrganizationMember) => {
    const approver: ApprovalApprover = { userId: member.userId, email: member.email };
    onChange(sendOver === 'slack_dm' ? [approver] : [...approvers, approver]);
    setSearch('');
    combobox.closeDropdown();
  };
  // The first match is selected as the search changes, so Enter takes it (the 'Invite' option for a new address).
  useEffect(() => {
    if (search.trim() !== '') combobox.selectFirstOption();
    // The store is a new object on every render; the selection follows the search only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const submit = (value: string) => {
    if (value === INVITE) {
      openInvitePage(typed);
      return;
    }
    const member = byId.get(Number(value));
    if (member) add(member);
  };

  const nameOf = (approver: ApprovalApprover) => {
    const member = approver.userId !== undefined ? byId.get(approver.userId) : undefined;
    return member ? memberName(member) : approver.email;
  };

  return (
    <Stack gap={6} data-testid="approval-approvers">
      <Group gap={6}>
        {approvers.map((approver, index) => (
          <Badge
            key={`${approver.email}-${index}`}
            variant="light"
            color="gray"
            tt="none"
            size="lg"
            className={classes.approver}
            rightSection={
              readOnly ? undefined : (
                <ActionIcon size="xs" variant="subtle" color="gray" aria-label={copy.approval.removeApprover(nameOf(approver))} onClick={() => onChange(approvers.filter((_, at) => at !== index))}>
                  <IconX size={12} />
                </ActionIcon>
              )
            }
          >
            {nameOf(approver)}
            {nameOf(approver) !== approver.email && (
              <Text span fz="xs" c="dimmed" ml={6}>
                {approver.email}
              </Text>
            )}
          </Badge>
        ))}
      </Group>
      {!readOnly && (
        <Combobox store={combobox} onOptionSubmit={submit} withinPortal={false}>
          <Combobox.Target>
            <TextInput
              label={copy.approval.approversLabel}
              placeholder={copy.approval.approversPlaceholder}
              value={search}
              rightSection={members.isLoading ? <Loader size={14} /> : undefined}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                combobox.openDropdown();
              }}
              onFocus={() => combobox.openDropdown()}
              onClick={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
              onKeyDown={(event) => {
                // Enter on a typed address that is no member opens the invite page (spec 001 §4); with an option
                // selected (the first one is, as soon as something is typed) the combobox submits that option.
                if (event.key === 'Enter' && offersInvite && combobox.getSelectedOptionIndex() === -1) {
                  event.preventDefault();
                  openInvitePage(typed);
                }
              }}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={candidates.length === 0 && !offersInvite}>
            <Combobox.Options>
              {candidates.map((member) => (
                <Combobox.Option value={String(member.userId)} key={member.userId}>
                  <Text fz="sm">{memberName(member)}</Text>
                  <Text fz="xs" c="dimmed">
                    {member.email}
                  </Text>
                </Combobox.Option>
              ))}
              {offersInvite && (
                <Combobox.Option value={INVITE} key={INVITE}>
                  <Text fz="sm">{copy.approval.notAMember(typed)}</Text>
                  <Text fz="sm" fw={600} c="brand.8">
                    {copy.approval.invite}
                  </Text>
                </Combobox.Option>
              )}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
      )}
      {!readOnly && offersInvite && (
        <Text fz="xs" c="dimmed" data-testid="approval-invite">
          {copy.approval.notAMember(typed)}.{' '}
          <Anchor href={paths.settings.getHref({ email: typed })} target="_blank" rel="noopener" fz="xs">
            {copy.approval.invite}
          </Anchor>{' '}
          ({copy.approval.inviteHint})
        </Text>
      )}
    </Stack>
  );
}
