/** The ending page on the 'Edit' tab: its name, the title and the body shown after a submission. */
import { Card, Stack, Text, TextInput, Textarea, ThemeIcon, Group } from '@mantine/core';
import type { EndingStep } from '@formloom/contracts/entities/flow-template';
import { IconFlag } from '../../../ui/icons';
import { renamePage, updateEnding } from '../model/template-ops';
import { useEditor } from './editor-context';

export function EndingEditor({ ending }: { ending: EndingStep }) {
  const { edit, saveErrors } = useEditor();
  const errors = saveErrors.byStep[ending.id] ?? [];
  return (
    <Card p="lg" data-testid="ending-editor" data-step-id={ending.id}>
      <Stack gap="md">
        <Group gap="sm">
          <ThemeIcon variant="light" color="teal" size={34}>
            <IconFlag />
          </ThemeIcon>
          <div>
            <Text fw={700}>Ending page</Text>
            <Text fz="sm" c="dimmed">
              Shown to respondents after they submit the form.
            </Text>
          </div>
        </Group>
        <TextInput
          label="Page name"
          value={ending.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            edit((t) => renamePage(t, ending.id, name));
          }}
        />
        <TextInput
          label="Title"
          aria-label="Ending title"
          value={ending.template.title}
          onChange={(event) => {
            const title = event.currentTarget.value;
            edit((t) => updateEnding(t, ending.id, { title }));
          }}
          size="md"
          data-testid="ending-title"
        />
        <Textarea
          label="Message"
          aria-label="Ending body"
          autosize
          minRows={3}
          maxRows={10}
          value={ending.template.body}
          onChange={(event) => {
            const body = event.currentTarget.value;
            edit((t) => updateEnding(t, ending.id, { body }));
          }}
          data-testid="ending-body"
        />
        {errors.map((message) => (
          <Text key={message} fz="sm" c="red" role="alert">
            {message}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
