/**
 * 'Make a template' (spec 000 §3 "Cloneable template"; ours: the flow menu's entry, admins only, for a published
 * form): the template's name (the form's to start with), description, categories and who can use it — 'Your
 * organization' or 'Anyone with the link' — then `POST /admin/cloneableTemplates`. On success the link to the template
 * is shown with 'Copy link'. The server checks everything again (admin, published, one template per form).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, CopyButton, Group, Modal, MultiSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { CloneableTemplate } from '@formloom/contracts/entities/cloneable-template';
import * as copy from '@formloom/contracts/copy';
import { TEMPLATE_DESCRIPTION_MAX_LENGTH, TEMPLATE_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { TEMPLATE_CATEGORIES, type TemplateCategoryId } from '@formloom/contracts/templates/categories';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconAlert } from '../../../ui/icons';
import { useCreateCloneableTemplate } from '../api/templates';

/** Props of {@link MakeTemplateModal}: the published form, and what to do when the modal closes. */
export interface MakeTemplateModalProps {
  flow: { publicIdentifier: string; name: string };
  onClose: () => void;
}

const CATEGORY_OPTIONS = [...TEMPLATE_CATEGORIES].sort((a, b) => a.label.localeCompare(b.label, 'en')).map(({ id, label }) => ({ value: id, label }));

/** The 'Make a template' modal (see the module doc). */
export function MakeTemplateModal({ flow, onClose }: MakeTemplateModalProps) {
  const create = useCreateCloneableTemplate();
  const [name, setName] = useState(flow.name);
  const [description, setDescription] = useState('');
  const [categories, setCategories] = useState<TemplateCategoryId[]>([]);
  const [visibility, setVisibility] = useState<'private' | 'public'>('private');
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<CloneableTemplate | null>(null);
  const nameError = name.trim() === '' ? copy.templates.publish.nameRequired : null;
  const categoryError = categories.length === 0 ? copy.templates.publish.categoryRequired : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (nameError || categoryError || create.isPending) return;
    create.mutate(
      { flowPublicIdentifier: flow.publicIdentifier, name: name.trim(), description: description.trim(), categories, isPrivate: visibility === 'private' },
      { onSuccess: setCreated },
    );
  }

  if (created) {
    const link = `${window.location.origin}${paths.templateLink.getHref(created.slug)}`;
    return (
      <Modal opened onClose={onClose} title={copy.templates.publish.title} centered>
        <Stack data-testid="make-template-done">
          <Text>{copy.templates.publish.created}</Text>
          <TextInput readOnly value={link} aria-label={copy.templates.publish.copyLink} data-testid="make-template-link" />
          <Group justify="flex-end">
            <CopyButton value={link}>
              {({ copied, copy: copyLink }) => (
                <Button variant="default" onClick={copyLink}>
                  {copied ? copy.toasts.copiedToClipboard : copy.templates.publish.copyLink}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{copy.newFlow.close}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} title={copy.templates.publish.title} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm" c="dimmed">
            {copy.templates.publish.intro}
          </Text>
          <TextInput
            label={copy.templates.publish.nameLabel}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={TEMPLATE_NAME_MAX_LENGTH}
            error={tried ? nameError : undefined}
            withAsterisk
            data-autofocus
            data-testid="make-template-name"
          />
          <Textarea
            label={copy.templates.publish.descriptionLabel}
            placeholder={copy.templates.publish.descriptionPlaceholder}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={TEMPLATE_DESCRIPTION_MAX_LENGTH}
            autosize
            minRows={2}
            data-testid="make-template-description"
          />
          <MultiSelect
            label={copy.templates.publish.categoriesLabel}
            placeholder={categories.length === 0 ? copy.templates.publish.categoriesPlaceholder : undefined}
            data={CATEGORY_OPTIONS}
            value={categories}
            onChange={(value) => setCategories(value as TemplateCategoryId[])}
            error={tried ? categoryError : undefined}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            data-testid="make-template-categories"
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="make-template-visibility">
              {copy.templates.publish.visibilityLabel}
            </Text>
            <SegmentedControl
              aria-labelledby="make-template-visibility"
              value={visibility}
              onChange={(value) => setVisibility(value as 'private' | 'public')}
              data={[
                { value: 'private', label: copy.templates.publish.private },
                { value: 'public', label: copy.templates.publish.public },
              ]}
              data-testid="make-template-visibility"
            />
            {visibility === 'public' && (
              <Text fz="xs" c="dimmed">
                {copy.templates.publish.publicHint}
              </Text>
            )}
          </Stack>
          {create.isError && (
            <Alert color="red" variant="light" icon={<IconAlert />} data-testid="make-template-error">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="make-template-submit">
              {copy.templates.publish.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
