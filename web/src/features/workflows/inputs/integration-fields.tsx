/**
 * What the editor panels of the integration steps share (spec 001 §2 "Node editor panels": slack, microsoftTeams,
 * discord, twilio, airtable, googlesheets, databases, openai): the 'Account not selected' warning of a step without
 * an account (spec 001 §8), a stored choice shown by name or the spec's 'Unknown …' fallback (spec 001 §8; the names
 * come from the account's schema, which the integrations service will load), an action picker, and the chat
 * message fields (spec 001 §3 messageType, message, channel; §4 "Message type defaults to custom_message if a
 * message exists, else send_all_fields"). Each type's own module composes them (`nodes/<type>.tsx`).
 */
import { Alert, Anchor, Button, NativeSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { isChosen, messageTypeOf, type MessageType } from '@formloom/contracts/workflows/nodes/integration';
import { SERVICE_TYPE_NAMES, type ServiceType } from '@formloom/contracts/integrations/service-types';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconAlert } from '../../../ui/icons';
import { useConnectedAccounts } from '../api/connected-accounts';
import type { WorkflowEditorContext } from '../nodes/types';
import { TextWithVariables } from './variable-menu';

/** `template` with `config` replaced by `{...config, ...patch}` (a new object; `template` is not changed). */
export function withConfig(template: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const base = isRecord(template) ? template : {};
  const config = isRecord(base.config) ? base.config : {};
  return { ...base, config: { ...config, ...patch } };
}

