/**
 * The `ai` node (spec 001 §3 template, §4 setup status, §5 "AI disabled while incomplete", §7 the external
 * provider notice, §9 defaults): one of four actions on a text of the run — `summarize`, `classify`,
 * `generateText`, `extractFields` — each with its own settings object in the template under the action's name
 * (`{action: 'classify', classify: {textType, text, classifications}}`), so switching the action back and forth
 * keeps what was typed. The engine's executor is `services/workflows-engine/src/nodes/ai.ts` (an OpenAI-compatible
 * provider the operator configures), the web's card and panel `web/src/features/workflows/nodes/ai.tsx`.
 *
 * The text an action works on (`textType`): `fullSubmission` — every answered question of the submission as
 * "label: answer" lines — or `custom` — `text`, where `{{variables}}` are filled in (`logic.ts` `interpolate`).
 *
 * Outputs (`nodes.<id>.<field>` for later steps): `summary`, `classification` (exactly one of the titles), `text`,
 * or one `fields.<key>` per field to extract ({@link aiFieldKey}: the name with every run of characters other than
 * ASCII letters, digits, `_` and `-` made one `_`, so that `{{nodes.<id>.fields.<key>}}` can be written in text).
 *
 * Hidden, with the AI gallery templates, for organizations in the `EU_AGENT` data region (spec 001 §2).
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import {
  AI_LABEL_MAX_LENGTH,
  AI_MAX_CLASSIFICATIONS,
  AI_MAX_EXTRACT_FIELDS,
  AI_MIN_CLASSIFICATIONS,
  AI_SUMMARY_LENGTHS,
  AI_TEXT_MAX_LENGTH,
} from '../../limits';
import { defineNode, field, type NodeOutputField } from '../define';

/** spec 001 §3: the AI node's actions. */
export const AiAction = z.enum(['summarize', 'classify', 'generateText', 'extractFields']);
/** An AI action. */
export type AiAction = z.infer<typeof AiAction>;

/** spec 001 §3: the text an action works on — the whole submission, or a custom text with variables. */
export const AiTextType = z.enum(['fullSubmission', 'custom']);
/** A text choice. */
export type AiTextType = z.infer<typeof AiTextType>;

/** spec 001 §3, §9: summary lengths (default `short`). */
export const AiSummaryLength = z.enum(AI_SUMMARY_LENGTHS);
/** A summary length. */
export type AiSummaryLength = z.infer<typeof AiSummaryLength>;

const text = z.string().max(AI_TEXT_MAX_LENGTH);
const label = z.string().max(AI_LABEL_MAX_LENGTH);

/** The text an action works on: `{textType, text}` (`text` is read for `custom` only). */
export const AiTextSource = z.object({ textType: AiTextType, text: text.default('') });
/** A text source. */
export type AiTextSource = z.infer<typeof AiTextSource>;

/** spec 001 §3: summarize `{textType, text, textLength}`. */
export const AiSummarizeSettings = AiTextSource.extend({ textLength: AiSummaryLength.default('short') });
/** spec 001 §3: classify `{textType, text, classifications[title]}`. */
export const AiClassifySettings = AiTextSource.extend({
  classifications: z.array(z.object({ title: label })).max(AI_MAX_CLASSIFICATIONS),
});
/** spec 001 §3: generateText `{prompt, contextEnabled, context {textType, text}}`. */
export const AiGenerateTextSettings = z.object({
  prompt: text,
  contextEnabled: z.boolean().default(false),
  context: AiTextSource.optional(),
});
/** spec 001 §3: extractFields `{textType, text, fields[field]}`. */
export const AiExtractFieldsSettings = AiTextSource.extend({
  fields: z.array(z.object({ field: label })).max(AI_MAX_EXTRACT_FIELDS),
});

/**
 * spec 001 §3: the AI node template — the action, and each action's settings under its name (those of the chosen
 * action are required; the others may stay from an earlier choice).
 */
export const AiNodeTemplate = z
  .object({
    action: AiAction,
    summarize: AiSummarizeSettings.optional(),
    classify: AiClassifySettings.optional(),
    generateText: AiGenerateTextSettings.optional(),
    extractFields: AiExtractFieldsSettings.optional(),
  })
  .superRefine((template, context) => {
    if (template[template.action] === undefined) {
      context.addIssue({ code: 'custom', path: [template.action], message: copy.validation.required });
    }
  });
