/**
 * 'Hidden fields' in the 'Edit' tab's left panel (`rules/url-params.ts`): the query parameters the form keeps from
 * its link (`?utm_source=ads`), stored with each submission and shown in Results and exports, never to the
 * respondent. Add one by its name, remove one; labels and endings can show one with the '@' menu.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '../../../../ui/icons';
import { addUrlParam, removeUrlParam, urlParamNameProblem } from '../../model/logic-ops';
import { useEditor } from '../editor-context';

export function HiddenFields() {
  const { draft, edit, saveErrors } = useEditor();
  const params = draft.urlParams ?? [];
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // 'Add hidden field' opens the name field: the caret goes there (the user asked for it).
  useEffect(() => {
    if (adding) nameRef.current?.focus();
  }, [adding]);
  const errors = saveErrors.list.filter((error) => error.path.replace(/^template\./, '').startsWith('urlParams'));

  function add(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    const found = urlParamNameProblem(draft, trimmed);
    if (found) return setProblem(found);
    edit((t) => addUrlParam(t, trimmed).template);
    setName('');
    setProblem(null);
    setAdding(false);
  }

  return (
    <Stack gap={6} data-testid="hidden-fields">
      {params.length === 0 && !adding && (
        <Text fz="xs" c="dimmed" px="xs">
          Keep values from the form’s link, like <code>?utm_source=ads</code>, with each response.
        </Text>
      )}
      {params.map((param) => (
        <Group key={param.id} justify="space-between" wrap="nowrap" px="xs" data-testid="hidden-field">
          <Badge variant="light" color="gray" tt="none" size="lg" radius="sm" fw={600}>
            {param.name}
          </Badge>
          <Tooltip label="Remove hidden field">
            <ActionIcon variant="subtle" color="gray" aria-label={`Remove hidden field ${param.name}`} onClick={() => edit((t) => removeUrlParam(t, param.id))}>
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      {errors.map((error) => (
        <Text key={error.path} fz="xs" c="red.8" px="xs" role="alert">
          {error.message}
        </Text>
      ))}
      {adding ? (
        <form onSubmit={add}>
          <Group gap={4} align="flex-start" wrap="nowrap" px="xs">
            <TextInput
              size="xs"
              flex={1}
              aria-label="Hidden field name"
              placeholder="utm_source"
              value={name}
              error={problem}
              ref={nameRef}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setAdding(false);
              }}
              data-testid="hidden-field-name"
            />
            <Button size="xs" type="submit">
              Add
            </Button>
          </Group>
        </form>
      ) : (
        <Button variant="subtle" color="gray" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} justify="flex-start" data-testid="add-hidden-field">
          Add hidden field
        </Button>
      )}
    </Stack>
  );
}
