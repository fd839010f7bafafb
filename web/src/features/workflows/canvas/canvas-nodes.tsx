/**
 * The cards of the workflow canvas as React Flow nodes (spec 001 §2 "Workflow canvas"): the trigger, an action
 * (action, approval or branch node) and the placeholder action of a workflow with no actions. A card shows its
 * type's icon, title, badge ('Beta') and setup status line (complete, or 'Setup needed: …' — from the type's contracts
 * module), at least NODE_CARD_MIN_WIDTH_PX × NODE_CARD_MIN_HEIGHT_PX. Selected, it shows Edit and Delete (the trigger:
 * Edit, or View when read-only, none when its type hides it, and the trigger picker). Each outgoing edge has a
 * handle; one that leads nowhere offers "+" (a branch's or state's with its label; every other one a row lower, so
 * that names wider than the 46 px between handles do not overlap).
 *
 * The cards are plain elements styled by `canvas.module.css` with Mantine's CSS variables, not Mantine layout
 * components: a 20-node canvas renders some hundred and fifty of them at once, and their hooks were most of its
 * first render (docs/benchmarks.md §14). Mantine stays for the widgets (buttons, badge, menus).
 */
import { memo, useMemo } from 'react';
import { Badge, Box, Button } from '@mantine/core';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowNode, WorkflowTrigger } from '@formloom/contracts/entities/workflow';
import type { NodeSetupStatus } from '@formloom/contracts/workflows/define';
import { IconDots, IconEye, IconPencil, IconTrash } from '../../../ui/icons';
import { nodeUi, triggerUi } from '../nodes/registry';
import type { NodeIcon } from '../nodes/types';
import { AddActionButton, TriggerPickerButton } from './add-action-popover';
import { useCanvasActions } from './canvas-context';
import type { CardHandle } from './layout';
import classes from './canvas.module.css';

/** What a card shows of its type. */
interface CardView {
  title: string;
  icon: NodeIcon;
  color: string;
  badge?: string;
  /** `null` for a type that is not implemented yet. */
  status: NodeSetupStatus | null;
}

function triggerView(trigger: WorkflowTrigger): CardView {
  const ui = triggerUi(trigger.type);
  return ui ? { title: ui.title, icon: ui.icon, color: ui.color, status: ui.status(trigger.template) } : { title: trigger.type, icon: IconDots, color: 'gray', status: null };
}

function nodeView(node: WorkflowNode): CardView {
  const ui = nodeUi(node.type);
  return ui
    ? { title: ui.title, icon: ui.icon, color: ui.color, badge: ui.badge, status: ui.status(node.template) }
    : { title: node.type, icon: IconDots, color: 'gray', status: null };
}

/** The data of a trigger card. */
export type TriggerCardNode = Node<{ trigger: WorkflowTrigger; handles: CardHandle[]; hasActions: boolean }, 'trigger'>;
/** The data of an action card. */
export type ActionCardNode = Node<{ nodeId: string; node: WorkflowNode; handles: CardHandle[] }, 'action'>;
/** The data of the placeholder card. */
export type PlaceholderCardNode = Node<Record<string, never>, 'placeholder'>;