/** An AI node template. */
export type AiNodeTemplate = z.infer<typeof AiNodeTemplate>;
/** The settings of a summarize action. */
export type AiSummarizeSettings = z.infer<typeof AiSummarizeSettings>;
/** The settings of a classify action. */
export type AiClassifySettings = z.infer<typeof AiClassifySettings>;
/** The settings of a generateText action. */
export type AiGenerateTextSettings = z.infer<typeof AiGenerateTextSettings>;
/** The settings of an extractFields action. */
export type AiExtractFieldsSettings = z.infer<typeof AiExtractFieldsSettings>;

/**
 * The output key of a field to extract (see the module doc): `'First name'` → `First_name`, `'e-mail'` → `e-mail`,
 * `'Prénom'` → `Pr_nom`; a name with nothing left → `field`. Trimmed first.
 */
export function aiFieldKey(name: string): string {
  const key = name
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return key === '' ? 'field' : key;
}

/** The trimmed, non-blank strings of `list[i][key]` (classification titles, field names), in order. */
function named(list: unknown, key: string): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((entry) => field(entry, key)).filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => value.trim());
}

/** The checks of a text source at `path` (spec 001 §4 "a text choice, content"). */
function textSourceErrors(source: unknown, path: string): FieldError[] {
  const textType = field(source, 'textType');
  if (!AiTextType.safeParse(textType).success) return [{ path: `${path}.textType`, message: copy.ai.chooseText }];
  const value = field(source, 'text');
  if (textType === 'custom' && (typeof value !== 'string' || value.trim() === '')) return [{ path: `${path}.text`, message: copy.ai.addText }];
  return [];
}

/**
 * The checks of a list of named entries (`classifications[title]`, `fields[field]`) at `path`: every entry named
 * (`blank` at `<path>.<i>.<key>`), none twice (`repeated(name)`; the same name ignoring case, or for fields the same
 * output key).
 */
function namedListErrors(
  list: unknown,
  path: string,
  key: string,
  messages: { blank: string; repeated(name: string): string },
  sameAs: (name: string) => string,
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  (Array.isArray(list) ? list : []).forEach((entry, index) => {
    const value = field(entry, key);
    if (typeof value !== 'string' || value.trim() === '') {
      errors.push({ path: `${path}.${index}.${key}`, message: messages.blank });
      return;
    }
    const identity = sameAs(value.trim());
    if (seen.has(identity)) errors.push({ path: `${path}.${index}.${key}`, message: messages.repeated(value.trim()) });
    seen.add(identity);
  });
  return errors;
}

/**
 * The spec 001 §4 AI node rules ("needs a text choice, content, classifications, fields or a prompt, depending on
 * the action"), paths relative to the template, in this order:
 * - `action`: one of the four (`copy.ai.chooseAction`);
 * - summarize: `summarize.textType` chosen, then for `custom` a non-blank `summarize.text`;
 * - classify: the same under `classify`, then at least AI_MIN_CLASSIFICATIONS named classifications
 *   (`classify.classifications`), each named and none twice (ignoring case);
 * - generateText: a non-blank `generateText.prompt`; with `contextEnabled`, the context's text choice and content;
 * - extractFields: the text choice and content under `extractFields`, at least one field, each named and none
 *   twice (two names are the same field when their output keys {@link aiFieldKey} differ only in case).
 * `[]` when complete. Never throws.
 */
