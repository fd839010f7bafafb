/**
 * The `approval` node on the canvas and in its editor panel (spec 001 §2 "Approval editor: a panel with a 'Done' button
 * and a 'Feedback?' link", "The approval action carries a Beta badge"; §3 template; §4 "Approval states"; the rules:
 * `@formloom/contracts/workflows/nodes/approval`). Its card shows the approver count and state names, or what is missing
 * ('Setup needed: Set approvers'); it carries the 'Beta' badge.
 *
 * The panel, top to bottom:
 * - 'Send approval request over': Email (the default), Slack direct message, Slack channel. Slack needs a Slack account,
 *   which Formloom cannot connect yet (no integrations service): the Slack pickers are shown disabled with a note, and
 *   the node stays incomplete ('Connect Slack'); switching to a direct message keeps only the first approver (it takes
 *   exactly one).
 * - Approvers (`ApproversPicker`): when the panel opens on a node without approvers, the signed-in user is added
 *   (spec 001 §4), unless the panel is read-only.
 * - Options (`ApprovalStates`): names, colours, 'Add option', delete (never the last).
 * - Input fields (`ApprovalFields`): add, edit, delete (confirmed), per-state visibility, drag to reorder.
 * - The approvers' email: its subject and message (both take variables; the submission overview and the approval
 *   buttons follow the message).
 * The canvas's panel footer shows 'Done'; this type adds the 'Feedback?' link before it (`FooterActions`).
 */
