/**
 * The `slack` node on the canvas and in its editor (spec 001 §2 "Node editor panels", §3 template, §4 status, §5
 * 'Select a channel first', §8 'Account not selected'): the account warning, what to send and the channel. Its
 * status line comes from `@formloom/contracts/workflows/nodes/slack`. The account is one of the organization's
 * connected Slack accounts (`AccountPicker`); the steps post through the integrations service.
 */
import { Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field } from '@formloom/contracts/workflows/define';
import { chatChannelMissing, hasAccount } from '@formloom/contracts/workflows/nodes/integration';
import { slackNode } from '@formloom/contracts/workflows/nodes/slack';
import { IconMessage } from '../../../ui/icons';
import { AccountPicker, AccountWarning, ChatFields } from '../inputs/integration-fields';
import { defineNodeUi, type NodePanelProps } from './types';

function SlackPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const account = hasAccount(node.template, { integration: true });
  return (
    <Stack gap="sm" data-testid="slack-panel">
      <AccountWarning hasAccount={account} />
      <AccountPicker type="slack" value={field(node.template, 'serviceId')} readOnly={readOnly} onChange={(serviceId) => onChange({ ...(node.template as object), serviceId })} />
      <ChatFields nodeId={nodeId} template={node.template} readOnly={readOnly} hasAccount={account} context={context} onChange={onChange} />
    </Stack>
  );
}

/** The slack node's card and panel. */
export const slackNodeUi = defineNodeUi(slackNode, {
  title: copy.integrationNodes.titles.slack,
  description: copy.integrationNodes.descriptions.slack,
  icon: IconMessage,
  color: 'pink',
  Panel: SlackPanel,
  doneBlocked: (template) => (chatChannelMissing(template) ? { tooltip: copy.integrationNodes.selectChannelFirst } : false),
});
