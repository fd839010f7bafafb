/**
 * The `email` node on the canvas (spec 001 §2): a mail icon, 'Email', and its setup status line (the subject
 * when complete, else 'Setup needed: …' — `@formloom/contracts/workflows/nodes/email`). Its editor panel has
 * the spec's tabs Recipients and Email and starts on Recipients while the node is incomplete, otherwise on
 * Email (spec 001 §2); read-only for now.
 */
import { Badge, Stack, Tabs, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { isLogicRef } from '@formloom/contracts/logic';
import { field } from '@formloom/contracts/workflows/define';
import { emailNode } from '@formloom/contracts/workflows/nodes/email';
import { IconMail } from '../../../ui/icons';
import { defineNodeUi, type NodePanelProps } from './types';
import classes from '../workflows.module.css';

/** A recipient as text: the address, or 'Answer to <question id>' for `{var: 'answers.<id>'}`. */
function recipientText(value: unknown): string {
  if (isLogicRef(value)) return value.var.startsWith('answers.') ? `Answer to ${value.var.slice('answers.'.length)}` : value.var;
  return typeof value === 'string' ? value : '';
}

/** A block as text: its own text, 'Submission overview', or the button's label. */
function blockText(block: unknown): string {
  const type = field(block, 'type');
  if (type === 'text') return String(field(block, 'text') ?? '');
  if (type === 'submission_overview') return 'Submission overview';
  if (type === 'button') return `Button: ${String(field(block, 'buttonText') ?? '')}`;
  return String(type ?? '');
}

function EmailPanel({ node, status }: NodePanelProps) {
  const email = field(node.template, 'email');
  const list = field(field(node.template, 'recipients'), 'list');
  const recipients = (Array.isArray(list) ? list : []).map((entry) => recipientText(field(entry, 'email'))).filter(Boolean);
  const blocks = field(email, 'blocks');
  const subject = field(email, 'subject');
  const fromName = field(email, 'customFromName');
  return (
    <Tabs defaultValue={status.complete ? 'email' : 'recipients'} data-testid="email-panel">
      <Tabs.List>
        <Tabs.Tab value="recipients">Recipients</Tabs.Tab>
        <Tabs.Tab value="email">Email</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="recipients" pt="sm">
        <Stack gap={4}>
          {recipients.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {copy.workflows.recipientsRequired}
            </Text>
          ) : (
            recipients.map((recipient, index) => (
              <Badge key={`${recipient}-${index}`} variant="light" tt="none">
                {recipient}
              </Badge>
            ))
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="email" pt="sm">
        <Stack gap={6}>
          <Text fz="xs" c="dimmed">
            From: {typeof fromName === 'string' && fromName.trim() ? fromName : copy.email.defaultSenderName}
          </Text>
          <Text fz="sm" fw={600}>
            {typeof subject === 'string' ? subject : ''}
          </Text>
          {(Array.isArray(blocks) ? blocks : []).map((block, index) => (
            <Text key={index} fz="sm" className={classes.preLine}>
              {blockText(block)}
            </Text>
          ))}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The email node's card and panel. */
export const emailNodeUi = defineNodeUi(emailNode, { title: 'Email', icon: IconMail, color: 'grape', Panel: EmailPanel });
