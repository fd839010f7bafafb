/**
 * The list of a form's workflows on the 'Workflows' tab: per workflow its name (a link to its canvas,
 * `/editor/{flowId}/workflows-edit/{workflowId}#workflows`), its trigger's title and icon (the canvas registry), its
 * live runs (the last run's time, how many, how many failed) with a link to its runs page, an 'Active' switch
 * (`POST /admin/workflows/enableOrDisable`) and a menu with 'Rename' (`POST /admin/workflows/rename`) and 'Delete'
 * (`DELETE /admin/workflows/{id}`, after a confirmation). A read-only viewer sees the switch disabled and no menu.
 * Hidden workflows (`isHidden`) are not listed.
 */
import { useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Group, Menu, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconDots, IconPencil, IconTrash } from '../../../ui/icons';
import type { WorkflowSummary } from '../api/get-workflows';
import { useDeleteWorkflow, useEnableOrDisableWorkflow, useRenameWorkflow } from '../api/mutations';
import { StepIcon, triggerLook } from '../gallery/step-icons';
import classes from '../gallery/gallery.module.css';

/** `iso` as the list shows a time: the browser's locale, medium date and short time. */
function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The workflows of form `flowPublicIdentifier`, newest first; `readOnly` hides every write action. */
export function WorkflowList({ flowPublicIdentifier, workflows, readOnly }: { flowPublicIdentifier: string; workflows: WorkflowSummary[]; readOnly: boolean }) {
  const [renaming, setRenaming] = useState<WorkflowSummary | null>(null);
  const [deleting, setDeleting] = useState<WorkflowSummary | null>(null);
  return (
    <Stack gap="sm" component="ul" className={classes.plainList} data-testid="workflow-list">
      {workflows.map((workflow) => (
        <WorkflowRow
          key={workflow.id}
          flowPublicIdentifier={flowPublicIdentifier}
          workflow={workflow}
          readOnly={readOnly}
          onRename={() => setRenaming(workflow)}
          onDelete={() => setDeleting(workflow)}
        />
      ))}
      <RenameDialog workflow={renaming} onClose={() => setRenaming(null)} />
      <DeleteDialog workflow={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function WorkflowRow({
  flowPublicIdentifier,
  workflow,
  readOnly,
  onRename,
  onDelete,
}: {
  flowPublicIdentifier: string;
  workflow: WorkflowSummary;
  readOnly: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const enableOrDisable = useEnableOrDisableWorkflow();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const trigger = triggerLook(workflow.template.trigger.type);
  const { stats } = workflow;
  const isActive = optimistic ?? workflow.isActive;

  function toggle(next: boolean) {
    setOptimistic(next);
    enableOrDisable.mutate(
      { id: workflow.id, isActive: next },
      {
        onError: (error) => notifications.show({ color: 'red', title: copy.workflows.updateFailed, message: errorMessage(error) }),
        onSettled: () => setOptimistic(null),
      },
    );
  }

  return (
    <Card component="li" withBorder padding="md" radius="md" data-testid="workflow-row" data-workflow-id={workflow.id}>
      <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
        <Group gap="sm" wrap="nowrap" className={classes.shrink}>
          <StepIcon look={trigger} size={40} />
          <Stack gap={2} className={classes.shrink}>
            <Anchor
              component={Link}
              to={paths.workflowCanvas.getHref(flowPublicIdentifier, workflow.id)}
              fw={600}
              c="var(--mantine-color-text)"
              truncate
              data-testid="workflow-name"
            >
              {workflow.name}
            </Anchor>
            <Text fz="xs" c="dimmed" data-testid="workflow-trigger">
              {trigger.title}
            </Text>
            <Group gap={6} fz="xs" c="dimmed" wrap="wrap">
              <Text fz="xs" c="dimmed" data-testid="workflow-last-run">
                {stats.lastRun ? copy.workflowGallery.lastRun(formatTime(stats.lastRun.createdAt)) : copy.workflowGallery.neverRun}
              </Text>
              {stats.total > 0 && (
                <Text fz="xs" c={stats.failed > 0 ? 'red.8' : 'dimmed'} data-testid="workflow-run-counts">
                  · {copy.workflowGallery.runCounts(stats.total, stats.failed)}
                </Text>
              )}
              <Anchor component={Link} fz="xs" to={paths.workflowRuns.getHref(flowPublicIdentifier, workflow.id)} data-testid="workflow-runs-link">
                {copy.workflowGallery.runs}
              </Anchor>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Switch
            checked={isActive}
            onChange={(event) => toggle(event.currentTarget.checked)}
            disabled={readOnly || enableOrDisable.isPending}
            aria-label={`${copy.workflowGallery.active}: ${workflow.name}`}
            data-testid="workflow-active"
          />
          {!readOnly && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`${copy.workflowGallery.actions}: ${workflow.name}`} data-testid="workflow-menu">
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
                  {copy.workflowGallery.rename}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
                  {copy.workflowGallery.delete}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function RenameDialog({ workflow, onClose }: { workflow: WorkflowSummary | null; onClose: () => void }) {
  return (
    <Modal opened={workflow !== null} onClose={onClose} title={copy.workflowGallery.renameTitle} centered>
      {workflow && <RenameForm key={workflow.id} workflow={workflow} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ workflow, onClose }: { workflow: WorkflowSummary; onClose: () => void }) {
  const [name, setName] = useState(workflow.name);
  const rename = useRenameWorkflow();
  function save() {
    rename.mutate(
      { id: workflow.id, name },
      {
        onSuccess: onClose,
        onError: (error) => notifications.show({ color: 'red', title: copy.workflows.updateFailed, message: errorMessage(error) }),
      },
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        <TextInput label={copy.workflowGallery.nameLabel} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus maxLength={200} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {copy.workflowGallery.cancel}
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={name.trim() === ''}>
            {copy.workflowGallery.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteDialog({ workflow, onClose }: { workflow: WorkflowSummary | null; onClose: () => void }) {
  const remove = useDeleteWorkflow();
  function confirm() {
    if (!workflow) return;
    remove.mutate(workflow.id, {
      onSuccess: onClose,
      onError: (error) => notifications.show({ color: 'red', title: copy.workflows.deleteFailed, message: errorMessage(error) }),
    });
  }
  return (
    <Modal opened={workflow !== null} onClose={onClose} title={copy.workflowGallery.deleteTitle} centered>
      <Stack gap="md">
        <Text fz="sm">{workflow ? copy.workflowGallery.deleteConfirm(workflow.name) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {copy.workflowGallery.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} data-testid="confirm-delete-workflow">
            {copy.workflowGallery.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