import { useEffect, useRef } from 'react';
import { Alert, Anchor, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import {
  APPROVAL_SEND_OVER,
  approvalNode,
  approversOf,
  sendOverOf,
  type ApprovalApprover,
  type ApprovalSendOver,
} from '@formloom/contracts/workflows/nodes/approval';
import { IconAlert, IconApproval } from '../../../ui/icons';
import { ApprovalFields } from '../components/approval/approval-fields';
import { ApprovalStates } from '../components/approval/approval-states';
import { ApproversPicker } from '../components/approval/approvers-picker';
import classes from '../components/approval/approval-panel.module.css';
import { TextWithVariables } from '../inputs/variable-menu';
import { defineNodeUi, type NodePanelProps } from './types';

/** The template as an object to spread (a half-filled draft may be anything). */
function draftOf(template: unknown): Record<string, unknown> {
  return isRecord(template) ? template : {};
}

/** `template` with its approvers' list replaced. */
function withApprovers(template: unknown, approvers: ApprovalApprover[]): Record<string, unknown> {
  const draft = draftOf(template);
  const current = isRecord(draft.approvers) ? draft.approvers : { type: 'users', slackServiceId: null };
  return { ...draft, approvers: { ...current, approvers } };
}

/** The approvers of a template as the picker takes them (entries without an address left out). */
function approverList(template: unknown): ApprovalApprover[] {
  return approversOf(template).flatMap((approver) =>
    typeof approver.email === 'string' ? [{ email: approver.email, ...(typeof approver.userId === 'number' ? { userId: approver.userId } : {}) }] : [],
  );
}

/** The email's first text block (the message above the overview and the buttons), and its index; -1 when none. */
function messageOf(template: unknown): { text: string; index: number } {
  const blocks = field(field(template, 'email'), 'blocks');
  const list = Array.isArray(blocks) ? blocks : [];
  const index = list.findIndex((block) => field(block, 'type') === 'text');
  const text = index === -1 ? '' : field(list[index], 'text');
  return { text: typeof text === 'string' ? text : '', index };
}

function ApprovalPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const template = node.template;
  const sendOver = sendOverOf(template);
  const approvers = approverList(template);
  const email = draftOf(field(template, 'email'));
  const subject = typeof email.subject === 'string' ? email.subject : '';
  const message = messageOf(template);

  // spec 001 §4: "When the approval editor opens with no approvers, the current user is added by default."
  const defaulted = useRef(false);
  const { currentUser } = context;
  useEffect(() => {
    if (defaulted.current || readOnly || !currentUser) return;
    defaulted.current = true;
    if (approversOf(template).length === 0) onChange(withApprovers(template, [{ userId: currentUser.id, email: currentUser.email }]));
  }, [currentUser, readOnly, template, onChange]);

  const setSendOver = (value: ApprovalSendOver) => {
    const next = { ...draftOf(template), sendOver: value };
    onChange(value === 'slack_dm' && approvers.length > 1 ? withApprovers(next, approvers.slice(0, 1)) : next);
  };
  const setEmail = (changes: Record<string, unknown>) => onChange({ ...draftOf(template), email: { ...email, ...changes } });
  const setMessage = (text: string) => {
    const blocks = Array.isArray(email.blocks) ? [...email.blocks] : [];
    if (message.index === -1) blocks.unshift({ type: 'text', text });
    else blocks[message.index] = { ...draftOf(blocks[message.index]), text };
    setEmail({ blocks });
  };

  return (
    <Stack gap="sm" data-testid="approval-panel">
      <Stack gap={4} className={classes.section}>
        <Text fz="sm" fw={500} id={`${nodeId}-send-over`}>
          {copy.approval.sendOverLabel}
        </Text>
        <SegmentedControl
          aria-labelledby={`${nodeId}-send-over`}
          fullWidth
          size="xs"
          disabled={readOnly}
          value={sendOver}
          onChange={(value) => setSendOver(value as ApprovalSendOver)}
          data={APPROVAL_SEND_OVER.map((value) => ({ value, label: copy.approval.sendOver[value] }))}
        />
      </Stack>
      <div className={classes.section}>
        <ApproversPicker approvers={approvers} sendOver={sendOver} readOnly={readOnly} onChange={(list) => onChange(withApprovers(template, list))} />
      </div>
      {sendOver !== 'email' && (
        <Stack gap="xs" className={classes.section}>
          <Alert color="yellow" variant="light" icon={<IconAlert size={16} />}>
            {copy.approval.slackNotAvailable}
          </Alert>
          <Select label={copy.approval.slackAccountLabel} data={[]} disabled placeholder={copy.approval.connectSlack} />
          {sendOver === 'slack_channel' && <Select label={copy.approval.slackChannelLabel} data={[]} disabled placeholder={copy.approval.pickSlackChannel} />}
        </Stack>
      )}
      <div className={classes.section}>
        <ApprovalStates template={template} readOnly={readOnly} onChange={onChange} />
      </div>
      <div className={classes.section}>
        <ApprovalFields template={template} readOnly={readOnly} onChange={onChange} />
      </div>
      {sendOver === 'email' && (
        <Stack gap="xs" className={classes.section}>
          <Text fz="sm" fw={500}>
            {copy.approval.emailLabel}
          </Text>
          <TextWithVariables label={copy.approval.subjectLabel} value={subject} onChange={(value) => setEmail({ subject: value })} context={context} nodeId={nodeId} readOnly={readOnly} />
          <TextWithVariables label={copy.approval.messageLabel} value={message.text} onChange={setMessage} context={context} nodeId={nodeId} readOnly={readOnly} multiline />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The 'Feedback?' link of the approval editor (spec 001 §2): an email to support on the deployment's own host
 * (`support@<host>`, as spec 001 §8 names support), subject `copy.approval.feedbackSubject` — ours.
 */
function FeedbackLink() {
  const href = `mailto:support@${window.location.hostname}?subject=${encodeURIComponent(copy.approval.feedbackSubject)}`;
  return (
    <Anchor href={href} fz="sm" data-testid="approval-feedback">
      {copy.approval.feedback}
    </Anchor>
  );
}

/** The approval node's card and panel. */
export const approvalNodeUi = defineNodeUi(approvalNode, {
  title: 'Approval',
  icon: IconApproval,
  color: 'teal',
  Panel: ApprovalPanel,
  description: copy.approval.popoverDescription,
  badge: copy.approval.badge,
  FooterActions: FeedbackLink,
});
