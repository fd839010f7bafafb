/**
 * The 'thank_you_email' workflow card on the 'Workflows' tab. With an EmailInput on the form, the switch
 * 'Send a thank-you email' creates the workflow from the gallery when missing — generated against the form,
 * published and on, in one call and one transaction (recipient: the first EmailInput's answer) — or, when it
 * exists, publishes it again (the recipient follows the form) and enables it; switching off disables it. Without an EmailInput the card says why it cannot be
 * turned on. Then the workflow's steps as canvas cards with their setup status lines (the saved workflow, or
 * the one the switch would create), and the workflow's runs, refreshed every few seconds.
 */
import { useState } from 'react';
import { Alert, Badge, Box, Card, Divider, Group, Loader, Paper, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { errorMessage } from '../../../lib/api-client';
import { IconAlert, IconMail } from '../../../ui/icons';
import { ErrorAlert } from '../../../ui/states';
import { useWorkflows } from '../api/get-workflows';
import { useCreateGalleryWorkflow, useEnableOrDisableWorkflow, usePublishWorkflow } from '../api/mutations';
import {
  buildThankYouTemplate,
  findThankYouWorkflow,
  firstEmailWidget,
  recipientWidgetId,
  thankYouBodyText,
} from '../model/thank-you-email';
import { WorkflowOutline } from './workflow-outline';
import { WorkflowRuns } from './workflow-runs';
import classes from '../workflows.module.css';

export function ThankYouEmailCard({ publicIdentifier, template }: { publicIdentifier: string; template: FlowTemplate | undefined }) {
  const workflows = useWorkflows(publicIdentifier);
  const createWorkflow = useCreateGalleryWorkflow();
  const publishWorkflow = usePublishWorkflow();
  const enableOrDisable = useEnableOrDisableWorkflow();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);

  const emailWidget = firstEmailWidget(template);
  const workflow = findThankYouWorkflow(workflows.data);
  const isActive = optimistic ?? workflow?.isActive ?? false;
  const busy = createWorkflow.isPending || publishWorkflow.isPending || enableOrDisable.isPending;
  const canTurnOn = Boolean(emailWidget);
  const recipientId = recipientWidgetId(workflow?.template);
  const recipientQuestion = template && recipientId ? findLabel(template, recipientId) : emailWidget?.template.label;
  const outlined = workflow?.template ?? (emailWidget ? buildThankYouTemplate(publicIdentifier, emailWidget.id) : undefined);

  async function turnOn() {
    if (!emailWidget) return;
    if (!workflow) {
      const created = await createWorkflow.mutateAsync({
        galleryTemplate: 'thank_you_email',
        flowPublicIdentifier: publicIdentifier,
        activate: true,
      });
      if (!created?.id) throw new Error(copy.workflows.createFailed);
      return;
    }
    await publishWorkflow.mutateAsync({ id: workflow.id, template: buildThankYouTemplate(publicIdentifier, emailWidget.id) });
    await enableOrDisable.mutateAsync({ id: workflow.id, isActive: true });
  }

  async function toggle(next: boolean) {
    setOptimistic(next);
    try {
      if (next) await turnOn();
      else if (workflow) await enableOrDisable.mutateAsync({ id: workflow.id, isActive: false });
      notifications.show({
        color: next ? 'green' : 'gray',
        message: next ? 'Thank-you emails are on' : 'Thank-you emails are off',
      });
    } catch (error) {
      notifications.show({ color: 'red', title: copy.workflows.updateFailed, message: errorMessage(error) });
    } finally {
      setOptimistic(null);
    }
  }

  return (
    <Card p="lg" data-testid="thank-you-email-card" data-workflow-id={workflow?.id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="md" wrap="nowrap" align="flex-start" className={classes.cardHeading}>
            <ThemeIcon size={44} radius="md" variant="light" color="grape">
              <IconMail size={22} />
            </ThemeIcon>
            <div>
              <Group gap="xs">
                <Title order={3} fz="lg">
                  Thank-you email
                </Title>
                {workflow && (
                  <Badge size="sm" variant="light" color={isActive ? 'green' : 'gray'} data-testid="thank-you-status">
                    {isActive ? 'Active' : 'Off'}
                  </Badge>
                )}
              </Group>
              <Text fz="sm" c="dimmed" maw={520}>
                Email every respondent a copy of their answers right after they submit.
              </Text>
            </div>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {busy && <Loader size="xs" aria-label="Updating" />}
            <Switch
              size="md"
              label="Send a thank-you email"
              labelPosition="left"
              checked={isActive}
              disabled={busy || workflows.isPending || (!canTurnOn && !isActive)}
              onChange={(event) => void toggle(event.currentTarget.checked)}
              data-testid="thank-you-switch"
            />
          </Group>
        </Group>

        {workflows.isError && <ErrorAlert error={workflows.error} title="Could not load workflows" onRetry={() => void workflows.refetch()} />}

        {!canTurnOn && (
          <Alert color="yellow" variant="light" icon={<IconAlert />} data-testid="thank-you-needs-email">
            Add an <b>Email</b> question to your form (and save it) to send a thank-you email — it is sent to the address
            the respondent enters.
          </Alert>
        )}

        {canTurnOn && (
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Stack gap={6}>
              <Text fz="xs" c="dimmed">
                To: answer of “{recipientQuestion || 'Email'}”
              </Text>
              <Text fz="sm" fw={600}>
                {copy.email.defaultSubject}
              </Text>
              <Text fz="sm" className={classes.preLine}>
                {thankYouBodyText()}
              </Text>
              <Text fz="xs" c="dimmed">
                + an overview of the submitted answers
              </Text>
            </Stack>
          </Paper>
        )}

        {outlined && (
          <Box>
            <Divider label="Steps" labelPosition="left" mb="sm" />
            <WorkflowOutline template={outlined} />
          </Box>
        )}

        {workflow && (
          <Box>
            <Divider label="Recent runs" labelPosition="left" mb="sm" />
            <WorkflowRuns flowPublicIdentifier={publicIdentifier} workflowId={workflow.id} />
          </Box>
        )}
      </Stack>
    </Card>
  );
}

function findLabel(template: FlowTemplate, widgetId: string): string | undefined {
  for (const step of Object.values(template.steps)) {
    if (step.type !== 'form') continue;
    const widget = step.template.widgets.find((item) => item.id === widgetId);
    if (widget) return widget.template.label || widget.name;
  }
  return undefined;
}
