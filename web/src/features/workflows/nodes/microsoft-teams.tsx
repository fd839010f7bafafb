/**
 * The `microsoftTeams` node on the canvas and in its editor (spec 001 §2, §3 template and Teams config — team, then
 * channel, cleared when the team changes —, §4 status, §5 'Select a channel first', §8 'Account not selected'). Its
 * status line comes from `@formloom/contracts/workflows/nodes/microsoft-teams`; its steps run once the integrations
 * service exists.
 */
import { Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { chatChannelMissing, hasAccount } from '@formloom/contracts/workflows/nodes/integration';
import { microsoftTeamsNode } from '@formloom/contracts/workflows/nodes/microsoft-teams';
import { IconMessage } from '../../../ui/icons';
import { AccountWarning, ChatFields } from '../inputs/integration-fields';
import { defineNodeUi, type NodePanelProps } from './types';

function MicrosoftTeamsPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const account = hasAccount(node.template, { integration: false });
  return (
    <Stack gap="sm" data-testid="microsoft-teams-panel">
      <AccountWarning hasAccount={account} />
      <ChatFields nodeId={nodeId} template={node.template} readOnly={readOnly} hasAccount={account} context={context} onChange={onChange} withTeam />
    </Stack>
  );
}

/** The microsoftTeams node's card and panel. */
export const microsoftTeamsNodeUi = defineNodeUi(microsoftTeamsNode, {
  title: copy.integrationNodes.titles.microsoftTeams,
  description: copy.integrationNodes.descriptions.microsoftTeams,
  icon: IconMessage,
  color: 'blue',
  Panel: MicrosoftTeamsPanel,
  doneBlocked: (template) => (chatChannelMissing(template) ? { tooltip: copy.integrationNodes.selectChannelFirst } : false),
});
