/**
 * What the workflow canvas needs of a node or trigger type (spec 001 §2 "Workflow canvas", "Node editor
 * panels"): its card's icon and title, its setup status line (from the type's contracts module), and its
 * editor panel. One module per type (`nodes/<type>.tsx`) builds its entry with {@link defineNodeUi} or
 * {@link defineTriggerUi}; `nodes/registry.ts` lists them (docs/architecture.md "Adding a node type").
 */
import type { ComponentType } from 'react';
import type { NodeType, TriggerType, WorkflowNode, WorkflowTrigger } from '@formloom/contracts/entities/workflow';
import type { NodeDefinition, NodeSetupStatus, TriggerDefinition } from '@formloom/contracts/workflows/define';

/** An icon component (`ui/icons.tsx`): decorative, sized in px. */
export type NodeIcon = ComponentType<{ size?: number }>;

/** Props of a node's editor panel. Read-only for now: the editor's Edit and Done come with the canvas. */
export interface NodePanelProps {
  nodeId: string;
  node: WorkflowNode;
  /** The node's setup status (spec 001 §4), e.g. to open the email editor on Recipients while incomplete. */
  status: NodeSetupStatus;
}

/** Props of a trigger's editor panel (read-only for now). */
export interface TriggerPanelProps {
  trigger: WorkflowTrigger;
  status: NodeSetupStatus;
}

/** The card and panel of one node type. */
export interface NodeUi<TType extends NodeType = NodeType> {
  readonly type: TType;
  /** The card's title. */
  readonly title: string;
  readonly icon: NodeIcon;
  /** A Mantine colour for the card's icon. */
  readonly color: string;
  /** The setup status line of a node of this type (its contracts module's). */
  status(template: unknown): NodeSetupStatus;
  /** The editor panel slot (spec 001 §2 "Node editor panels", at most NODE_PANEL_MAX_HEIGHT_PX tall). */
  readonly Panel: ComponentType<NodePanelProps>;
}

/** The card and panel of one trigger type. */
export interface TriggerUi<TType extends TriggerType = TriggerType> {
  readonly type: TType;
  readonly title: string;
  readonly icon: NodeIcon;
  readonly color: string;
  /** The trigger's setup status line (its contracts module's). */
  status(template: unknown): NodeSetupStatus;
  readonly Panel: ComponentType<TriggerPanelProps>;
}

/** What a node type's web module gives {@link defineNodeUi}: everything but what its contracts module has. */
export type NodeUiInput = Pick<NodeUi, 'title' | 'icon' | 'color' | 'Panel'>;
/** What a trigger type's web module gives {@link defineTriggerUi}. */
export type TriggerUiInput = Pick<TriggerUi, 'title' | 'icon' | 'color' | 'Panel'>;

/** The card and panel of the node type `definition` describes (its type and status line come from it). */
export function defineNodeUi<TType extends NodeType>(definition: NodeDefinition<TType, unknown>, input: NodeUiInput): NodeUi<TType> {
  return { ...input, type: definition.type, status: definition.status };
}

/** The card and panel of the trigger type `definition` describes. */
export function defineTriggerUi<TType extends TriggerType>(definition: TriggerDefinition<TType, unknown>, input: TriggerUiInput): TriggerUi<TType> {
  return { ...input, type: definition.type, status: definition.status };
}
