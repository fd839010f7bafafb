/** The 'Workflows' tab: the thank-you email card (more workflow kinds come with the workflow editor). */
import { Container, Stack, Text, Title } from '@mantine/core';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { ThankYouEmailCard } from './thank-you-email-card';

export function WorkflowsPanel({ publicIdentifier, template }: { publicIdentifier: string; template: FlowTemplate | undefined }) {
  return (
    <Container size="md" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="xl">
            Workflows
          </Title>
          <Text c="dimmed" fz="sm">
            Automate what happens after someone submits your form.
          </Text>
        </div>
        <ThankYouEmailCard publicIdentifier={publicIdentifier} template={template} />
      </Stack>
    </Container>
  );
}
