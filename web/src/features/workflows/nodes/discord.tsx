/**
 * The `discord` node on the canvas and in its editor (spec 001 §2, §3 template, §4 status, §5 'Select a channel
 * first', §8 'Account not selected'): the account warning, what to send and the channel. Its status line comes from
 * `@formloom/contracts/workflows/nodes/discord`; its steps run once the integrations service exists.
 */
import { Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { discordNode } from '@formloom/contracts/workflows/nodes/discord';
import { chatChannelMissing, hasAccount } from '@formloom/contracts/workflows/nodes/integration';
import { IconMessage } from '../../../ui/icons';
import { AccountWarning, ChatFields } from '../inputs/integration-fields';
import { defineNodeUi, type NodePanelProps } from './types';

function DiscordPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const account = hasAccount(node.template, { integration: false });
  return (
    <Stack gap="sm" data-testid="discord-panel">
      <AccountWarning hasAccount={account} />
      <ChatFields nodeId={nodeId} template={node.template} readOnly={readOnly} hasAccount={account} context={context} onChange={onChange} />
    </Stack>
  );
}

/** The discord node's card and panel. */
export const discordNodeUi = defineNodeUi(discordNode, {
  title: copy.integrationNodes.titles.discord,
  description: copy.integrationNodes.descriptions.discord,
  icon: IconMessage,
  color: 'indigo',
  Panel: DiscordPanel,
  doneBlocked: (template) => (chatChannelMissing(template) ? { tooltip: copy.integrationNodes.selectChannelFirst } : false),
});
