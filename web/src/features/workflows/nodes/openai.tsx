/**
 * The `openai` node on the canvas and in its editor (spec 001 §2, §3 `config {action, model, systemPrompt, prompt,
 * messages}`, §4 "an account, then a prompt or messages", §8 'Account not selected'): the builder's own OpenAI
 * account — the action, the model, the system prompt and the prompt (with `{{variables}}`); a stored conversation is
 * counted. Its status line comes from `@formloom/contracts/workflows/nodes/openai`.
 */
import { Stack, Text, TextInput, Textarea } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field } from '@formloom/contracts/workflows/define';
import { hasAccount } from '@formloom/contracts/workflows/nodes/integration';
import { openAiNode } from '@formloom/contracts/workflows/nodes/openai';
import { IconSparkles } from '../../../ui/icons';
import { AccountWarning, ActionSelect, configText, withConfig } from '../inputs/integration-fields';
import { TextWithVariables } from '../inputs/variable-menu';
import { defineNodeUi, type NodePanelProps } from './types';

function OpenAiPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const messages = field(field(node.template, 'config'), 'messages');
  const change = (patch: Record<string, unknown>) => onChange(withConfig(node.template, patch));
  return (
    <Stack gap="sm" data-testid="openai-panel">
      <AccountWarning hasAccount={hasAccount(node.template, { integration: true })} />
      <ActionSelect
        label={copy.integrationNodes.labels.action}
        value={configText(node.template, 'action') || 'generateText'}
        options={copy.integrationNodes.openaiActions}
        readOnly={readOnly}
        onChange={(action) => change({ action })}
      />
      <TextInput
        label={copy.integrationNodes.labels.model}
        value={configText(node.template, 'model')}
        placeholder="gpt-4o-mini"
        readOnly={readOnly}
        onChange={(event) => change({ model: event.currentTarget.value })}
      />
      <Textarea
        label={copy.integrationNodes.labels.systemPrompt}
        value={configText(node.template, 'systemPrompt')}
        autosize
        minRows={2}
        maxRows={8}
        readOnly={readOnly}
        onChange={(event) => change({ systemPrompt: event.currentTarget.value })}
      />
      <TextWithVariables
        label={copy.integrationNodes.labels.prompt}
        value={configText(node.template, 'prompt')}
        onChange={(prompt) => change({ prompt })}
        context={context}
        nodeId={nodeId}
        multiline
        readOnly={readOnly}
      />
      {Array.isArray(messages) && messages.length > 0 && (
        <Text fz="sm" c="dimmed">
          {copy.integrationNodes.labels.messages(messages.length)}
        </Text>
      )}
    </Stack>
  );
}

/** The openai node's card and panel. */
export const openAiNodeUi = defineNodeUi(openAiNode, {
  title: copy.integrationNodes.titles.openai,
  description: copy.integrationNodes.descriptions.openai,
  icon: IconSparkles,
  color: 'dark',
  Panel: OpenAiPanel,
});
