/**
 * The email node's editor panel (spec 001 §2 "Email editors have … tabs Recipients and Email. The editor starts on
 * Recipients if the node is incomplete, otherwise on the Email tab", §3 template, §5 validation), loaded on demand by
 * the node's module (`nodes/email.tsx`, which documents what each tab holds).
 *
 * Every edit goes through `onChange` with a new template (`model/email-template.ts`); `readOnly` shows without
 * editing. The node's rule messages (`emailNodeErrors`) show at their fields, and a tab whose fields break one carries
 * a red dot.
 */
import { useMemo, useState } from 'react';
import { Group, MultiSelect, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { ANSWER_RULES } from '@formloom/contracts/answers/registry';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { FieldError } from '@formloom/contracts/errors';
import type { LogicRef } from '@formloom/contracts/logic';
import { isValidEmail } from '@formloom/contracts/rules/answers';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { field } from '@formloom/contracts/workflows/define';
import { EMAIL_SENDER_TYPES, emailNodeErrors } from '@formloom/contracts/workflows/nodes/email';
import { EmailBlocks } from '../inputs/email-blocks';
import { TagInput } from '../inputs/tag-input';
import { TextWithVariables, VariableMenu, variableGroupsFor, variableLabel } from '../inputs/variable-menu';
import {
  attachmentIds,
  blocksOf,
  copyListOf,
  emailOf,
  emailText,
  recipientAddresses,
  recipientEntries,
  recipientRefs,
  withAttachments,
  withBlocks,
  withCopyList,
  withEmail,
  withRecipients,
} from '../model/email-template';
import type { NodePanelProps } from '../nodes/types';
import classes from './email-panel.module.css';

/** A question of the form the panel offers: its id and the text it shows (its label, or its name). */
interface QuestionOption {
  value: string;
  label: string;
}

/** The questions of `form` that `keep` accepts, in page order, labelled. */
function questionsOf(form: FlowTemplate | undefined, keep: (type: string) => boolean): QuestionOption[] {
  if (!form) return [];
  return formWidgets(form)
    .filter(({ widget }) => keep(widget.type))
    .map(({ widget }) => {
      const label = (widget.template as { label?: unknown }).label;
      return { value: widget.id, label: typeof label === 'string' && label.trim() !== '' ? label.trim() : widget.name };
    });
}

/** True for a question type whose answers hold uploaded files (FileUpload, Signature: `answers/registry.ts` `files`). */
function holdsFiles(type: string): boolean {
  return Object.prototype.hasOwnProperty.call(ANSWER_RULES, type) && ANSWER_RULES[type as keyof typeof ANSWER_RULES].files !== undefined;
}

/** The message of the first error whose path is `path` (or under it, with `nested`), if any. */
function errorAt(errors: readonly FieldError[], path: string, nested = false): string | undefined {
  return errors.find((error) => error.path === path || (nested && error.path.startsWith(`${path}.`)))?.message;
}

/** The errors under `prefix.` with the prefix taken off (`email.blocks.1.url` → `1.url`). */
function errorsUnder(errors: readonly FieldError[], prefix: string): FieldError[] {
  return errors.filter((error) => error.path.startsWith(`${prefix}.`)).map((error) => ({ ...error, path: error.path.slice(prefix.length + 1) }));
}

/** What a recipient reference reads as: its variable's name, else 'Answer to <id>' for an answer, else its path. */
function referenceLabel(groups: ReturnType<typeof variableGroupsFor>, path: string): string {
  const label = variableLabel(groups, path);
  return label === path && path.startsWith('answers.') ? copy.emailEditor.recipients.answerTo(path.slice('answers.'.length)) : label;
}

/** 'Invalid email: {value}' for a typed address that is not one (spec 001 §5), else `null`. */
function addressError(tag: string): string | null {
  return isValidEmail(tag) ? null : copy.workflows.invalidEmail(tag);
}

/** The Recipients tab (see the module doc). */
function RecipientsTab({ nodeId, node, readOnly, onChange, context, errors }: NodePanelProps & { errors: FieldError[] }) {
  const labels = copy.emailEditor.recipients;
  const template = node.template;
  const entries = recipientEntries(template);
  const refs = recipientRefs(entries);
  const addresses = recipientAddresses(entries);
  const groups = useMemo(() => variableGroupsFor(context, nodeId), [context, nodeId]);
  const emailQuestions = questionsOf(context.formTemplate, (type) => type === 'EmailInput');
  // Every reference the list holds is an option: the Email questions, and what else it reads (an earlier step's output).
  const options = [
    ...emailQuestions.map((question) => ({ value: `answers.${question.value}`, label: question.label })),
    ...refs
      .filter((ref) => !emailQuestions.some((question) => `answers.${question.value}` === ref.var))
      .map((ref) => ({ value: ref.var, label: referenceLabel(groups, ref.var) })),
  ];
  const setRefs = (paths: readonly string[]) => onChange(withRecipients(template, paths.map((path): LogicRef => ({ var: path })), addresses));
  const setAddresses = (next: readonly string[]) => onChange(withRecipients(template, refs, next));
  const required = errorAt(errors, 'recipients.list');
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <MultiSelect
          label={labels.emailQuestions}
          description={emailQuestions.length > 0 ? labels.emailQuestionsHint : labels.noEmailQuestions}
          data={options}
          value={refs.map((ref) => ref.var)}
          onChange={setRefs}
          readOnly={readOnly}
          clearable={!readOnly}
          searchable
          data-testid="email-recipient-questions"
        />
        {!readOnly && (
          <Group justify="flex-end">
            <VariableMenu
              context={context}
              nodeId={nodeId}
              label={copy.emailEditor.email.insertVariable}
              onPick={(path) => !refs.some((ref) => ref.var === path) && setRefs([...refs.map((ref) => ref.var), path])}
            />
          </Group>
        )}
      </Stack>
      <TagInput
        label={labels.addresses}
        description={labels.addressesHint}
        placeholder={readOnly ? undefined : labels.addressPlaceholder}
        value={addresses}
        onChange={setAddresses}
        validate={addressError}
        error={required}
        disabled={readOnly}
        data-testid="email-recipient-addresses"
      />
      {(['cc', 'bcc'] as const).map((key) => {
        const list = copyListOf(template, key);
        return (
          <Stack key={key} gap={4}>
            <Switch
              label={labels[key]}
              checked={list.enabled}
              disabled={readOnly}
              onChange={(event) => onChange(withCopyList(template, key, { ...list, enabled: event.currentTarget.checked }))}
            />
            {list.enabled && (
              <TagInput
                label={key === 'cc' ? labels.ccAddresses : labels.bccAddresses}
                placeholder={readOnly ? undefined : labels.addressPlaceholder}
                value={list.addresses}
                onChange={(next) => onChange(withCopyList(template, key, { ...list, addresses: next }))}
                validate={addressError}
                disabled={readOnly}
              />
            )}
          </Stack>
        );
      })}
      <TextWithVariables
        label={labels.replyTo}
        description={labels.replyToHint}
        value={emailText(template, 'replyTo')}
        onChange={(value) => onChange(withEmail(template, { replyTo: value === '' ? undefined : value }))}
        context={context}
        nodeId={nodeId}
        placeholder={labels.addressPlaceholder}
        error={errorAt(errors, 'email.replyTo')}
        readOnly={readOnly}
      />
      <TextInput
        label={labels.senderName}
        description={labels.senderNameHint}
        placeholder={copy.email.defaultSenderName}
        value={emailText(template, 'customFromName')}
        readOnly={readOnly}
        onChange={(event) => onChange(withEmail(template, { customFromName: event.currentTarget.value === '' ? undefined : event.currentTarget.value }))}
      />
    </Stack>
  );
}

