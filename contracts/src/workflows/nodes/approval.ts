/**
 * The `approval` node (spec 001 §3 template, §4 setup status and "Approval states", §6, §9 constants): a run stops
 * here until one approver chooses one of the node's states (options, e.g. Approved / Rejected); the run goes on along
 * that state's edge. This module holds the template schema, the default template, the rules and status line, the
 * edges (one per state), the step's output fields, and the pure edits the editor panel makes (new state 'New option'
 * made unique with the next unused pastel colour, renaming with the duplicate check, input fields).
 *
 * The engine's executor is `services/workflows-engine/src/nodes/approval.ts` (how a run waits for the decision:
 * docs/architecture.md "Approvals"), the web's card and panel `web/src/features/workflows/nodes/approval.tsx`, the
 * approver's page `web/src/routes/approve.tsx`.
 *
 * Decisions where the spec is silent (docs/architecture.md "Approvals"):
 * - an approver is `{userId, email}`: the member picked (spec: `{userId}`) with the address their request is mailed
 *   to, kept with the id so the engine needs no call to workspaces-auth at run time; `approvers.type` is 'users';
 * - an input field carries, besides the spec's `{customFieldId, label, required, showForStates}`, the `type` (and
 *   `options`) of the value it asks for — the custom column types of spec 001 §3 (default Short text) — so the
 *   approver's page can render and check it with the custom columns' rules (`rules/custom-columns.ts`);
 * - the approvers' email is `{subject, blocks}`: the subject takes `{{variables}}` ("subject logic"), the blocks are
 *   the email node's plus `approval_buttons` (one button per state, each with the approver's own link).
 *
 * Pure; runs in the browser and in the services. The rules read templates defensively (`unknown` in).
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import { CustomColumnOption, CustomColumnType, type CustomColumn } from '../../entities/custom-column';
import {
  APPROVAL_APPROVERS_MAX,
  APPROVAL_COMPLETION_COUNT,
  APPROVAL_FIELD_LABEL_MAX_LENGTH,
  APPROVAL_INPUT_FIELDS_MAX,
  APPROVAL_PALETTE_SIZE,
  APPROVAL_STATE_NAME_MAX_LENGTH,
  APPROVAL_STATES_MAX,
} from '../../limits';
import { isValidEmail } from '../../rules/answers';
import { customColumnProblems } from '../../rules/custom-columns';
import { defineNode, field, isRecord, type NodeEdge, type NodeOutputField, type NodeShape } from '../define';
import { EmailBlock } from './email';

/**
 * spec 001 §9 "Approval palette: 9 pastel shades": the colours of the states, in the order new states take them
 * (the first unused one). Each is light enough that {@link APPROVAL_STATE_TEXT_COLOR} on it passes WCAG AA for
 * normal text (contrast ≥ 4.5:1; all are above 11:1).
 */
export const APPROVAL_PALETTE = [
  '#C6F1D6', // mint
  '#FFD6D6', // rose
  '#CFE3FF', // sky
  '#FFF0B3', // butter
  '#E4D7FF', // lavender
  '#FFDCC2', // peach
  '#C8F0EF', // aqua
  '#F7D4EB', // blush
  '#E2E8F0', // mist
] as const;
/** ours: the names of the {@link APPROVAL_PALETTE} shades, in its order (the colour picker's accessible names). */
export const APPROVAL_PALETTE_NAMES = ['Mint', 'Rose', 'Sky', 'Butter', 'Lavender', 'Peach', 'Aqua', 'Blush', 'Mist'] as const;
/** The text colour written on a state's colour (buttons, chips): a near-black slate, AA on every palette shade. */
export const APPROVAL_STATE_TEXT_COLOR = '#1F2937';

/** spec 001 §3, §9 approval notification channels; the request-approval default is `email`. */
export const APPROVAL_SEND_OVER = ['email', 'slack_dm', 'slack_channel'] as const;
/** How the approval request is sent. */
export const ApprovalSendOver = z.enum(APPROVAL_SEND_OVER);
/** `email`, `slack_dm` or `slack_channel`. */
export type ApprovalSendOver = z.infer<typeof ApprovalSendOver>;

const id = z.string().min(1).max(64);

