/**
 * An ending page on the 'Edit' tab: its name, the title and the body shown after a submission, and 'Delete
 * ending' (not the form's last one; pages and rules that led to it lead to another ending).
 */
import { Button, Card, Stack, Text, TextInput, Textarea, ThemeIcon, Group, Tooltip } from '@mantine/core';
import type { EndingStep } from '@formloom/contracts/entities/flow-template';
import { IconFlag, IconTrash } from '../../../ui/icons';
import { deleteEnding } from '../model/logic-ops';
import { endingPages, renamePage, updateEnding } from '../model/template-ops';
import { useEditor } from './editor-context';

export function EndingEditor({ ending }: { ending: EndingStep }) {
  const { draft, edit, select, saveErrors } = useEditor();
  const errors = saveErrors.byStep[ending.id] ?? [];
  const others = endingPages(draft).filter((other) => other.id !== ending.id);

  function remove() {
    const next = others[0];
    if (!next) return;
    edit((t) => deleteEnding(t, ending.id));
    select(next.id);
  }
  return (
    <Card p="lg" data-testid="ending-editor" data-step-id={ending.id}>
      <Stack gap="md">
        <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
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
          <Tooltip label={others.length === 0 ? 'A form needs at least one ending' : 'Pages that led here will lead to another ending'}>
            <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconTrash size={14} />} disabled={others.length === 0} onClick={remove} data-testid="delete-ending-button">
              Delete ending
            </Button>
          </Tooltip>
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
