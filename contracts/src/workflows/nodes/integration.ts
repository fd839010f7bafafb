/**
 * What the node types that act through a connected account share (spec 001 §3 slack, microsoftTeams, discord,
 * twilio, airtable, googlesheets, databases, openai): how a template names its account (`serviceId`, the connected
 * service; `integrationId`, the form's integration with it), the chat message settings (spec 001 §4 "Message type
 * defaults to custom_message if a message exists, else send_all_fields"), the record actions and their descriptions
 * (spec 001 §4), filters and mappings. Each type's own module (`nodes/<type>.ts`) defines the type with these.
 *
 * Their actions run in the integrations service, which holds the accounts' credentials (ARCHITECTURE §3 "Credentials
 * never leave integrations"): the engine's executor asks it with the step's idempotency key. Slack's runs today; the
 * others' steps fail with 'The "<type>" step is not supported yet' until their actions exist there. The editor shows
 * and checks them all.
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../limits';
import { LogicValue } from '../../logic-schemas';
import { field } from '../define';

/**
 * The id of a connected service (an account) or of a form's integration (spec 001 §3 `serviceId`, `integrationId`):
 * text or a number as the integrations service hands it out; `null` or absent when none is chosen.
 */
export const AccountRef = z.union([z.string().max(200), z.number().int()]).nullable().optional();

/** True for a chosen id: a number, or text that is not blank. */
export function isChosen(value: unknown): boolean {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '');
}

/**
 * Whether a template names its account (spec 001 §4): `serviceId`, or — where `integration` is true, as for slack's
 * "an account (service or integration)" — its `integrationId`.
 */
export function hasAccount(template: unknown, options: { integration: boolean }): boolean {
  return isChosen(field(template, 'serviceId')) || (options.integration && isChosen(field(template, 'integrationId')));
}

/** The account rule: `[]`, or 'select an account' at `serviceId` (spec 001 §4). */
export function accountErrors(template: unknown, options: { integration: boolean }): FieldError[] {
  return hasAccount(template, options) ? [] : [{ path: 'serviceId', message: copy.integrationNodes.selectAccount }];
}

/** True when `value` is text that is not blank. */
export function isFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** spec 001 §3, §9: a chat step sends every field of the submission, or a message of its own. */
export const MessageType = z.enum(['send_all_fields', 'custom_message']);
/** A message type. */
export type MessageType = z.infer<typeof MessageType>;

/** spec 001 §3: the config of a slack or discord step `{messageType, message, channel}`. */
export const ChatConfig = z.object({
  messageType: MessageType.optional(),
  message: z.string().max(CHAT_MESSAGE_MAX_LENGTH).optional(),
  channel: z.string().max(200).optional(),
});
/** A chat config. */
export type ChatConfig = z.infer<typeof ChatConfig>;

/**
 * The message type a chat config stands for (spec 001 §4 "Message type defaults to custom_message if a message
 * exists, else send_all_fields"): its own when set, else by whether a message is written.
 */
export function messageTypeOf(config: unknown): MessageType {
  const own = MessageType.safeParse(field(config, 'messageType'));
  if (own.success) return own.data;
  return isFilled(field(config, 'message')) ? 'custom_message' : 'send_all_fields';
}

/**
 * The chat rules (spec 001 §4): an account (`integration`: an integration id counts, as for slack), then a message
 * unless the step sends all fields ('add a message' at `config.message`). The channel is not part of the status
 * line; the editor's Done waits for it ({@link chatChannelMissing}).
 */
export function chatErrors(template: unknown, options: { integration: boolean }): FieldError[] {
  const errors = accountErrors(template, options);
  const config = field(template, 'config');
  if (messageTypeOf(config) === 'custom_message' && !isFilled(field(config, 'message'))) {
    errors.push({ path: 'config.message', message: copy.integrationNodes.addMessage });
  }
  return errors;
}

/** spec 001 §5: a chat step's channel is required; true while it is empty (Done shows 'Select a channel first'). */
export function chatChannelMissing(template: unknown): boolean {
  return !isFilled(field(field(template, 'config'), 'channel'));
}

/** The description of a complete chat step (ours): 'Message to #general' or 'All fields to #general'. */
export function describeChat(template: unknown): string {
  const config = field(template, 'config');
  const channel = field(config, 'channel');
  const name = typeof channel === 'string' ? channel.trim() : '';
  return messageTypeOf(config) === 'custom_message' ? copy.integrationNodes.describeMessage(name) : copy.integrationNodes.describeAllFields(name);
}

/** spec 001 §3 "Filter item": `{key, condition, value}` (the value a logic value). */
export const FilterItem = z.object({ key: z.string().max(200), condition: z.string().max(50), value: LogicValue.optional() });
/** A filter item. */
export type FilterItem = z.infer<typeof FilterItem>;

/** spec 001 §3: a record or row, field (or column) id → value (a logic value). */
export const RecordValues = z.record(z.string().max(200), LogicValue);

/** spec 001 §3: the record actions of airtable and databases (databases adds `bulkCreate`). */
export const RecordAction = z.enum(['findOne', 'findAll', 'create', 'bulkCreate', 'update', 'delete']);
/** A record action. */
export type RecordAction = z.infer<typeof RecordAction>;

/**
 * The description of a record step (spec 001 §4): 'Create record', 'Find record', 'Get records', 'Update record',
 * 'Delete record', 'Bulk create records', or 'Bulk create/update records' for a bulk create with `matchOn` fields;
 * '' for an unknown action.
 */
export function describeRecordAction(action: unknown, matchOn?: unknown): string {
  const texts = copy.integrationNodes.recordActions;
  switch (action) {
    case 'create':
      return texts.create;
    case 'findOne':
      return texts.findOne;
    case 'findAll':
      return texts.findAll;
    case 'update':
      return texts.update;
    case 'delete':
      return texts.delete;
    case 'bulkCreate':
      return Array.isArray(matchOn) && matchOn.length > 0 ? texts.bulkUpsert : texts.bulkCreate;
    default:
      return '';
  }
}

/**
 * The base and table rules of a record step (spec 001 §4 airtable "an account, then a base, then a table",
 * databases "no account or base, or … no table"): 'select a base' at `config.baseId`, then 'select a table' at
 * `config.tableId`.
 */
export function baseAndTableErrors(template: unknown): FieldError[] {
  const config = field(template, 'config');
  if (!isChosen(field(config, 'baseId'))) return [{ path: 'config.baseId', message: copy.integrationNodes.selectBase }];
  if (!isChosen(field(config, 'tableId'))) return [{ path: 'config.tableId', message: copy.integrationNodes.selectTable }];
  return [];
}

/** The actions whose step names one record by `config.recordId` (find, update and delete one). */
export const RECORD_ID_ACTIONS: readonly RecordAction[] = ['findOne', 'update', 'delete'];
