/**
 * The add-action popover and the trigger picker (spec 001 §2). The popover opens from a "+" (after the trigger,
 * after a node, on an edge, on a branch's or approval state's handle) and lists the action types that support the
 * flow type (`form`), each with its icon, title, description line and badge ('Beta' for approval); the AI types are
 * left out for the `EU_AGENT` data region; at MAX_WORKFLOW_ACTIONS (20) actions every type is disabled and the
 * popover says 'Maximum number of actions added - contact support to enable more'. The trigger picker lists the five
 * form triggers (ziteExecution, `hiddenFromPicker`, is not offered).
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { Badge, Group, Menu, Stack, Text, ThemeIcon, ActionIcon, type MenuProps } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import type { NodeType, TriggerType } from '@formloom/contracts/entities/workflow';
import type { WorkflowFlowType } from '@formloom/contracts/workflows/define';
import type { GraphSource } from '@formloom/contracts/workflows/graph-edits';
import { NODE_DEFINITIONS } from '@formloom/contracts/workflows/nodes/registry';
import { TRIGGER_DEFINITIONS } from '@formloom/contracts/workflows/triggers/registry';
import { IconPlus, IconRefresh } from '../../../ui/icons';
import { nodeUi, triggerUi } from '../nodes/registry';
import type { NodeUi, TriggerUi } from '../nodes/types';
import { useCanvasActions } from './canvas-context';

/** The data region that hides the AI types (spec 001 §2). */
export const AGENT_DATA_REGION = 'EU_AGENT';

/** The node types the popover offers for `flowType` in `dataRegion`, in registry order, with their cards. */
export function addActionOptions(flowType: WorkflowFlowType, dataRegion: string | undefined): NodeUi[] {
  return NODE_DEFINITIONS.flatMap((definition) => {
    if (!definition.flowTypes.includes(flowType)) return [];
    if (definition.hiddenInAgentRegion && dataRegion === AGENT_DATA_REGION) return [];
    const ui = nodeUi(definition.type);
    return ui ? [ui] : [];
  });
}

/** The triggers the picker offers (spec 001 §2), in the spec's order; not the hidden ones. */
export function triggerOptions(): TriggerUi[] {
  return TRIGGER_DEFINITIONS.flatMap((definition) => {
    const ui = triggerUi(definition.type);
    return ui && !ui.hiddenFromPicker ? [ui] : [];
  });
}

/** One type in a list: icon, title, badge, description. */
function TypeLine({ ui }: { ui: Pick<NodeUi, 'title' | 'icon' | 'color' | 'description' | 'badge'> }) {
  const Icon = ui.icon;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={28} radius="md" variant="light" color={ui.color} aria-hidden="true">
        <Icon size={14} />
      </ThemeIcon>
      <Stack gap={0}>
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={600}>
            {ui.title}
          </Text>
          {ui.badge && (
            <Badge size="xs" variant="light" color="violet" data-testid="node-badge">
              {ui.badge}
            </Badge>
          )}
        </Group>
        {ui.description && (
          <Text fz="xs" c="dimmed">
            {ui.description}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** Props of {@link AddActionButton}. */
export interface AddActionButtonProps {
  source: GraphSource;
  /** The button's accessible name ('Add an action after Delay'). */
  label: string;
  /** Which "+" this is, for tests (`trigger`, a node id, `<nodeId>:<edge path>`). */
  testId: string;
}

/**
 * A menu whose Mantine `Menu` (a popover with its floating-position hooks) is only mounted on the first click of its
 * button, opened: a 20-node canvas has some forty "+" buttons, and mounting forty closed menus was the largest part
 * of its first render (docs/benchmarks.md §14). `target(open)` draws the button: `open` is undefined once the menu
 * is mounted (the menu's own target handles the click).
 */
function LazyMenu({ target, children, ...menu }: Omit<MenuProps, 'children'> & { target(open?: () => void): ReactElement; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  if (!mounted) return target(() => setMounted(true));
  return (
    <Menu {...menu} defaultOpened>
      <Menu.Target>{target()}</Menu.Target>
      {children}
    </Menu>
  );
}

/** A "+" that opens the add-action popover; nothing for a viewer. */
export function AddActionButton({ source, label, testId }: AddActionButtonProps) {
  const actions = useCanvasActions();
  if (actions.readOnly) return null;
  return (
    <LazyMenu
      position="bottom"
      withinPortal
      shadow="md"
      width={300}
      trapFocus
      target={(open) => (
        <ActionIcon
          size="sm"
          radius="xl"
          variant="default"
          aria-label={label}
          aria-haspopup="menu"
          className="nodrag nopan"
          data-testid="add-action"
          data-source={testId}
          onClick={open}
        >
          <IconPlus size={12} />
        </ActionIcon>
      )}
    >
      <AddActionDropdown source={source} />
    </LazyMenu>
  );
}

/** The add-action popover's list (mounted with its menu). */
function AddActionDropdown({ source }: { source: GraphSource }) {
  const actions = useCanvasActions();
  const options = addActionOptions('form', actions.dataRegion);
  return (
    <Menu.Dropdown data-testid="add-action-popover" onClick={(event) => event.stopPropagation()}>
      <Menu.Label>{copy.workflows.canvas.chooseAction}</Menu.Label>
      {!actions.canAdd && (
        <Text fz="xs" c="orange.8" px="sm" pb={4} data-testid="max-actions">
          {copy.workflows.maxActions}
        </Text>
      )}
      {options.map((ui) => (
        <Menu.Item key={ui.type} disabled={!actions.canAdd} onClick={() => actions.add(source, ui.type as NodeType)} data-type={ui.type}>
          <TypeLine ui={ui} />
        </Menu.Item>
      ))}
    </Menu.Dropdown>
  );
}

/** The trigger picker behind the trigger card's 'Change trigger' (spec 001 §2); nothing for a viewer. */
export function TriggerPickerButton({ current }: { current: string }) {
  const actions = useCanvasActions();
  if (actions.readOnly) return null;
  return (
    <LazyMenu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={300}
      target={(open) => (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={copy.workflows.canvas.changeTrigger}
          aria-haspopup="menu"
          className="nodrag nopan"
          data-testid="change-trigger"
          onClick={open}
        >
          <IconRefresh size={12} />
        </ActionIcon>
      )}
    >
      <Menu.Dropdown data-testid="trigger-picker">
        <Menu.Label>{copy.workflows.canvas.chooseTrigger}</Menu.Label>
        {triggerOptions().map((ui) => (
          <Menu.Item key={ui.type} onClick={() => actions.changeTrigger(ui.type as TriggerType)} data-type={ui.type} aria-current={ui.type === current || undefined}>
            <TypeLine ui={ui} />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </LazyMenu>
  );
}
