/**
 * An ending page on the 'Edit' tab: its name, the title and the body shown after a submission, and 'Delete
 * ending' (not the form's last one; pages and rules that led to it lead to another ending).
 */
import { useRef } from 'react';
import { Button, Card, Stack, Text, TextInput, Textarea, ThemeIcon, Group, Tooltip } from '@mantine/core';
import type { EndingStep } from '@formloom/contracts/entities/flow-template';
import { IconFlag, IconTrash } from '../../../ui/icons';
import { deleteEnding } from '../model/logic-ops';
import { InsertAnswerMenu, PipingHint } from './logic/insert-answer-menu';
import { endingPages, renamePage, updateEnding } from '../model/template-ops';
import { useEditor } from './editor-context';

export function EndingEditor({ ending }: { ending: EndingStep }) {
  const { draft, edit, select, saveErrors } = useEditor();
  const errors = saveErrors.byStep[ending.id] ?? [];
  const others = endingPages(draft).filter((other) => other.id !== ending.id);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

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
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              flex="none"
              leftSection={<IconTrash size={14} />}
              disabled={others.length === 0}
              onClick={remove}
              data-testid="delete-ending-button"
            >
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
        <Stack gap={4}>
          <TextInput
            ref={titleRef}
            label="Title"
            aria-label="Ending title"
            value={ending.template.title}
            onChange={(event) => {
              const title = event.currentTarget.value;
              edit((t) => updateEnding(t, ending.id, { title }));
            }}
            size="md"
            rightSectionWidth={44}
            rightSection={
              <InsertAnswerMenu
                target={titleRef}
                value={ending.template.title}
                onChange={(title) => edit((t) => updateEnding(t, ending.id, { title }))}
                label="Insert an answer into the title"
              />
            }
            data-testid="ending-title"
          />
          <PipingHint text={ending.template.title} />
        </Stack>
        <Stack gap={4}>
          <Group justify="space-between" align="flex-end">
            <Text component="label" htmlFor={`ending-body-${ending.id}`} fz="sm" fw={500}>
              Message
            </Text>
            <InsertAnswerMenu
              target={bodyRef}
              value={ending.template.body}
              onChange={(body) => edit((t) => updateEnding(t, ending.id, { body }))}
              label="Insert an answer into the message"
            />
          </Group>
          <Textarea
            ref={bodyRef}
            id={`ending-body-${ending.id}`}
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
          <PipingHint text={ending.template.body} />
        </Stack>
        {errors.map((message) => (
          <Text key={message} fz="sm" c="red" role="alert">
            {message}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
