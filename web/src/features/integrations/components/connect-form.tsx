/**
 * The service connect form (spec 000 §4 "Service connect form"): the fields of the service type's connect definition
 * (`@formloom/contracts/integrations/registry`), checked as the server checks them, and one button — 'Connect' for a
 * new account, 'Save' when editing one. Save is disabled while nothing changed or a field is invalid. The account name
 * field shows only when this is not the organization's first account of the service and not an edit (the first is
 * named 'First {service} connection' by the server). Secret fields never show a stored value: editing, they are empty
 * with a note that the saved value stays unless a new one is typed. The server's answer decides: a field it refuses
 * shows its message at the field; the provider's refusal or absence shows above the button. An OAuth service has no
 * fields: its button, 'Connect with {service}' ('Reconnect with {service}' when editing), sends the browser to the
 * provider to sign in (spec 000 §4 "For OAuth services a separate connect button replaces it"); the provider's callback
 * brings it back to this page with the outcome.
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { ServiceConnection } from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import type { ConnectDefinition } from '@formloom/contracts/integrations/define';
import { SERVICE_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { SERVICE_TYPE_NAMES } from '@formloom/contracts/integrations/service-types';
import { useCreateService, useStartOAuth, useUpdateService } from '../api/services';

/** Props of {@link ConnectForm}. */
export interface ConnectFormProps {
  definition: ConnectDefinition;
  /** The connection being edited; absent: a new one. */
  existing?: ServiceConnection;
  /** True when the organization has no account of this service yet (the name field is then hidden). */
  isFirst: boolean;
  /** Where the user connects from (the create call's `source`). */
  source: string;
  /** Called with the connection once the server kept it. */
  onDone(service: ServiceConnection): void;
}