/** The Email tab (see the module doc). */
function EmailTab({ nodeId, node, readOnly, onChange, context, errors }: NodePanelProps & { errors: FieldError[] }) {
  const labels = copy.emailEditor.email;
  const template = node.template;
  const from = field(field(emailOf(template), 'from'), 'type');
  const uploads = questionsOf(context.formTemplate, holdsFiles);
  const attached = attachmentIds(template);
  // A chosen question the form no longer has still shows (by its id), so it can be taken away.
  const attachmentOptions = [...uploads, ...attached.filter((id) => !uploads.some((question) => question.value === id)).map((id) => ({ value: id, label: id }))];
  return (
    <Stack gap="sm">
      <Select
        label={labels.sendFrom}
        required
        data={EMAIL_SENDER_TYPES.map((value) => ({ value, label: labels.senderTypes[value] }))}
        value={typeof from === 'string' && (EMAIL_SENDER_TYPES as readonly string[]).includes(from) ? from : null}
        onChange={(value) => onChange(withEmail(template, { from: value ? { type: value } : undefined }))}
        readOnly={readOnly}
        error={errorAt(errors, 'email.from')}
      />
      <TextWithVariables
        label={labels.subject}
        value={emailText(template, 'subject')}
        onChange={(subject) => onChange(withEmail(template, { subject }))}
        context={context}
        nodeId={nodeId}
        required
        readOnly={readOnly}
        error={errorAt(errors, 'email.subject')}
        data-testid="email-subject"
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {labels.blocks}
        </Text>
        <EmailBlocks
          blocks={blocksOf(template)}
          onChange={(blocks) => onChange(withBlocks(template, blocks))}
          context={context}
          nodeId={nodeId}
          readOnly={readOnly}
          errors={errorsUnder(errors, 'email.blocks')}
        />
      </Stack>
      <MultiSelect
        label={labels.attachments}
        description={uploads.length > 0 ? labels.attachmentsHint : labels.noUploadQuestions}
        data={attachmentOptions}
        value={attached}
        onChange={(ids) => onChange(withAttachments(template, ids))}
        readOnly={readOnly}
        disabled={!readOnly && attachmentOptions.length === 0}
        clearable={!readOnly}
        error={errorAt(errors, 'email.attachments', true)}
        data-testid="email-attachments"
      />
    </Stack>
  );
}

/** The panel: tabs Recipients and Email, starting on Recipients while the node is incomplete (spec 001 §2). */
export default function EmailPanel(props: NodePanelProps) {
  const [tab, setTab] = useState<string>(props.status.complete ? 'email' : 'recipients');
  const errors = emailNodeErrors(props.node.template);
  const recipientsInvalid = errors.some((error) => error.path.startsWith('recipients.') || /^email\.(cc|bcc|replyTo)/.test(error.path));
  const emailInvalid = errors.some((error) => /^email\.(subject|from|blocks|attachments)/.test(error.path));
  return (
    <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false} data-testid="email-panel">
      <Tabs.List>
        <Tabs.Tab value="recipients" rightSection={recipientsInvalid ? <span className={classes.dot} aria-hidden="true" /> : undefined}>
          {copy.emailEditor.tabs.recipients}
        </Tabs.Tab>
        <Tabs.Tab value="email" rightSection={emailInvalid ? <span className={classes.dot} aria-hidden="true" /> : undefined}>
          {copy.emailEditor.tabs.email}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="recipients" pt="sm">
        <RecipientsTab {...props} errors={errors} />
      </Tabs.Panel>
      <Tabs.Panel value="email" pt="sm">
        <EmailTab {...props} errors={errors} />
      </Tabs.Panel>
    </Tabs>
  );
}