/** spec 001 §3: a state (option) `{id, name, color, nextNodeId}`; its edge is labelled by its id (spec 001 §2). */
export const ApprovalState = z.object({
  id,
  name: z.string().max(APPROVAL_STATE_NAME_MAX_LENGTH),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  nextNodeId: id.nullable(),
});
/** A state. */
export type ApprovalState = z.infer<typeof ApprovalState>;

/** An approver: the member's id (spec 001 §3 `{userId}`) and the address the request goes to (see the module doc). */
export const ApprovalApprover = z.object({
  userId: z.number().int().positive().optional(),
  email: z.string().max(320),
});
/** An approver. */
export type ApprovalApprover = z.infer<typeof ApprovalApprover>;

/** spec 001 §3: an input field's visibility, for every state or the chosen ones. */
export const ApprovalShowForStates = z.object({
  type: z.enum(['all', 'custom']),
  customStateIds: z.array(id).max(APPROVAL_STATES_MAX).default([]),
});
/** `{type, customStateIds}`. */
export type ApprovalShowForStates = z.infer<typeof ApprovalShowForStates>;

/**
 * spec 001 §3: an input field `{customFieldId, label, required, showForStates}`, plus (ours, see the module doc) the
 * `type` of its value (a custom column type, default 'ShortAnswer') and the `options` of a Dropdown or Multi-select.
 */
export const ApprovalInputField = z.object({
  customFieldId: id,
  label: z.string().max(APPROVAL_FIELD_LABEL_MAX_LENGTH),
  required: z.boolean().default(false),
  showForStates: ApprovalShowForStates.default({ type: 'all', customStateIds: [] }),
  type: CustomColumnType.default('ShortAnswer'),
  options: z.array(CustomColumnOption).max(100).optional(),
});
/** An input field (after parsing: defaults applied). */
export type ApprovalInputField = z.infer<typeof ApprovalInputField>;

/** spec 001 §3 email blocks "and approval buttons": the email node's blocks plus one button per state. */
export const ApprovalEmailBlock = z.union([EmailBlock, z.object({ type: z.literal('approval_buttons') })]);
/** A block of the approvers' email. */
export type ApprovalEmailBlock = z.infer<typeof ApprovalEmailBlock>;

/** spec 001 §3: the approval node template. */
export const ApprovalNodeTemplate = z.object({
  states: z.array(ApprovalState).max(APPROVAL_STATES_MAX),
  approvers: z.object({
    type: z.enum(['users']).default('users'),
    approvers: z.array(ApprovalApprover).max(APPROVAL_APPROVERS_MAX),
    slackServiceId: z.string().max(64).nullable().default(null),
  }),
  sendOver: ApprovalSendOver.default('email'),
  completionRule: z
    .object({ type: z.literal('atleast_one'), count: z.literal(APPROVAL_COMPLETION_COUNT) })
    .default({ type: 'atleast_one', count: APPROVAL_COMPLETION_COUNT }),
  input: z.object({ fields: z.array(ApprovalInputField).max(APPROVAL_INPUT_FIELDS_MAX) }).default({ fields: [] }),
  email: z.object({ subject: z.string().max(1000), blocks: z.array(ApprovalEmailBlock).max(100) }),
  slack: z
    .object({
      message: z.string().max(20_000).default(''),
      messageType: z.enum(['custom_message', 'send_all_fields']).default('custom_message'),
      includeAllFields: z.boolean().default(true),
      channel: z.string().max(200).nullable().default(null),
      channelId: z.string().max(64).nullable().default(null),
    })
    .default({ message: '', messageType: 'custom_message', includeAllFields: true, channel: null, channelId: null }),
});
/** An approval node template (after parsing). */
export type ApprovalNodeTemplate = z.infer<typeof ApprovalNodeTemplate>;

/** A short random id for a state or an input field (URL-safe, 10 characters). */
export function generateApprovalId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 10);
}

/** The states of a template as they stand (entries that are not objects left out). Never throws. */
export function statesOf(template: unknown): Array<Partial<ApprovalState> & Record<string, unknown>> {
  const states = field(template, 'states');
  return Array.isArray(states) ? states.filter(isRecord) : [];
}

