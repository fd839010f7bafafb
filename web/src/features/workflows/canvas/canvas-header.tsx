/**
 * The canvas's header (spec 001 §2, §7): back to the form's workflows, the workflow's name and state (Draft — never
 * published; Live — published and on; Off — published, turned off), 'Unsaved changes' while the draft differs from
 * the saved one, Save (the draft only: the published version keeps running) and Publish apart, and a link to the
 * runs. A viewer sees 'View only' and no Save or Publish.
 */
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import type { Workflow } from '@formloom/contracts/entities/workflow';
import { paths } from '../../../config/paths';
import { IconChevronLeft, IconSend } from '../../../ui/icons';

/** A workflow's state as the header shows it (see the module doc). */
export function workflowState(workflow: Pick<Workflow, 'publishedAt' | 'isActive'>): 'draft' | 'live' | 'off' {
  if (workflow.publishedAt === null) return 'draft';
  return workflow.isActive ? 'live' : 'off';
}

const STATE_BADGE = {
  draft: { label: copy.workflows.canvas.draft, color: 'gray' },
  live: { label: copy.workflows.canvas.live, color: 'green' },
  off: { label: copy.workflows.canvas.off, color: 'yellow' },
} as const;

/** Props of {@link CanvasHeader}. */
export interface CanvasHeaderProps {
  flowPublicIdentifier: string;
  workflow: Workflow;
  readOnly: boolean;
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  onSave(): void;
  onPublish(): void;
}

/** See the module doc. */
export function CanvasHeader({ flowPublicIdentifier, workflow, readOnly, dirty, saving, publishing, onSave, onPublish }: CanvasHeaderProps) {
  const badge = STATE_BADGE[workflowState(workflow)];
  return (
    <Group justify="space-between" px={{ base: 'sm', sm: 'md' }} py={8} gap="xs" wrap="wrap" bg="white" data-testid="canvas-header">
      <Group gap="xs" wrap="nowrap" miw={0} flex="1 1 220px">
        <Anchor component={Link} to={paths.editor.getHref(flowPublicIdentifier, 'workflows')} fz="sm" c="dimmed" aria-label={copy.workflows.canvas.backToWorkflows}>
          <Group gap={2} wrap="nowrap">
            <IconChevronLeft size={14} />
            <Text span fz="sm" visibleFrom="sm">
              {copy.workflows.canvas.backToWorkflows}
            </Text>
          </Group>
        </Anchor>
        <Text fw={700} truncate data-testid="workflow-name">
          {workflow.name}
        </Text>
        <Badge color={badge.color} variant="dot" data-testid="workflow-state">
          {badge.label}
        </Badge>
        {readOnly && (
          <Badge color="gray" variant="outline">
            {copy.workflows.canvas.readOnly}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {!readOnly && (
          <Text fz="xs" c={dirty ? 'red.9' : 'dimmed'} data-testid="save-state" aria-live="polite">
            {dirty ? copy.workflows.canvas.unsavedChanges : copy.workflows.canvas.allSaved}
          </Text>
        )}
        <Button component={Link} to={paths.workflowRuns.getHref(flowPublicIdentifier, workflow.id)} variant="subtle" size="xs">
          {copy.workflows.canvas.runs}
        </Button>
        {!readOnly && (
          <>
            <Button variant="default" size="xs" onClick={onSave} disabled={!dirty} loading={saving} aria-label={copy.workflows.canvas.saveWorkflow} data-testid="save-workflow">
              {copy.workflows.canvas.save}
            </Button>
            <Button size="xs" onClick={onPublish} loading={publishing} leftSection={<IconSend size={14} />} aria-label={copy.workflows.canvas.publishWorkflow} data-testid="publish-workflow">
              {copy.workflows.canvas.publish}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
