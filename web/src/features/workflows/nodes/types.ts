/**
 * What the workflow canvas needs of a node or trigger type (spec 001 §2 "Workflow canvas", "Node editor
 * panels"): its card's icon and title, its setup status line (from the type's contracts module), and its
 * editor panel. One module per type (`nodes/<type>.tsx`) builds its entry with {@link defineNodeUi} or
 * {@link defineTriggerUi}; `nodes/registry.ts` lists them (docs/architecture.md "Adding a node type").
 */
import type { ComponentType } from 'react';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { NodeType, TriggerType, WorkflowNode, WorkflowTemplate, WorkflowTrigger } from '@formloom/contracts/entities/workflow';
import type { NodeDefinition, NodeSetupStatus, TriggerDefinition } from '@formloom/contracts/workflows/define';

/** An icon component (`ui/icons.tsx`): decorative, sized in px. */
export type NodeIcon = ComponentType<{ size?: number }>;

/**
 * What every panel may know of the workflow being edited, given by the canvas: the form (its questions for the
 * variable picker and the recipient pickers), the whole draft (earlier nodes' outputs: contracts
 * `workflows/variables.ts`), the signed-in user (the approval editor adds them by default, spec 001 §4; the email
 * preview goes to them) and the organization's data region (the AI notice and types, spec 001 §2).
 */
export interface WorkflowEditorContext {
  flowPublicIdentifier: string;
  /** The form's draft template; `undefined` while it loads. */
  formTemplate: FlowTemplate | undefined;
  /** The workflow's draft template as the canvas holds it now. */
  template: WorkflowTemplate;
  /** The signed-in user's id and address. */
  currentUser: { id: number; email: string } | undefined;
  /** The organization's data region (`EU_AGENT` hides AI, spec 001 §2); `undefined` for the default. */
  dataRegion?: string;
}

/**
 * Props of a node's editor panel (spec 001 §2 "Node editor panels"). The panel edits the node's template only:
 * `onChange` replaces it (the canvas keeps the draft, its undo and its unsaved state); the edges are the canvas's.
 * `readOnly`: a viewer of the workspace, or a published run being looked at — the panel shows, never edits.
 */
export interface NodePanelProps {
  nodeId: string;
  node: WorkflowNode;
  /** The node's setup status (spec 001 §4), e.g. to open the email editor on Recipients while incomplete. */
  status: NodeSetupStatus;
  readOnly: boolean;
  /** Replaces the node's template (a new object; never mutate `node.template`). */
  onChange(template: unknown): void;
  context: WorkflowEditorContext;
}

/** Props of a trigger's editor panel (the same contract as {@link NodePanelProps}). */
export interface TriggerPanelProps {
  trigger: WorkflowTrigger;
  status: NodeSetupStatus;
  readOnly: boolean;
  /** Replaces the trigger's template. */
  onChange(template: unknown): void;
  context: WorkflowEditorContext;
}

/**
 * Whether a panel's Done button is held back (spec 001 §5 "Done buttons"): `false` when it may be pressed, else
 * why not — `tooltip` shown on the disabled button ('Select a channel first').
 */
export type DoneBlock = false | { tooltip?: string };

/**
 * A `doneBlocked` from a type's rules: held back, with the first problem's message as the tooltip, while `errors`
 * finds any (spec 001 §5 "Done buttons").
 */
export function blockedByFirstError(errors: (template: unknown) => readonly { message: string }[]): (template: unknown) => DoneBlock {
  return (template) => {
    const [first] = errors(template);
    return first ? { tooltip: first.message } : false;
  };
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
  /** One line for the add-action popover ('Wait before the next step'). */
  readonly description?: string;
  /** A badge beside the title in the popover and on the card ('Beta' for approval, spec 001 §2). */
  readonly badge?: string;
  /** When the panel's Done button is disabled (spec 001 §5); default never. */
  doneBlocked?(template: unknown): DoneBlock;
  /** Actions the panel's footer shows before Done (the email's Preview, spec 001 §2). */
  readonly FooterActions?: ComponentType<NodePanelProps>;
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
  /** One line for the trigger picker. */
  readonly description?: string;
  /** Hidden from the trigger picker (`ziteExecution`, spec 001 §2). */
  readonly hiddenFromPicker?: boolean;
  /** The trigger card shows no Edit button (spec 001 §2 "some trigger nodes hide the edit button"). */
  readonly hideEdit?: boolean;
  /** When the panel's Done button is disabled; default never. */
  doneBlocked?(template: unknown): DoneBlock;
}

/** What a node type's web module gives {@link defineNodeUi}: everything but what its contracts module has. */
export type NodeUiInput = Pick<NodeUi, 'title' | 'icon' | 'color' | 'Panel' | 'description' | 'badge' | 'doneBlocked' | 'FooterActions'>;
/** What a trigger type's web module gives {@link defineTriggerUi}. */
export type TriggerUiInput = Pick<TriggerUi, 'title' | 'icon' | 'color' | 'Panel' | 'description' | 'hiddenFromPicker' | 'hideEdit' | 'doneBlocked'>;

/** The card and panel of the node type `definition` describes (its type and status line come from it). */
export function defineNodeUi<TType extends NodeType>(definition: NodeDefinition<TType, unknown>, input: NodeUiInput): NodeUi<TType> {
  return { ...input, type: definition.type, status: definition.status };
}

/** The card and panel of the trigger type `definition` describes. */
export function defineTriggerUi<TType extends TriggerType>(definition: TriggerDefinition<TType, unknown>, input: TriggerUiInput): TriggerUi<TType> {
  return { ...input, type: definition.type, status: definition.status };
}
