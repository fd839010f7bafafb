/**
 * The `ai` node on the canvas and in its editor (spec 001 §2 "Node editor panels", §3 template, §4 status, §5 "AI
 * disabled while incomplete", §7 "the editor shows a notice" that the data goes to an external AI provider). The
 * panel shows the notice first, then the action and that action's settings:
 * - summarize: the text (the whole submission, or a custom text with `{{variables}}`) and the summary's length;
 * - classify: the text and the classifications (at least two, each named once);
 * - generateText: the prompt (with `{{variables}}`), and optionally a context text;
 * - extractFields: the text and the fields to extract.
 * Each setting the node still needs shows its rule's message (`@formloom/contracts/workflows/nodes/ai`), and Done
 * stays disabled, its tooltip the status line, until the node is complete. Hidden in the EU_AGENT region (the
 * contracts' `hiddenInAgentRegion`; the add-action popover reads it).
 */
import { ActionIcon, Alert, Button, Group, Input, NativeSelect, Radio, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { AI_MAX_CLASSIFICATIONS, AI_MAX_EXTRACT_FIELDS, AI_SUMMARY_LENGTHS } from '@formloom/contracts/limits';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { AiAction, aiNode, aiNodeErrors, AiTextType, type AiSummaryLength, type AiTextSource } from '@formloom/contracts/workflows/nodes/ai';
import { IconAlert, IconPlus, IconSparkles, IconTrash } from '../../../ui/icons';
import { TextWithVariables } from '../inputs/variable-menu';
import { defineNodeUi, type NodePanelProps, type WorkflowEditorContext } from './types';

type Settings = Record<string, unknown>;

/** The settings object of `action` in `template` (`{}` when missing). */
function settingsOf(template: unknown, action: string): Settings {
  const value = field(template, action);
  return isRecord(value) ? value : {};
}

/** The template with `action`'s settings replaced by `{...settings, ...patch}`. */
function withSettings(template: unknown, action: string, patch: Settings): Record<string, unknown> {
  const base = isRecord(template) ? template : {};
  return { ...base, [action]: { ...settingsOf(base, action), ...patch } };
}

/** The first rule message at `path` (or under it), for a field's error. */
function errorAt(errors: ReadonlyArray<{ path: string; message: string }>, path: string): string | undefined {
  return errors.find((error) => error.path === path)?.message;
}

/** Props of {@link TextSourceFields}. */
interface TextSourceFieldsProps {
  nodeId: string;
  source: Partial<AiTextSource> | undefined;
  /** The rule paths' prefix (`summarize`, `generateText.context`). */
  path: string;
  errors: ReadonlyArray<{ path: string; message: string }>;
  readOnly: boolean;
  context: WorkflowEditorContext;
  onChange(source: Partial<AiTextSource>): void;
}

/** The text an action works on: the whole submission, or a custom text with `{{variables}}`. */
function TextSourceFields({ nodeId, source, path, errors, readOnly, context, onChange }: TextSourceFieldsProps) {
  const textType = AiTextType.safeParse(source?.textType).success ? source?.textType : undefined;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={copy.ai.labels.textType}
        value={textType ?? null}
        onChange={(value) => onChange({ ...source, textType: value as AiTextSource['textType'] })}
        error={errorAt(errors, `${path}.textType`)}
        required
      >
        <Group gap="md" mt={6}>
          {AiTextType.options.map((option) => (
            <Radio key={option} value={option} label={copy.ai.textTypes[option]} disabled={readOnly} />
          ))}
        </Group>
      </Radio.Group>
      {textType === 'custom' && (
        <TextWithVariables
          label={copy.ai.labels.text}
          value={typeof source?.text === 'string' ? source.text : ''}
          onChange={(text) => onChange({ ...source, text })}
          context={context}
          nodeId={nodeId}
          multiline
          required
          readOnly={readOnly}
          error={errorAt(errors, `${path}.text`)}
        />
      )}
    </Stack>
  );
}

/** Props of {@link NamedList}. */
interface NamedListProps {
  label: string;
  /** The entries' names (titles, field names). */
  names: readonly string[];
  /** `classify.classifications` or `extractFields.fields`, with `key` the entries' name key (`title`, `field`). */
  path: string;
  nameKey: string;
  itemLabel: string;
  addLabel: string;
  removeLabel(name: string): string;
  max: number;
  errors: ReadonlyArray<{ path: string; message: string }>;
  readOnly: boolean;
  onChange(names: string[]): void;
}

