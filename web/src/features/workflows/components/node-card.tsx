/**
 * A node's card on the workflow canvas (spec 001 §2): its type's icon and title and its setup status line
 * (complete, or 'Setup needed: …' — spec 001 §4), at least NODE_CARD_MIN_WIDTH_PX × NODE_CARD_MIN_HEIGHT_PX.
 * What a type shows comes from its module (`nodes/registry.ts`); a type that is not implemented yet gets its
 * type name and no status line.
 */
import { memo } from 'react';
import { Group, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { WorkflowNode, WorkflowTrigger } from '@formloom/contracts/entities/workflow';
import { NODE_CARD_MIN_HEIGHT_PX, NODE_CARD_MIN_WIDTH_PX } from '@formloom/contracts/limits';
import type { NodeSetupStatus } from '@formloom/contracts/workflows/define';
import { IconDots } from '../../../ui/icons';
import { nodeUi, triggerUi } from '../nodes/registry';
import type { NodeIcon } from '../nodes/types';
import classes from '../workflows.module.css';

/** What a card shows. */
export interface NodeCardView {
  title: string;
  icon: NodeIcon;
  color: string;
  /** `null` for a type that is not implemented yet. */
  status: NodeSetupStatus | null;
}

/** The card view of a trigger (from its type's module). */
export function triggerCardView(trigger: WorkflowTrigger): NodeCardView {
  const ui = triggerUi(trigger.type);
  return ui
    ? { title: ui.title, icon: ui.icon, color: ui.color, status: ui.status(trigger.template) }
    : { title: trigger.type, icon: IconDots, color: 'gray', status: null };
}

/** The card view of a node (from its type's module). */
export function nodeCardView(node: WorkflowNode): NodeCardView {
  const ui = nodeUi(node.type);
  return ui
    ? { title: ui.title, icon: ui.icon, color: ui.color, status: ui.status(node.template) }
    : { title: node.type, icon: IconDots, color: 'gray', status: null };
}

/** Props of {@link NodeCard}. */
export interface NodeCardProps {
  view: NodeCardView;
  /** The node id (or `trigger`), for tests and the canvas. */
  id: string;
  selected?: boolean;
  /** Called with `id` when the card is selected (opens its panel); without it the card is not a button. */
  onSelect?: (id: string) => void;
}

/** One card; see the module doc. */
export const NodeCard = memo(function NodeCard({ view, id, selected = false, onSelect }: NodeCardProps) {
  const Icon = view.icon;
  const card = (
    <Paper
      withBorder
      radius="md"
      p="xs"
      miw={NODE_CARD_MIN_WIDTH_PX}
      mih={NODE_CARD_MIN_HEIGHT_PX}
      className={selected ? classes.selected : undefined}
      data-testid="workflow-node-card"
      data-node-id={id}
      data-complete={view.status ? String(view.status.complete) : undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={32} radius="md" variant="light" color={view.color}>
          <Icon size={16} />
        </ThemeIcon>
        <div>
          <Text fz="sm" fw={600}>
            {view.title}
          </Text>
          {view.status && (
            <Text fz="xs" c={view.status.complete ? 'dimmed' : 'orange.8'} data-testid="node-setup-status">
              {view.status.description}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
  if (!onSelect) return card;
  return (
    <UnstyledButton onClick={() => onSelect(id)} aria-pressed={selected} aria-label={`${view.title}: ${view.status?.description ?? ''}`}>
      {card}
    </UnstyledButton>
  );
});