/** The approvers of a template as they stand (entries that are not objects left out). Never throws. */
export function approversOf(template: unknown): Array<Partial<ApprovalApprover> & Record<string, unknown>> {
  const list = field(field(template, 'approvers'), 'approvers');
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** The input fields of a template as they stand (entries that are not objects left out). Never throws. */
export function inputFieldsOf(template: unknown): Array<Partial<ApprovalInputField> & Record<string, unknown>> {
  const fields = field(field(template, 'input'), 'fields');
  return Array.isArray(fields) ? fields.filter(isRecord) : [];
}

/** The `sendOver` of a template: `email` when unset or unknown (spec 001 §9 default). */
export function sendOverOf(template: unknown): ApprovalSendOver {
  const parsed = ApprovalSendOver.safeParse(field(template, 'sendOver'));
  return parsed.success ? parsed.data : 'email';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The spec 001 §4 approval rules, in this order, with paths relative to the template:
 * - `approvers.approvers`: at least one approver ('Set approvers');
 * - `approvers.slackServiceId`: for `slack_dm` and `slack_channel`, a connected Slack account ('Connect Slack');
 * - `slack.channelId`: for `slack_channel`, a picked channel ('Pick a Slack channel');
 * then (spec 001 §4 "Approval states", §5 and ours): each approver's address valid ('Invalid email: {value}' at
 * `approvers.approvers.<i>.email`), exactly one approver for `slack_dm`, at least one state ('An approval needs at
 * least one option'), state names not blank and not repeated ('An option with this name already exists' at
 * `states.<i>.name`, compared trimmed and case-insensitively), input fields with a label, with states chosen when
 * shown for chosen ones, and options for a Dropdown or Multi-select. `[]` when complete. Never throws.
 */
export function approvalNodeErrors(template: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const sendOver = sendOverOf(template);
  const approvers = approversOf(template);
  if (approvers.length === 0) errors.push({ path: 'approvers.approvers', message: copy.approval.setApprovers });
  if (sendOver !== 'email' && text(field(field(template, 'approvers'), 'slackServiceId')) === '') {
    errors.push({ path: 'approvers.slackServiceId', message: copy.approval.connectSlack });
  }
  if (sendOver === 'slack_channel' && text(field(field(template, 'slack'), 'channelId')) === '' && text(field(field(template, 'slack'), 'channel')) === '') {
    errors.push({ path: 'slack.channelId', message: copy.approval.pickSlackChannel });
  }
  approvers.forEach((approver, index) => {
    const email = text(approver.email);
    if (!isValidEmail(email)) errors.push({ path: `approvers.approvers.${index}.email`, message: copy.workflows.invalidEmail(email) });
  });
  if (sendOver === 'slack_dm' && approvers.length > 1) errors.push({ path: 'approvers.approvers', message: copy.approval.slackDmOneApprover });
  const states = statesOf(template);
  if (states.length === 0) errors.push({ path: 'states', message: copy.approval.oneOptionRequired });
  const seen = new Set<string>();
  states.forEach((state, index) => {
    const name = text(state.name);
    if (name === '') errors.push({ path: `states.${index}.name`, message: copy.approval.optionNameRequired });
    else if (seen.has(nameKey(name))) errors.push({ path: `states.${index}.name`, message: copy.approval.duplicateOption });
    seen.add(nameKey(name));
  });
  inputFieldsOf(template).forEach((input, index) => {
    if (text(input.label) === '') errors.push({ path: `input.fields.${index}.label`, message: copy.approval.fieldLabelRequired });
    const showFor = input.showForStates;
    const chosen = field(showFor, 'customStateIds');
    if (field(showFor, 'type') === 'custom' && (!Array.isArray(chosen) || chosen.length === 0)) {
      errors.push({ path: `input.fields.${index}.showForStates`, message: copy.approval.fieldStatesRequired });
    }
    const type = CustomColumnType.safeParse(input.type ?? 'ShortAnswer');
    if (type.success) {
      const options = Array.isArray(input.options) ? input.options.filter(isRecord).map((option) => ({ label: text(option.label) })) : [];
      for (const problem of customColumnProblems({ name: text(input.label) || '-', type: type.data, options })) {
        errors.push({ path: `input.fields.${index}.${problem.path}`, message: problem.message });
      }
    }
  });
  return errors;
}

/** spec 001 §4: the complete description — the approver count and the state names ('1 approver · Approved, Rejected'). */
export function describeApproval(template: unknown): string {
  return copy.approval.describe(approversOf(template).length, statesOf(template).map((state) => text(state.name)));
}

/**
 * The node's edges (spec 001 §2 "Edges leaving an approval state … are labelled by that state's id"): one per state,
 * stored at `template.states.<i>.nextNodeId`, in state order — the first is the one a node inserted after the approval
 * leads on by (spec 001 §4 "Adding a node"). The node's own `nextNodeId` is not an edge. Never throws.
 */
export function approvalEdges(node: NodeShape): NodeEdge[] {
  return statesOf(node.template).map((state, index) => ({
    path: `template.states.${index}.nextNodeId`,
    target: typeof state.nextNodeId === 'string' && state.nextNodeId !== '' ? state.nextNodeId : null,
    label: typeof state.id === 'string' ? state.id : String(index),
  }));
}

/**
 * The fields of the step's output later nodes may read (`nodes.<id>.<field>`): `state` (the chosen state's name),
 * `stateId`, `decidedBy` (the approver's address), `decidedAt` (ISO 8601), and `fields.<customFieldId>` (each input
 * field's value as a person reads it; '' when not filled in). Never throws.
 */
export function approvalOutputs(template: unknown): NodeOutputField[] {
  return [
    { field: 'state', label: 'Decision' },
    { field: 'stateId', label: 'Decision id' },
    { field: 'decidedBy', label: 'Decided by' },
    { field: 'decidedAt', label: 'Decided at' },
    ...inputFieldsOf(template).flatMap((input) =>
      typeof input.customFieldId === 'string' ? [{ field: `fields.${input.customFieldId}`, label: text(input.label) || input.customFieldId }] : [],
    ),
  ];
}

/**
 * The first state colour of {@link APPROVAL_PALETTE} no state of `states` has (compared case-insensitively); when all
 * nine are taken, the palette again from the start by the number of states (spec 001 §4 "the next unused colour").
 */
export function nextStateColor(states: ReadonlyArray<{ color?: unknown }>): string {
  const used = new Set(states.map((state) => (typeof state.color === 'string' ? state.color.toUpperCase() : '')));
  return APPROVAL_PALETTE.find((color) => !used.has(color.toUpperCase())) ?? APPROVAL_PALETTE[states.length % APPROVAL_PALETTE_SIZE]!;
}

const NUMBERED = /^(.*\S) \((\d+)\)$/;

/**
 * The first free name among `name`, `<base> (2)`, `<base> (3)` … (`<base>`: `name` without a trailing ` (n)`), names
 * compared trimmed and case-insensitively with `taken` (spec 001 §4 "made unique"; the numbering of flow names).
 */
export function uniqueStateName(name: string, taken: Iterable<string>): string {
  const wanted = name.trim();
  const names = new Set([...taken].map(nameKey));
  if (!names.has(nameKey(wanted))) return wanted;
  const base = NUMBERED.exec(wanted)?.[1] ?? wanted;
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, APPROVAL_STATE_NAME_MAX_LENGTH - 6).trimEnd()} (${n})`;
    if (!names.has(nameKey(candidate))) return candidate;
  }
}

/** A template as the edits below take it: the parsed shape, fields possibly missing (a half-filled draft). */
type Draft = Record<string, unknown>;

function asDraft(template: unknown): Draft {
  return isRecord(template) ? template : {};
}

/**
 * spec 001 §4: `template` with a new state named 'New option' made unique among its states, coloured with the next
 * unused palette shade, leading nowhere; the state gets `id` (default {@link generateApprovalId}). A new object; the
 * input is not changed.
 */
export function addApprovalState(template: unknown, id: string = generateApprovalId()): Draft {
  const draft = asDraft(template);
  const states = statesOf(draft);
  const state: ApprovalState = {
    id,
    name: uniqueStateName(copy.approval.newOption, states.map((existing) => text(existing.name))),
    color: nextStateColor(states),
    nextNodeId: null,
  };
  return { ...draft, states: [...states, state] };
}

/** What renaming a state gave: the template, and the spec's message when the wanted name was taken. */
export interface RenameResult {
  template: Draft;
  /** 'An option with this name already exists' when another state had the name (a unique one was used instead). */
  error?: string;
}

/**
 * spec 001 §4: renames state `stateId` to `name`. A name another state has (trimmed, case-insensitive) is replaced by
 * a unique one ({@link uniqueStateName}) and `error` is 'An option with this name already exists'. A blank name keeps
 * the state's current name. An unknown state id changes nothing.
 */
export function renameApprovalState(template: unknown, stateId: string, name: string): RenameResult {
  const draft = asDraft(template);
  const states = statesOf(draft);
  const index = states.findIndex((state) => state.id === stateId);
  if (index === -1 || name.trim() === '') return { template: draft };
  const others = states.filter((_, at) => at !== index).map((state) => text(state.name));
  const taken = others.some((other) => nameKey(other) === nameKey(name));
  const next = taken ? uniqueStateName(name, others) : name.trim();
  const updated = states.map((state, at) => (at === index ? { ...state, name: next } : state));
  return { template: { ...draft, states: updated }, ...(taken ? { error: copy.approval.duplicateOption } : {}) };
}

/** spec 001 §4 "at least one must remain": whether state `stateId` may be deleted (it is not the last one). */
export function canDeleteApprovalState(template: unknown): boolean {
  return statesOf(template).length > 1;
}

/**
 * `template` without state `stateId`, and without it in the input fields' chosen states. The last state is never
 * deleted (spec 001 §4): the template comes back unchanged then.
 */
export function deleteApprovalState(template: unknown, stateId: string): Draft {
  const draft = asDraft(template);
  const states = statesOf(draft);
  if (states.length <= 1) return draft;
  const fields = inputFieldsOf(draft).map((input) => {
    const ids = field(input.showForStates, 'customStateIds');
    if (!Array.isArray(ids)) return input;
    return { ...input, showForStates: { ...(input.showForStates as object), customStateIds: ids.filter((kept) => kept !== stateId) } };
  });
  return {
    ...draft,
    states: states.filter((state) => state.id !== stateId),
    input: { ...(isRecord(draft.input) ? draft.input : {}), fields },
  };
}

/**
 * The input fields an approver fills in for state `stateId`, in order: those shown for all states and those whose
 * chosen states include it (spec 001 §3 `showForStates`).
 */
export function fieldsForState<TField extends { showForStates?: unknown }>(fields: readonly TField[], stateId: string): TField[] {
  return fields.filter((input) => {
    const showFor = input.showForStates;
    if (field(showFor, 'type') !== 'custom') return true;
    const ids = field(showFor, 'customStateIds');
    return Array.isArray(ids) && ids.includes(stateId);
  });
}

/** An input field as the custom column whose rules check its value (`rules/custom-columns.ts`). */
export function inputFieldColumn(input: Pick<ApprovalInputField, 'customFieldId' | 'label' | 'type' | 'options'>): CustomColumn {
  return {
    id: input.customFieldId,
    name: input.label || input.customFieldId,
    type: input.type,
    ...(input.options && input.options.length > 0 ? { options: input.options } : {}),
  };
}

/**
 * The approval node (spec 001 §3–§5). Default template: the states Approved and Rejected (the first two palette
 * shades, leading nowhere), no approver yet (the editor adds the current user, spec 001 §4), sent over email
 * (spec 001 §9), completion rule 'atleast_one' / 1, no input field, and the approvers' email: subject 'Approval needed:
 * {{flow.name}}', a line of text, the submission overview and the approval buttons.
 */
export const approvalNode = defineNode({
  type: 'approval',
  schema: ApprovalNodeTemplate,
  defaultTemplate: (): ApprovalNodeTemplate => ({
    states: [
      { id: generateApprovalId(), name: copy.approval.approved, color: APPROVAL_PALETTE[0], nextNodeId: null },
      { id: generateApprovalId(), name: copy.approval.rejected, color: APPROVAL_PALETTE[1], nextNodeId: null },
    ],
    approvers: { type: 'users', approvers: [], slackServiceId: null },
    sendOver: 'email',
    completionRule: { type: 'atleast_one', count: APPROVAL_COMPLETION_COUNT },
    input: { fields: [] },
    email: {
      subject: copy.approval.defaultSubject,
      blocks: [
        { type: 'text', text: copy.approval.defaultBody },
        { type: 'submission_overview', showHidden: false },
        { type: 'approval_buttons' },
      ],
    },
    slack: { message: '', messageType: 'custom_message', includeAllFields: true, channel: null, channelId: null },
  }),
  rules: approvalNodeErrors,
  describe: describeApproval,
  edges: approvalEdges,
  outputs: approvalOutputs,
});
