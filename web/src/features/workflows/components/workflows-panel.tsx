/**
 * The 'Workflows' tab (spec 001 §2): the form's workflows (`workflow-list.tsx`) with a 'New workflow' button opening
 * the template gallery and creation dialog on this form (`gallery/gallery-dialog.tsx`) — disabled at the workflow
 * maximum, which the spec's text says (spec 001 §2, §8) — or, with none yet, an invitation to create the first; below, the thank-you email's
 * quick switch (`thank-you-email-card.tsx`). A read-only viewer sees the list without its write actions.
 */
import { useState } from 'react';
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { MAX_WORKFLOWS_PER_FLOW } from '@formloom/contracts/limits';
import { IconAlert, IconBolt, IconPlus } from '../../../ui/icons';
import { Empty, ErrorAlert, PageLoader } from '../../../ui/states';
import { useWorkflows } from '../api/get-workflows';
import { WorkflowGalleryDialog, type GalleryOrganization } from '../gallery/gallery-dialog';
import { ThankYouEmailCard } from './thank-you-email-card';
import { WorkflowList } from './workflow-list';

/** Props of {@link WorkflowsPanel}. */
export interface WorkflowsPanelProps {
  publicIdentifier: string;
  /** The form's saved template (the thank-you card's email question). */
  template: FlowTemplate | undefined;
  /** The signed-in user's organization (the gallery's add-on and region); `null` when signed out. */
  organization: GalleryOrganization | null;
  /** The form's workspace (a new form from the gallery goes there). */
  workspaceId?: number;
  /** A viewer without write access to the form's workspace. */
  readOnly: boolean;
}

/** The 'Workflows' tab of form `publicIdentifier`. */
export function WorkflowsPanel({ publicIdentifier, template, organization, workspaceId, readOnly }: WorkflowsPanelProps) {
  const workflows = useWorkflows(publicIdentifier);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const listed = (workflows.data ?? []).filter((workflow) => !workflow.isHidden);
  const atMaximum = (workflows.data?.length ?? 0) >= MAX_WORKFLOWS_PER_FLOW;

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setGalleryOpen(true)} disabled={atMaximum} data-testid="new-workflow">
      {copy.workflowGallery.newWorkflow}
    </Button>
  );

  return (
    <Container size="md" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} fz="xl">
              Workflows
            </Title>
            <Text c="dimmed" fz="sm">
              Automate what happens after someone submits your form.
            </Text>
          </div>
          {!readOnly && newButton}
        </Group>
        {atMaximum && !readOnly && (
          <Alert color="yellow" variant="light" icon={<IconAlert />} data-testid="workflow-maximum">
            {copy.workflows.maxWorkflows}
          </Alert>
        )}
        {workflows.isPending ? (
          <PageLoader label="Loading workflows" />
        ) : workflows.isError ? (
          <ErrorAlert error={workflows.error} title="Could not load workflows" onRetry={() => void workflows.refetch()} />
        ) : listed.length === 0 ? (
          <Empty testId="workflows-empty" icon={<IconBolt size={28} />} title={copy.workflowGallery.emptyTitle} description={copy.workflowGallery.emptyText}>
            {!readOnly && (
              <Button variant="light" onClick={() => setGalleryOpen(true)}>
                {copy.workflowGallery.createFirst}
              </Button>
            )}
          </Empty>
        ) : (
          <WorkflowList flowPublicIdentifier={publicIdentifier} workflows={listed} readOnly={readOnly} />
        )}
        {!readOnly && <ThankYouEmailCard publicIdentifier={publicIdentifier} template={template} />}
      </Stack>
      <WorkflowGalleryDialog
        opened={galleryOpen}
        onClose={() => setGalleryOpen(false)}
        organization={organization}
        flowPublicIdentifier={publicIdentifier}
        workspaceId={workspaceId}
        atMaximum={atMaximum}
      />
    </Container>
  );
}