export function aiNodeErrors(template: unknown): FieldError[] {
  const action = field(template, 'action');
  if (!AiAction.safeParse(action).success) return [{ path: 'action', message: copy.ai.chooseAction }];
  const settings = field(template, action as AiAction);
  switch (action as AiAction) {
    case 'summarize':
      return textSourceErrors(settings, 'summarize');
    case 'classify': {
      const errors = textSourceErrors(settings, 'classify');
      const list = field(settings, 'classifications');
      if (named(list, 'title').length < AI_MIN_CLASSIFICATIONS) {
        errors.push({ path: 'classify.classifications', message: copy.ai.addClassifications(AI_MIN_CLASSIFICATIONS) });
      }
      errors.push(
        ...namedListErrors(list, 'classify.classifications', 'title', { blank: copy.ai.nameClassification, repeated: copy.ai.repeatedClassification }, (name) =>
          name.toLowerCase(),
        ),
      );
      return errors;
    }
    case 'generateText': {
      const errors: FieldError[] = [];
      const prompt = field(settings, 'prompt');
      if (typeof prompt !== 'string' || prompt.trim() === '') errors.push({ path: 'generateText.prompt', message: copy.ai.addPrompt });
      if (field(settings, 'contextEnabled') === true) errors.push(...textSourceErrors(field(settings, 'context'), 'generateText.context'));
      return errors;
    }
    case 'extractFields': {
      const errors = textSourceErrors(settings, 'extractFields');
      const list = field(settings, 'fields');
      if (named(list, 'field').length === 0) errors.push({ path: 'extractFields.fields', message: copy.ai.addFields });
      errors.push(
        // Two names are the same field when they give the same output key, ignoring case ('Name', 'name ', 'name!').
        ...namedListErrors(list, 'extractFields.fields', 'field', { blank: copy.ai.nameField, repeated: copy.ai.repeatedField }, (name) =>
          aiFieldKey(name).toLowerCase(),
        ),
      );
      return errors;
    }
  }
}

/** The fields to extract of a template as `{name, key}`: named ones, in order, the first of each output key. */
export function aiExtractedFields(template: unknown): Array<{ name: string; key: string }> {
  const seen = new Set<string>();
  const out: Array<{ name: string; key: string }> = [];
  for (const name of named(field(field(template, 'extractFields'), 'fields'), 'field')) {
    const key = aiFieldKey(name);
    if (seen.has(key.toLowerCase())) continue;
    seen.add(key.toLowerCase());
    out.push({ name, key });
  }
  return out;
}

/**
 * The output fields of an AI step for the variable picker (spec 001 §3; `define.ts` `outputs`): summarize →
 * `summary`, classify → `classification`, generateText → `text`, extractFields → `fields.<key>` per field (labelled
 * by its name). None without a valid action. Never throws.
 */
export function aiOutputs(template: unknown): NodeOutputField[] {
  const parsed = AiAction.safeParse(field(template, 'action'));
  if (!parsed.success) return [];
  switch (parsed.data) {
    case 'summarize':
      return [{ field: 'summary', label: copy.ai.outputs.summary }];
    case 'classify':
      return [{ field: 'classification', label: copy.ai.outputs.classification }];
    case 'generateText':
      return [{ field: 'text', label: copy.ai.outputs.text }];
    case 'extractFields':
      return aiExtractedFields(template).map(({ name, key }) => ({ field: `fields.${key}`, label: name }));
  }
}

/** The description of a complete AI node (ours): what it does, e.g. 'Summarize the submission (short)'. */
function describeAi(template: unknown): string {
  const action = field(template, 'action');
  const settings = typeof action === 'string' ? field(template, action) : undefined;
  switch (action) {
    case 'summarize': {
      const parsed = AiSummaryLength.safeParse(field(settings, 'textLength'));
      return copy.ai.describeSummarize(field(settings, 'textType') === 'fullSubmission', copy.ai.lengths[parsed.success ? parsed.data : 'short']);
    }
    case 'classify':
      return copy.ai.describeClassify(named(field(settings, 'classifications'), 'title'));
    case 'generateText':
      return copy.ai.describeGenerateText;
    case 'extractFields':
      return copy.ai.describeExtractFields(aiExtractedFields(template).map(({ name }) => name));
    default:
      return '';
  }
}

/**
 * The AI node (see the module doc). Its default template (spec 001 §3, §9): summarize the whole submission, short;
 * the other actions start with the whole submission as their text, classify with the spec's default
 * classifications (support ticket, feedback, feature request), generateText with an empty prompt and no context,
 * extractFields with no field.
 */
export const aiNode = defineNode({
  type: 'ai',
  schema: AiNodeTemplate,
  defaultTemplate: (): AiNodeTemplate => ({
    action: 'summarize',
    summarize: { textType: 'fullSubmission', text: '', textLength: 'short' },
    classify: { textType: 'fullSubmission', text: '', classifications: copy.ai.defaultClassifications.map((title) => ({ title })) },
    generateText: { prompt: '', contextEnabled: false, context: { textType: 'fullSubmission', text: '' } },
    extractFields: { textType: 'fullSubmission', text: '', fields: [] },
  }),
  rules: aiNodeErrors,
  describe: describeAi,
  outputs: aiOutputs,
  hiddenInAgentRegion: true,
});
