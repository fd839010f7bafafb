/**
 * A workflow drawn top to bottom as the canvas will draw it (spec 001 §2 "Workflow canvas"): the trigger's
 * card, then each node's card along its first edge, or a placeholder action when there is none. Selecting a
 * card shows its type's editor panel below (read-only for now, at most NODE_PANEL_MAX_HEIGHT_PX tall). Until
 * the canvas comes, the thank-you email card shows its workflow with it.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { WorkflowNode, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { MAX_WORKFLOW_ACTIONS, NODE_CARD_MIN_HEIGHT_PX, NODE_CARD_MIN_WIDTH_PX, NODE_PANEL_MAX_HEIGHT_PX } from '@formloom/contracts/limits';
import { nodeEdges } from '@formloom/contracts/rules/workflow-graph';
import { nodeUi, triggerUi } from '../nodes/registry';
import { NodeCard, nodeCardView, triggerCardView } from './node-card';
import classes from '../workflows.module.css';

/** ours: the width of the outline's column of cards (px); the cards are at least NODE_CARD_MIN_WIDTH_PX wide. */
const OUTLINE_WIDTH_PX = 360;

/** The nodes reached from the trigger along each node's first edge (each once, at most MAX_WORKFLOW_ACTIONS). */
export function outlineNodes(template: WorkflowTemplate): Array<{ nodeId: string; node: WorkflowNode }> {
  const nodes: Array<{ nodeId: string; node: WorkflowNode }> = [];
  const seen = new Set<string>();
  let nodeId = template.trigger.nextNodeId;
  while (nodeId !== null && !seen.has(nodeId) && nodes.length < MAX_WORKFLOW_ACTIONS) {
    const node = Object.prototype.hasOwnProperty.call(template.nodes, nodeId) ? template.nodes[nodeId] : undefined;
    if (!node) break;
    seen.add(nodeId);
    nodes.push({ nodeId, node });
    nodeId = nodeEdges(node)[0]?.target ?? null;
  }
  return nodes;
}

function Arrow() {
  return (
    <Text c="dimmed" fz="sm" ta="center" aria-hidden="true" lh={1}>
      ↓
    </Text>
  );
}

/** The selected card's panel, or nothing. */
function SelectedPanel({ template, selected }: { template: WorkflowTemplate; selected: string | null }) {
  if (selected === null) return null;
  let panel: ReactNode = null;
  const flowPublicIdentifier = String(template.trigger.template.flowPublicIdentifier ?? '');
  const context = { flowPublicIdentifier, formTemplate: undefined, template, currentUser: undefined };
  const ignore = () => undefined;
  if (selected === 'trigger') {
    const ui = triggerUi(template.trigger.type);
    if (ui) panel = <ui.Panel trigger={template.trigger} status={ui.status(template.trigger.template)} readOnly onChange={ignore} context={context} />;
  } else {
    const node = Object.prototype.hasOwnProperty.call(template.nodes, selected) ? template.nodes[selected] : undefined;
    const ui = node ? nodeUi(node.type) : undefined;
    if (node && ui) panel = <ui.Panel nodeId={selected} node={node} status={ui.status(node.template)} readOnly onChange={ignore} context={context} />;
  }
  if (!panel) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="workflow-node-panel">
      <ScrollArea.Autosize mah={NODE_PANEL_MAX_HEIGHT_PX}>{panel}</ScrollArea.Autosize>
    </Paper>
  );
}

/** See the module doc. */
export function WorkflowOutline({ template }: { template: WorkflowTemplate }) {
  const [selected, setSelected] = useState<string | null>(null);
  const toggle = useCallback((id: string) => setSelected((current) => (current === id ? null : id)), []);
  const nodes = outlineNodes(template);
  return (
    <Stack gap="sm" data-testid="workflow-outline">
      <Stack gap={4} maw={OUTLINE_WIDTH_PX}>
        <NodeCard id="trigger" view={triggerCardView(template.trigger)} selected={selected === 'trigger'} onSelect={toggle} />
        {nodes.map(({ nodeId, node }) => (
          <Stack key={nodeId} gap={4}>
            <Arrow />
            <NodeCard id={nodeId} view={nodeCardView(node)} selected={selected === nodeId} onSelect={toggle} />
          </Stack>
        ))}
        {nodes.length === 0 && (
          <>
            <Arrow />
            <Paper withBorder radius="md" p="xs" miw={NODE_CARD_MIN_WIDTH_PX} mih={NODE_CARD_MIN_HEIGHT_PX} className={classes.placeholder}>
              <Text fz="sm" c="dimmed">
                Add an action
              </Text>
            </Paper>
          </>
        )}
      </Stack>
      <SelectedPanel template={template} selected={selected} />
    </Stack>
  );
}