/** The text at `config.<key>` of a template ('' when it is not text). */
export function configText(template: unknown, key: string): string {
  const value = field(field(template, 'config'), key);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * spec 001 §8: the warning of a step editor lacking an account — 'Account not selected', 'Try prompting Zite to
 * re-connect this integration'. Renders nothing when `hasAccount`.
 */
export function AccountWarning({ hasAccount }: { hasAccount: boolean }) {
  if (hasAccount) return null;
  return (
    <Alert color="yellow" variant="light" title={copy.integrationNodes.accountNotSelected} icon={<IconAlert size={16} />} data-testid="account-warning">
      {copy.integrationNodes.reconnectHint}
    </Alert>
  );
}

/** Props of {@link AccountPicker}. */
export interface AccountPickerProps {
  /** The service type whose accounts are offered. */
  type: ServiceType;
  /** The stored `serviceId`. */
  value: unknown;
  readOnly: boolean;
  /** Called with the chosen account's id. */
  onChange(serviceId: string): void;
}

/**
 * The account of an integration step (spec 001 §3 `serviceId`): one of the organization's connected accounts of the
 * type (a broken one says it needs reconnecting), and a link to the integrations page to connect one (a new tab: the
 * editor keeps its draft). A stored id that is not among them shows as 'Unknown account'.
 */
export function AccountPicker({ type, value, readOnly, onChange }: AccountPickerProps) {
  const accounts = useConnectedAccounts(type);
  const options = (accounts.data ?? []).map((account) => ({
    value: account.id,
    label: account.status === 'broken' ? copy.integrationNodes.brokenAccount(account.name) : account.name,
  }));
  const stored = isChosen(value) ? String(value) : null;
  if (stored && accounts.data && !options.some((option) => option.value === stored)) options.push({ value: stored, label: copy.integrationNodes.unknownAccount });
  return (
    <Stack gap={4}>
      <Select
        label={copy.integrationNodes.labels.account}
        placeholder={accounts.data?.length === 0 ? copy.integrationNodes.noAccounts(SERVICE_TYPE_NAMES[type]) : copy.integrationNodes.chooseAccount}
        data={options}
        value={stored}
        onChange={(id) => id && onChange(id)}
        disabled={readOnly || accounts.isPending}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="account-picker"
      />
      {!readOnly && (
        <Anchor href={paths.integrations.getHref()} target="_blank" rel="noopener" fz="xs" w="fit-content" data-testid="connect-account-link">
          {copy.integrationNodes.connectAccountLink}
        </Anchor>
      )}
    </Stack>
  );
}

/** Props of {@link SchemaSelect}. */
export interface SchemaSelectProps {
  label: string;
  /** What the schema's items are called, for 'Couldn't find your {label}s' (spec 000 §8): `base`, `table`. */
  itemLabel: string;
  placeholder: string;
  /** The stored id; '' or absent: none. */
  value: string;
  /** The query that lists the items (`enabled` false while there is nothing to ask with). */
  query: { data?: readonly { id: string; name: string }[]; error: unknown; isError: boolean; isFetching: boolean; refetch(): unknown };
  /** What a stored id that is not in the list shows (spec 001 §8 'Unknown base' …). */
  unknown: string;
  /** False while there is nothing to ask with (no account, no base): the picker says an account is needed. */
  enabled: boolean;
  readOnly: boolean;
  onChange(id: string): void;
}

/**
 * A choice from the account's schema (a base, a table): the items the provider listed; a stored id it does not list
 * shows as `unknown`; a list that did not load shows 'Couldn't find your {label}s' with the error and 'Try again'
 * (spec 000 §8).
 */
export function SchemaSelect({ label, itemLabel, placeholder, value, query, unknown, enabled, readOnly, onChange }: SchemaSelectProps) {
  const options = (query.data ?? []).map((item) => ({ value: item.id, label: item.name }));
  if (value && query.data && !options.some((option) => option.value === value)) options.push({ value, label: unknown });
  return (
    <Stack gap={4}>
      <Select
        label={label}
        placeholder={enabled ? placeholder : copy.integrationNodes.needsAccountToPick}
        data={options}
        value={value || null}
        onChange={(id) => id && onChange(id)}
        disabled={readOnly || !enabled || query.isFetching}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: true }}
      />
      {query.isError && (
        <Alert color="yellow" variant="light" p="xs" title={copy.integrationNodes.schemaLoadFailed(itemLabel)} data-testid="schema-error">
          <Stack gap={4} align="flex-start">
            <span>{errorMessage(query.error)}</span>
            <Button size="compact-xs" variant="light" onClick={() => void query.refetch()}>
              {copy.integrationNodes.tryAgain}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** Props of {@link PickedValue}. */
export interface PickedValueProps {
  label: string;
  /** The stored id (`baseId`, `spreadsheetId` …); not chosen when blank. */
  value: unknown;
  /** What a stored id whose name cannot be found shows (spec 001 §8 'Unknown base' …). */
  unknown: string;
  required?: boolean;
}

/**
 * A choice made from the account's schema (a base, table, spreadsheet, sheet): read-only here — picking needs the
 * account's schema. Shows 'Unknown …' for a stored id (its name is not known without the schema) and, when nothing
 * is stored, the hint that an account is needed to pick.
 */
export function PickedValue({ label, value, unknown, required }: PickedValueProps) {
  const chosen = isChosen(value);
  return (
    <TextInput
      label={label}
      required={required}
      readOnly
      value={chosen ? unknown : ''}
      placeholder={copy.integrationNodes.needsAccountToPick}
      description={chosen ? String(value) : undefined}
    />
  );
}

/** Props of {@link ActionSelect}. */
export interface ActionSelectProps {
  label: string;
  value: string;
  /** The actions, value → label, in order. */
  options: Readonly<Record<string, string>>;
  onChange(value: string): void;
  readOnly: boolean;
}

/** The step's action as a native select (keyboard and screen-reader friendly, and usable on a phone). */
export function ActionSelect({ label, value, options, onChange, readOnly }: ActionSelectProps) {
  return (
    <NativeSelect
      label={label}
      value={value}
      disabled={readOnly}
      data={Object.entries(options).map(([option, text]) => ({ value: option, label: text }))}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** Props of {@link ChatFields}. */
export interface ChatFieldsProps {
  nodeId: string;
  template: unknown;
  readOnly: boolean;
  hasAccount: boolean;
  context: WorkflowEditorContext;
  onChange(template: unknown): void;
  /** microsoftTeams: a team before the channel; changing it clears the channel (spec 001 §3). */
  withTeam?: boolean;
}

/**
 * The message fields of a chat step (spec 001 §3, §4, §5): what to send (all fields, or a custom message with
 * `{{variables}}`), the team (Teams) and the channel — both required; a channel is picked from the account's list,
 * so without an account the fields show what is stored and nothing else.
 */
export function ChatFields({ nodeId, template, readOnly, hasAccount, context, onChange, withTeam = false }: ChatFieldsProps) {
  const config = field(template, 'config');
  const messageType = messageTypeOf(config);
  const change = (patch: Record<string, unknown>) => onChange(withConfig(template, patch));
  const pickable = hasAccount && !readOnly;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={copy.integrationNodes.labels.messageType}
        value={messageType}
        onChange={(value) => change({ messageType: value as MessageType })}
      >
        <Stack gap={6} mt={6}>
          {(Object.keys(copy.integrationNodes.messageTypes) as MessageType[]).map((type) => (
            <Radio key={type} value={type} label={copy.integrationNodes.messageTypes[type]} disabled={readOnly} />
          ))}
        </Stack>
      </Radio.Group>
      {messageType === 'custom_message' && (
        <TextWithVariables
          label={copy.integrationNodes.labels.message}
          value={configText(template, 'message')}
          onChange={(message) => change({ message })}
          context={context}
          nodeId={nodeId}
          multiline
          required
          readOnly={readOnly}
        />
      )}
      {withTeam && (
        <TextInput
          label={copy.integrationNodes.labels.team}
          required
          value={configText(template, 'team')}
          readOnly={!pickable}
          placeholder={hasAccount ? undefined : copy.integrationNodes.needsAccountToPick}
          // spec 001 §3: the channel is cleared when the team changes.
          onChange={(event) => change({ team: event.currentTarget.value, channel: '' })}
        />
      )}
      <TextInput
        label={copy.integrationNodes.labels.channel}
        required
        value={configText(template, 'channel')}
        readOnly={!pickable}
        placeholder={hasAccount ? undefined : copy.integrationNodes.needsAccountToPick}
        onChange={(event) => change({ channel: event.currentTarget.value })}
      />
    </Stack>
  );
}
