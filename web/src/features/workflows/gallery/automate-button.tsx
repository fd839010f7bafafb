/**
 * The home page's 'Automate with workflows' entry (spec 001 §2): opens the template gallery and creation dialog
 * without a form, so 'Create workflow' asks to choose one of the workspace's forms or a new one (`new_form`).
 * Shown to the members who create forms there (`write` and `limited`; a limited member's form list holds their own).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { canCreateIn } from '@formloom/contracts/rules/access';
import { IconBolt } from '../../../ui/icons';
import { WorkflowGalleryDialog, type GalleryOrganization } from './gallery-dialog';

/** 'Automate with workflows' for `workspace`; nothing for a workspace where the user creates nothing (`read`). */
export function AutomateWithWorkflowsButton({ workspace, organization }: { workspace: Workspace; organization: GalleryOrganization | null }) {
  const [opened, setOpened] = useState(false);
  if (!canCreateIn(workspace.accessLevel)) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconBolt size={16} />} onClick={() => setOpened(true)} data-testid="automate-with-workflows">
        {copy.workflowGallery.automateWithWorkflows}
      </Button>
      <WorkflowGalleryDialog opened={opened} onClose={() => setOpened(false)} organization={organization} workspaceId={workspace.id} />
    </>
  );
}