/** The body of a card: icon, title, badge, status line, the first publish problem. */
function CardBody({ view, problem }: { view: CardView; problem?: string }) {
  const Icon = view.icon;
  return (
    <div className={classes.cardBody}>
      <Box
        component="span"
        className={classes.cardIcon}
        __vars={{ '--card-icon-bg': `var(--mantine-color-${view.color}-light)`, '--card-icon-color': `var(--mantine-color-${view.color}-light-color)` }}
        aria-hidden="true"
      >
        <Icon size={16} />
      </Box>
      <div className={classes.cardText}>
        <div className={classes.cardTitleRow}>
          <span className={classes.cardTitle}>{view.title}</span>
          {view.badge && (
            <Badge size="xs" variant="light" color="violet" data-testid="node-badge">
              {view.badge}
            </Badge>
          )}
        </div>
        {view.status && (
          <p className={`${classes.cardLine} ${view.status.complete ? classes.cardLineDimmed : classes.cardLineIncomplete}`} data-testid="node-setup-status">
            {view.status.description}
          </p>
        )}
        {problem && (
          <p className={`${classes.cardLine} ${classes.cardLineProblem}`} data-testid="node-problem">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

/** The source handles of a card; a handle that leads nowhere offers "+" below it (with its label, if any). */
function SourceHandles({ handles, owner, title }: { handles: CardHandle[]; owner: { nodeId?: string }; title: string }) {
  const actions = useCanvasActions();
  return (
    <>
      {handles.map((handle) => (
        <Box key={handle.id} className={classes.handleSlot} __vars={{ '--handle-x': `${handle.x}px` }}>
          <Handle type="source" position={Position.Bottom} id={handle.id} isConnectable={!actions.readOnly} />
        </Box>
      ))}
      {handles.map((handle, index) => {
        if (handle.target !== null) return null;
        const source = owner.nodeId === undefined ? ({ kind: 'trigger' } as const) : ({ kind: 'node', nodeId: owner.nodeId, edgePath: handle.id } as const);
        const label = handle.label ? copy.workflows.canvas.addActionOn(handle.label) : copy.workflows.canvas.addActionAfter(title);
        if (actions.readOnly && !handle.label) return null;
        return (
          <Box key={`add-${handle.id}`} className={`${classes.handleAdd} ${index % 2 === 1 ? classes.handleAddLower : ''}`} __vars={{ '--handle-x': `${handle.x}px` }}>
            {handle.label && (
              <span className={classes.handleLabel} title={handle.label} data-testid="handle-label">
                {handle.label}
              </span>
            )}
            <AddActionButton source={source} label={label} testId={owner.nodeId === undefined ? 'trigger' : `${owner.nodeId}:${handle.id}`} />
          </Box>
        );
      })}
    </>
  );
}

/**
 * A card's Edit button — View for a viewer (spec 001 §2 "The trigger node offers Edit, or View when read-only") —
 * opening the panel of `target` (`'trigger'` or a node id) without selecting the card under it.
 */
function EditButton({ target }: { target: string }) {
  const actions = useCanvasActions();
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={actions.readOnly ? <IconEye size={12} /> : <IconPencil size={12} />}
      className="nodrag"
      onClick={(event) => {
        event.stopPropagation();
        actions.edit(target);
      }}
    >
      {actions.readOnly ? copy.workflows.canvas.view : copy.workflows.canvas.edit}
    </Button>
  );
}

/** The trigger's card. */
export const TriggerCard = memo(function TriggerCard({ id, data, selected }: NodeProps<TriggerCardNode>) {
  const actions = useCanvasActions();
  const view = useMemo(() => triggerView(data.trigger), [data.trigger]);
  const ui = triggerUi(data.trigger.type);
  const problem = actions.problems.get('trigger')?.[0];
  const handles = data.hasActions ? data.handles : data.handles.map((handle) => ({ ...handle, target: 'placeholder' }));
  return (
    <div
      className={`${classes.card} ${selected ? classes.selected : ''} ${problem ? classes.problem : ''}`}
      data-testid="canvas-card"
      data-card-id={id}
      data-kind="trigger"
      data-complete={view.status ? String(view.status.complete) : undefined}
    >
      <div className={classes.triggerHead}>
        <CardBody view={view} problem={problem} />
        <TriggerPickerButton current={data.trigger.type} />
      </div>
      {ui && !ui.hideEdit && (
        <div className={classes.triggerEdit}>
          <EditButton target="trigger" />
        </div>
      )}
      <SourceHandles handles={handles} owner={{}} title={view.title} />
    </div>
  );
});

/** An action's card (action, approval or branch node). */
export const ActionCard = memo(function ActionCard({ id, data, selected }: NodeProps<ActionCardNode>) {
  const actions = useCanvasActions();
  const view = useMemo(() => nodeView(data.node), [data.node]);
  const problem = actions.problems.get(data.nodeId)?.[0];
  return (
    <div
      className={`${classes.card} ${selected ? classes.selected : ''} ${problem ? classes.problem : ''}`}
      data-testid="canvas-card"
      data-card-id={id}
      data-node-id={data.nodeId}
      data-kind="node"
      data-complete={view.status ? String(view.status.complete) : undefined}
    >
      <Handle type="target" position={Position.Top} isConnectable={!actions.readOnly} />
      <CardBody view={view} problem={problem} />
      {selected && (
        <div className={classes.cardActions} data-testid="card-actions">
          <EditButton target={data.nodeId} />
          {!actions.readOnly && (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={12} />}
              className="nodrag"
              onClick={(event) => {
                event.stopPropagation();
                actions.requestDelete(data.nodeId);
              }}
            >
              {copy.workflows.canvas.delete}
            </Button>
          )}
        </div>
      )}
      <SourceHandles handles={data.handles} owner={{ nodeId: data.nodeId }} title={view.title} />
    </div>
  );
});

/** The placeholder action after a trigger with no actions (spec 001 §2): "Add an action" and its "+". */
export const PlaceholderCard = memo(function PlaceholderCard({ id }: NodeProps<PlaceholderCardNode>) {
  return (
    <div
      className={`${classes.card} ${classes.placeholder}`}
      data-testid="canvas-card"
      data-card-id={id}
      data-kind="placeholder"
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className={classes.placeholderRow}>
        <span className={classes.placeholderText}>{copy.workflows.canvas.addAction}</span>
        <AddActionButton source={{ kind: 'trigger' }} label={copy.workflows.canvas.addAction} testId="placeholder" />
      </div>
    </div>
  );
});

/** The card components by React Flow node type. */
export const CARD_TYPES = { trigger: TriggerCard, action: ActionCard, placeholder: PlaceholderCard };
