/**
 * The `twilio` node on the canvas and in its editor (spec 001 §2, §3 `config {to, content}`, §4 "an account, then a
 * recipient, then content", §5 recipient and message required, §8 'Account not selected'): the recipient (a number,
 * or a phone answer through a `{{variable}}`) and the message. Its status line comes from
 * `@formloom/contracts/workflows/nodes/twilio`; its steps run once the integrations service exists.
 */
import { Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { isLogicRef } from '@formloom/contracts/logic';
import { field } from '@formloom/contracts/workflows/define';
import { hasAccount } from '@formloom/contracts/workflows/nodes/integration';
import { twilioNode } from '@formloom/contracts/workflows/nodes/twilio';
import { IconPhone } from '../../../ui/icons';
import { AccountWarning, configText, withConfig } from '../inputs/integration-fields';
import { TextWithVariables } from '../inputs/variable-menu';
import { defineNodeUi, type NodePanelProps } from './types';

/** The recipient as text: a `{var}` reference as `{{path}}`, so one field edits both forms. */
function recipientText(template: unknown): string {
  const to = field(field(template, 'config'), 'to');
  return isLogicRef(to) ? `{{${to.var}}}` : configText(template, 'to');
}

/** The recipient to store: a lone `{{path}}` as the reference `{var: path}`, anything else as typed. */
function recipientValue(text: string): unknown {
  const only = /^\s*\{\{\s*([\w.-]+)\s*\}\}\s*$/.exec(text);
  return only ? { var: only[1] } : text;
}

function TwilioPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const account = hasAccount(node.template, { integration: true });
  return (
    <Stack gap="sm" data-testid="twilio-panel">
      <AccountWarning hasAccount={account} />
      <TextWithVariables
        label={copy.integrationNodes.labels.to}
        value={recipientText(node.template)}
        onChange={(text) => onChange(withConfig(node.template, { to: recipientValue(text) }))}
        context={context}
        nodeId={nodeId}
        placeholder="+15551234567"
        required
        readOnly={readOnly}
      />
      <TextWithVariables
        label={copy.integrationNodes.labels.content}
        value={configText(node.template, 'content')}
        onChange={(content) => onChange(withConfig(node.template, { content }))}
        context={context}
        nodeId={nodeId}
        multiline
        required
        readOnly={readOnly}
      />
    </Stack>
  );
}

/** The twilio node's card and panel. */
export const twilioNodeUi = defineNodeUi(twilioNode, {
  title: copy.integrationNodes.titles.twilio,
  description: copy.integrationNodes.descriptions.twilio,
  icon: IconPhone,
  color: 'red',
  Panel: TwilioPanel,
});
