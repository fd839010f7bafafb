/**
 * The `branch` node on the canvas (spec 001 §3 "branches[{id, nextNodeId, condition}]"): a fork, 'Branch', and its
 * status line ('2 branches', or 'Setup needed: Add a condition to Branch 2' — `@formloom/contracts/workflows/nodes/
 * branch`). Its panel lists the branches in the order they are checked — the first whose conditions are met is taken,
 * else 'Otherwise' — each with its name (the label of its edge on the canvas, spec 001 §2), buttons to move it up or
 * down and to remove it (one always remains), and its conditions (`inputs/workflow-condition.tsx`); 'Add branch' adds
 * 'Branch <n>' (up to MAX_BRANCHES). A name is edited in place and commits on Enter or on leaving the field only when
 * it is not blank and no other branch has it; otherwise it shows why, and Escape (or leaving) puts the name back
 * (spec 001 §5 "Inline text editing commits on blur only if the optional validator passes, on Enter; Escape
 * reverts"). The panel edits the template only: a branch keeps the node its edge leads to when it moves or is
 * renamed; a removed branch's edge goes with it.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { MAX_BRANCHES } from '@formloom/contracts/limits';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { emptyWorkflowCondition } from '@formloom/contracts/workflows/conditions';
import { branchNode, newBranchName } from '@formloom/contracts/workflows/nodes/branch';
import { IconBranch, IconChevronDown, IconChevronUp, IconPlus, IconTrash } from '../../../ui/icons';
import { WorkflowConditionEditor } from '../inputs/workflow-condition';
import { defineNodeUi, type NodePanelProps } from './types';
import classes from './flow-control.module.css';

const texts = copy.workflowSteps.branch;

/** A branch's name as stored ('' when it has none). */
function nameOf(branch: unknown): string {
  const id = field(branch, 'id');
  return typeof id === 'string' ? id : '';
}

/** Why `name` cannot be a branch's name among the `others`' names, or `null` when it can. */
function nameProblem(name: string, others: readonly string[]): string | null {
  const key = name.trim().toLowerCase();
  if (key === '') return texts.nameRequired;
  return others.some((other) => other.trim().toLowerCase() === key) ? texts.duplicateName : null;
}

/** A branch's name, edited in place (see the module doc). */
function BranchName({ value, others, onCommit, readOnly, label }: { value: string; others: readonly string[]; onCommit(name: string): void; readOnly: boolean; label: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? value;
  const problem = draft === null ? null : nameProblem(draft, others);
  const commit = () => {
    if (draft === null) return;
    if (problem === null && draft.trim() !== value) onCommit(draft.trim());
    setDraft(null);
  };
  return (
    <TextInput
      className={classes.branchName}
      size="xs"
      aria-label={label}
      value={shown}
      readOnly={readOnly}
      error={problem}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && problem === null) commit();
        if (event.key === 'Escape') setDraft(null);
      }}
      onBlur={commit}
      data-testid="branch-name"
    />
  );
}

function BranchPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const template = isRecord(node.template) ? node.template : {};
  const stored = field(template, 'branches');
  const branches: unknown[] = Array.isArray(stored) ? stored : [];
  const names = branches.map(nameOf);
  const update = (next: unknown[]) => onChange({ ...template, branches: next });
  const change = (index: number, patch: Record<string, unknown>) =>
    update(branches.map((branch, at) => (at === index ? { ...(isRecord(branch) ? branch : {}), ...patch } : branch)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...branches];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    update(next);
  };
  return (
    <Stack gap="sm" data-testid="branch-panel">
      <Text fz="xs" c="dimmed">
        {texts.note}
      </Text>
      {branches.map((branch, index) => {
        const name = names[index] || texts.defaultName(index + 1);
        return (
          // A branch is named uniquely; the index keeps two stored with one name apart.
          <Paper key={`${index}:${names[index]}`} withBorder p="xs" data-testid="branch">
            <Stack gap="xs">
              <Group gap={4} wrap="nowrap">
                <BranchName
                  value={names[index] ?? ''}
                  others={names.filter((_, at) => at !== index)}
                  onCommit={(id) => change(index, { id })}
                  readOnly={readOnly}
                  label={`${texts.nameLabel} ${index + 1}`}
                />
                {!readOnly && (
                  <>
                    <Tooltip label={texts.moveUp(name)}>
                      <ActionIcon variant="subtle" color="gray" aria-label={texts.moveUp(name)} disabled={index === 0} onClick={() => move(index, -1)}>
                        <IconChevronUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={texts.moveDown(name)}>
                      <ActionIcon variant="subtle" color="gray" aria-label={texts.moveDown(name)} disabled={index === branches.length - 1} onClick={() => move(index, 1)}>
                        <IconChevronDown size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={texts.removeBranch(name)}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={texts.removeBranch(name)}
                        disabled={branches.length <= 1}
                        onClick={() => update(branches.filter((_, at) => at !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </>
                )}
              </Group>
              <WorkflowConditionEditor
                context={context}
                nodeId={nodeId}
                value={field(branch, 'condition')}
                onChange={(condition) => change(index, { condition })}
                label={name}
                readOnly={readOnly}
              />
            </Stack>
          </Paper>
        );
      })}
      {!readOnly && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={branches.length >= MAX_BRANCHES}
            onClick={() => update([...branches, { id: newBranchName(names), nextNodeId: null, condition: emptyWorkflowCondition() }])}
            data-testid="add-branch"
          >
            {texts.addBranch}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The branch node's card and panel. */
export const branchNodeUi = defineNodeUi(branchNode, {
  title: texts.title,
  icon: IconBranch,
  color: 'cyan',
  Panel: BranchPanel,
  description: texts.popover,
});
