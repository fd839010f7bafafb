/**
 * The 'Create API key' dialog (`POST /admin/apiKeys`), in two states. First the form: the key's name (required,
 * at most `API_KEY_NAME_MAX_LENGTH` characters) and the workspaces it reaches — 'All workspaces' (`workspaceIds:
 * null`, also those made later) or 'Only these workspaces' with a multi-select of the user's workspaces. Then the
 * made key, shown this once in a read-only field with a Copy button and the warning that it will not be shown
 * again; 'Done' closes. In that state a click outside does not close the dialog (the key would be lost unseen).
 * Errors: the server's message of the one error format — on the name field for a validation error of the name,
 * above the buttons otherwise.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, CopyButton, Group, Modal, MultiSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { API_KEY_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { IconAlert, IconCheck, IconCopy } from '../../../ui/icons';
import { useCreateApiKey } from '../api/create-api-key';
import classes from './settings.module.css';

/** Whether {@link CreateApiKeyModal} is open, how it closes, and the workspaces to choose from. */
export interface CreateApiKeyModalProps {
  opened: boolean;
  onClose: () => void;
  /** The user's workspaces (sorted by name, as `GET /admin/workspaces` answers), offered under 'Only these workspaces'. */
  workspaces: readonly Workspace[];
}

type Scope = 'all' | 'some';

/**
 * The dialog; see the module comment. It keeps what was typed and the made key until it is mounted again: give it
 * a new `key` each time it opens (the close transition still shows the key, not an empty form).
 */
export function CreateApiKeyModal({ opened, onClose, workspaces }: CreateApiKeyModalProps) {
  const createApiKey = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('all');
  const [workspaceIds, setWorkspaceIds] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const key = createApiKey.data?.key;

  const nameMissing = name.trim() === '';
  const workspacesMissing = scope === 'some' && workspaceIds.length === 0;
  const serverNameError = isApiError(createApiKey.error, 400)
    ? createApiKey.error.fieldErrors.find((fieldError) => fieldError.path === 'body.name')?.message
    : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (nameMissing || workspacesMissing) return;
    createApiKey.mutate({ name: name.trim(), workspaceIds: scope === 'all' ? null : workspaceIds.map(Number) });
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={key ? copy.settings.keyCreatedTitle : copy.settings.createApiKey}
      closeOnClickOutside={!key}
      centered
    >
      {key ? (
        <CreatedKey apiKey={key} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={copy.settings.nameLabel}
              description={copy.settings.nameDescription}
              placeholder={copy.settings.namePlaceholder}
              required
              value={name}
              maxLength={API_KEY_NAME_MAX_LENGTH}
              onChange={(event) => setName(event.currentTarget.value)}
              error={(submitted && nameMissing ? copy.validation.notEmpty : undefined) ?? serverNameError}
              data-autofocus
            />
            <Radio.Group
              label={copy.settings.workspacesLabel}
              value={scope}
              onChange={(value) => setScope(value === 'some' ? 'some' : 'all')}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="all" label={copy.settings.allWorkspaces} />
                <Radio value="some" label={copy.settings.onlyTheseWorkspaces} />
              </Stack>
            </Radio.Group>
            {scope === 'some' && (
              <MultiSelect
                label={copy.settings.chooseWorkspacesLabel}
                placeholder={workspaceIds.length === 0 ? copy.settings.chooseWorkspacesPlaceholder : undefined}
                data={workspaces.map((workspace) => ({ value: String(workspace.id), label: workspace.name }))}
                value={workspaceIds}
                onChange={setWorkspaceIds}
                searchable
                required
                error={submitted && workspacesMissing ? copy.settings.chooseWorkspacesRequired : undefined}
              />
            )}
            {createApiKey.isError && !serverNameError && (
              <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                {errorMessage(createApiKey.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {copy.settings.cancel}
              </Button>
              <Button type="submit" loading={createApiKey.isPending}>
                {copy.settings.createKeySubmit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The made key, once: a read-only field (focused and selected when it appears), Copy, the warning and 'Done'. */
function CreatedKey({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  return (
    <Stack>
      <Textarea
        ref={field}
        label={copy.settings.keyLabel}
        value={apiKey}
        readOnly
        rows={2}
        classNames={{ input: classes.key }}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="new-api-key"
      />
      <Alert color="yellow" variant="light" icon={<IconAlert />}>
        {copy.settings.keyShownOnce}
      </Alert>
      <Group justify="space-between">
        <CopyButton value={apiKey}>
          {({ copied, copy: copyKey }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copyKey}
            >
              {copied ? copy.settings.copied : copy.settings.copyKey}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{copy.settings.done}</Button>
      </Group>
    </Stack>
  );
}
