/**
 * The editor panel of the node (or trigger) being edited (spec 001 §2 "Node editor panels", at most
 * NODE_PANEL_MAX_HEIGHT_PX (600) tall): a pane over the canvas's right side (the whole width on a phone) with the
 * type's title, its `Panel`, and a footer with the type's `FooterActions` (the email's Preview, the approval's
 * 'Feedback?') and Done — disabled while the type's `doneBlocked` says so, with its tooltip ('Select a channel
 * first'). A viewer sees the panel read-only and Close instead of Done. The panels themselves are the types' modules
 * (`nodes/<type>.tsx`).
 */
import { Button, CloseButton, Group, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { NODE_PANEL_MAX_HEIGHT_PX } from '@formloom/contracts/limits';
import type { DoneBlock, WorkflowEditorContext } from '../nodes/types';
import { nodeUi, triggerUi } from '../nodes/registry';
import classes from './panel-host.module.css';

/** Props of {@link PanelHost}. */
export interface PanelHostProps {
  /** `trigger`, or the id of the node being edited. */
  target: string;
  template: WorkflowTemplate;
  readOnly: boolean;
  context: WorkflowEditorContext;
  /** Replaces the draft (the node's or trigger's template changed). */
  onChange(template: WorkflowTemplate): void;
  onClose(): void;
}

/** The footer's Done (or Close for a viewer), held back by `block`. */
function DoneButton({ block, readOnly, onClose }: { block: DoneBlock; readOnly: boolean; onClose(): void }) {
  const label = readOnly ? copy.workflows.canvas.close : copy.workflows.canvas.done;
  const disabled = !readOnly && block !== false;
  const button = (
    <Button size="sm" onClick={onClose} disabled={disabled} data-testid="panel-done">
      {label}
    </Button>
  );
  if (!disabled || !block || !block.tooltip) return button;
  return (
    <Tooltip label={block.tooltip}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** See the module doc; nothing when `target` names no implemented node or trigger. */
export function PanelHost({ target, template, readOnly, context, onChange, onClose }: PanelHostProps) {
  let title = '';
  let body: React.ReactNode = null;
  let footer: React.ReactNode = null;
  let block: DoneBlock = false;
  if (target === 'trigger') {
    const ui = triggerUi(template.trigger.type);
    if (!ui) return null;
    const trigger = template.trigger;
    const change = (next: unknown) => onChange({ ...template, trigger: { ...trigger, template: next as Record<string, unknown> } });
    title = ui.title;
    body = <ui.Panel trigger={trigger} status={ui.status(trigger.template)} readOnly={readOnly} onChange={change} context={context} />;
    block = ui.doneBlocked?.(trigger.template) ?? false;
  } else {
    const node = Object.prototype.hasOwnProperty.call(template.nodes, target) ? template.nodes[target] : undefined;
    const ui = node ? nodeUi(node.type) : undefined;
    if (!node || !ui) return null;
    const change = (next: unknown) => onChange({ ...template, nodes: { ...template.nodes, [target]: { ...node, template: next as Record<string, unknown> } } });
    const props = { nodeId: target, node, status: ui.status(node.template), readOnly, onChange: change, context };
    title = ui.title;
    body = <ui.Panel {...props} />;
    footer = ui.FooterActions ? <ui.FooterActions {...props} /> : null;
    block = ui.doneBlocked?.(node.template) ?? false;
  }
  return (
    <Paper withBorder shadow="md" radius="md" className={classes.pane} mah={NODE_PANEL_MAX_HEIGHT_PX} data-testid="node-panel" data-target={target} role="dialog" aria-label={title}>
      <Stack gap={0} mah={NODE_PANEL_MAX_HEIGHT_PX}>
        <Group justify="space-between" px="md" py="xs" className={classes.head}>
          <Text fw={700}>{title}</Text>
          <CloseButton onClick={onClose} aria-label={copy.workflows.canvas.close} />
        </Group>
        <ScrollArea.Autosize mah={NODE_PANEL_MAX_HEIGHT_PX - 110} px="md" py="sm" type="auto">
          {body}
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="xs" px="md" py="xs" className={classes.foot}>
          {footer}
          <DoneButton block={block} readOnly={readOnly} onClose={onClose} />
        </Group>
      </Stack>
    </Paper>
  );
}