/** A list of named entries (classifications, fields to extract): edit, remove, add up to `max`. */
function NamedList({ label, names, path, nameKey, itemLabel, addLabel, removeLabel, max, errors, readOnly, onChange }: NamedListProps) {
  const listError = errorAt(errors, path);
  return (
    <Input.Wrapper label={label} required error={listError}>
      <Stack gap={6} mt={6}>
        {names.map((name, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`${itemLabel} ${index + 1}`}
              value={name}
              readOnly={readOnly}
              flex={1}
              error={errorAt(errors, `${path}.${index}.${nameKey}`)}
              onChange={(event) => onChange(names.map((other, at) => (at === index ? event.currentTarget.value : other)))}
            />
            {!readOnly && (
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={removeLabel(name.trim())} onClick={() => onChange(names.filter((_, at) => at !== index))}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!readOnly && (
          <Group>
            <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} disabled={names.length >= max} onClick={() => onChange([...names, ''])}>
              {addLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** The names of `settings[listKey][i][key]`, as text. */
function namesOf(settings: Settings, listKey: string, key: string): string[] {
  const list = settings[listKey];
  return Array.isArray(list) ? list.map((entry) => field(entry, key)).map((name) => (typeof name === 'string' ? name : '')) : [];
}

function AiPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const template = node.template;
  const parsedAction = AiAction.safeParse(field(template, 'action'));
  const action = parsedAction.success ? parsedAction.data : undefined;
  const settings = action ? settingsOf(template, action) : {};
  const errors = aiNodeErrors(template);
  const patch = (change: Settings) => action && onChange(withSettings(template, action, change));
  const setAction = (next: string) => {
    // A new action starts from its default settings unless it was set up before.
    const defaults = aiNode.defaultTemplate();
    const base = isRecord(template) ? template : {};
    const key = next as keyof typeof defaults;
    onChange({ ...base, action: next, [next]: isRecord(base[next]) ? base[next] : defaults[key] });
  };
  return (
    <Stack gap="sm" data-testid="ai-panel">
      <Alert color="blue" variant="light" icon={<IconAlert size={16} />} role="note" data-testid="ai-notice">
        {copy.ai.notice}
      </Alert>
      <NativeSelect
        label={copy.ai.labels.action}
        value={action ?? ''}
        disabled={readOnly}
        error={errorAt(errors, 'action')}
        data={[...(action ? [] : [{ value: '', label: '—' }]), ...AiAction.options.map((option) => ({ value: option, label: copy.ai.actions[option] }))]}
        onChange={(event) => setAction(event.currentTarget.value)}
      />
      {action === 'summarize' && (
        <>
          <TextSourceFields nodeId={nodeId} source={settings} path="summarize" errors={errors} readOnly={readOnly} context={context} onChange={patch} />
          <Input.Wrapper label={copy.ai.labels.textLength}>
            <SegmentedControl
              mt={6}
              fullWidth
              disabled={readOnly}
              value={AI_SUMMARY_LENGTHS.includes(settings.textLength as AiSummaryLength) ? (settings.textLength as string) : 'short'}
              onChange={(textLength) => patch({ textLength })}
              data={AI_SUMMARY_LENGTHS.map((length) => ({ value: length, label: copy.ai.lengths[length] }))}
            />
          </Input.Wrapper>
        </>
      )}
      {action === 'classify' && (
        <>
          <TextSourceFields nodeId={nodeId} source={settings} path="classify" errors={errors} readOnly={readOnly} context={context} onChange={patch} />
          <NamedList
            label={copy.ai.labels.classifications}
            names={namesOf(settings, 'classifications', 'title')}
            path="classify.classifications"
            nameKey="title"
            itemLabel={copy.ai.labels.classification}
            addLabel={copy.ai.labels.addClassification}
            removeLabel={copy.ai.labels.removeClassification}
            max={AI_MAX_CLASSIFICATIONS}
            errors={errors}
            readOnly={readOnly}
            onChange={(names) => patch({ classifications: names.map((title) => ({ title })) })}
          />
        </>
      )}
      {action === 'generateText' && (
        <>
          <TextWithVariables
            label={copy.ai.labels.prompt}
            value={typeof settings.prompt === 'string' ? settings.prompt : ''}
            onChange={(prompt) => patch({ prompt })}
            context={context}
            nodeId={nodeId}
            multiline
            required
            readOnly={readOnly}
            error={errorAt(errors, 'generateText.prompt')}
          />
          <Switch
            label={copy.ai.labels.contextEnabled}
            checked={settings.contextEnabled === true}
            disabled={readOnly}
            onChange={(event) => {
              const contextEnabled = event.currentTarget.checked;
              patch({ contextEnabled, context: isRecord(settings.context) ? settings.context : { textType: 'fullSubmission', text: '' } });
            }}
          />
          {settings.contextEnabled === true && (
            <TextSourceFields
              nodeId={nodeId}
              source={isRecord(settings.context) ? (settings.context as Partial<AiTextSource>) : undefined}
              path="generateText.context"
              errors={errors}
              readOnly={readOnly}
              context={context}
              onChange={(source) => patch({ context: source })}
            />
          )}
        </>
      )}
      {action === 'extractFields' && (
        <>
          <TextSourceFields nodeId={nodeId} source={settings} path="extractFields" errors={errors} readOnly={readOnly} context={context} onChange={patch} />
          <NamedList
            label={copy.ai.labels.fields}
            names={namesOf(settings, 'fields', 'field')}
            path="extractFields.fields"
            nameKey="field"
            itemLabel={copy.ai.labels.field}
            addLabel={copy.ai.labels.addField}
            removeLabel={copy.ai.labels.removeField}
            max={AI_MAX_EXTRACT_FIELDS}
            errors={errors}
            readOnly={readOnly}
            onChange={(names) => patch({ fields: names.map((name) => ({ field: name })) })}
          />
        </>
      )}
    </Stack>
  );
}

/** The ai node's card and panel; Done is disabled while the node is incomplete (spec 001 §5). */
export const aiNodeUi = defineNodeUi(aiNode, {
  title: copy.ai.title,
  description: copy.ai.description,
  icon: IconSparkles,
  color: 'violet',
  Panel: AiPanel,
  doneBlocked: (template) => {
    const status = aiNode.status(template);
    return status.complete ? false : { tooltip: status.description };
  },
});