/** The field errors of a config as the server would give them: field key → message (`definition.config`). */
function configErrors(definition: ConnectDefinition, values: Record<string, string>, keptSecrets: ReadonlySet<string>): Record<string, string> {
  const parsed = definition.config.safeParse(Object.fromEntries(Object.entries(values).filter(([key, value]) => !(keptSecrets.has(key) && value === ''))));
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    // A kept secret is not sent: the server checks the stored one.
    if (keptSecrets.has(key) && values[key] === '') continue;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** See the module doc. */
export function ConnectForm(props: ConnectFormProps) {
  if (props.definition.auth !== 'oauth2') return <FieldsConnect {...props} />;
  if (!props.existing) return <OAuthConnect {...props} />;
  // An OAuth account being edited: its name (a form without fields), then 'Reconnect with {service}'.
  return (
    <Stack gap="lg">
      <FieldsConnect {...props} />
      <OAuthConnect {...props} />
    </Stack>
  );
}

/** The page the browser is on (the provider's callback brings it back here). */
function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** An OAuth service's form: the name (a new, not-first account) and 'Connect with {service}'. */
function OAuthConnect({ definition, existing, isFirst, source }: ConnectFormProps) {
  const service = SERVICE_TYPE_NAMES[definition.type];
  const start = useStartOAuth();
  const [name, setName] = useState('');
  const showName = !isFirst && !existing;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const authorizationUrl = await start
      .mutateAsync({
        serviceType: definition.type,
        returnTo: currentPath(),
        source,
        ...(existing ? { serviceId: existing.id } : {}),
        ...(showName && name.trim() ? { serviceName: name } : {}),
      })
      .catch(() => null);
    if (authorizationUrl) window.location.assign(authorizationUrl);
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="connect-oauth-form">
      <Stack gap="md">
        {showName && (
          <TextInput
            label={copy.integrations.accountName}
            description={copy.integrations.accountNameDescription}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={SERVICE_NAME_MAX_LENGTH}
            data-testid="connect-name"
          />
        )}
        <Text fz="sm" c="dimmed">
          {copy.integrations.oauthHint(service)}
        </Text>
        {start.error && (
          <Alert color="red" variant="light" data-testid="connect-error">
            {errorMessage(start.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={start.isPending || start.isSuccess} data-testid="connect-oauth">
            {existing ? copy.integrations.reconnectWith(service) : copy.integrations.connectWith(service)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A form of fields (API keys, tokens): see the module doc. */
function FieldsConnect({ definition, existing, isFirst, source, onDone }: ConnectFormProps) {
  const formId = useId();
  const keptSecrets = new Set(existing ? existing.secretsSet : []);
  const initial = Object.fromEntries(definition.fields.map((field) => [field.key, field.secret ? '' : (existing?.config[field.key] ?? '')]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [name, setName] = useState(existing?.name ?? '');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const create = useCreateService();
  const update = useUpdateService();
  const mutation = existing ? update : create;
  const showName = !isFirst && !existing;
  const errors = configErrors(definition, values, keptSecrets);
  const nameError = (showName || existing) && name.trim() === '' ? copy.integrations.nameRequired : undefined;
  const changed = existing ? name.trim() !== existing.name || definition.fields.some((field) => values[field.key] !== initial[field.key]) : true;
  const invalid = Object.keys(errors).length > 0 || nameError !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(Object.fromEntries([...definition.fields.map((field) => [field.key, true]), ['serviceName', true]]));
    if (invalid || !changed) return;
    setServerErrors({});
    const config = Object.fromEntries(Object.entries(values).filter(([key, value]) => !(keptSecrets.has(key) && value === '')));
    try {
      const saved = existing
        ? await update.mutateAsync({
            serviceId: existing.id,
            ...(name.trim() !== existing.name ? { serviceName: name } : {}),
            ...(definition.fields.some((field) => values[field.key] !== initial[field.key]) ? { config } : {}),
          })
        : await create.mutateAsync({ serviceType: definition.type, ...(showName ? { serviceName: name } : {}), config, source });
      onDone(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        setServerErrors(Object.fromEntries(error.fieldErrors.map((field) => [field.path.replace(/^(body\.)?(config\.)?/, ''), field.message])));
      }
    }
  };

  const fieldError = (key: string) => serverErrors[key] ?? (touched[key] ? errors[key] : undefined);
  const failure = mutation.error && !(mutation.error instanceof ApiError && mutation.error.fieldErrors.length > 0) ? errorMessage(mutation.error) : null;
  return (
    <form id={formId} onSubmit={(event) => void submit(event)} noValidate data-testid="connect-form">
      <Stack gap="md">
        {(showName || existing) && (
          <TextInput
            label={copy.integrations.accountName}
            description={copy.integrations.accountNameDescription}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => setTouched((current) => ({ ...current, serviceName: true }))}
            maxLength={SERVICE_NAME_MAX_LENGTH}
            required
            error={serverErrors.serviceName ?? (touched.serviceName ? nameError : undefined)}
            data-testid="connect-name"
          />
        )}
        {definition.fields.map((field) => {
          const Input = field.secret ? PasswordInput : TextInput;
          const kept = keptSecrets.has(field.key);
          return (
            <Input
              key={field.key}
              label={field.label}
              description={kept ? `${field.description ?? ''} ${copy.integrations.secretKept}`.trim() : field.description}
              placeholder={kept ? '••••••••' : field.placeholder}
              value={values[field.key] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field.key]: value }));
                setServerErrors(({ [field.key]: _dropped, ...rest }) => rest);
              }}
              onBlur={() => setTouched((current) => ({ ...current, [field.key]: true }))}
              required={field.required && !kept}
              autoComplete="off"
              spellCheck={false}
              error={fieldError(field.key)}
              data-testid={`connect-field-${field.key}`}
            />
          );
        })}
        {failure && (
          <Alert color="red" variant="light" data-testid="connect-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} disabled={existing ? !changed || invalid : false} data-testid="connect-submit">
            {existing ? copy.integrations.save : copy.integrations.connect}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
