/**
 * The form settings on the 'Share' tab (`FormSettings` of contracts): when the form stops taking responses (a
 * closing date and time, a response limit), one response per browser, where the respondent goes after submitting,
 * and the message a closed form shows. 'Save settings' sends them; each error shows under its field; they apply
 * to the live form at once.
 */
import { useState, type FormEvent } from 'react';
import { Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FormSettings } from '@formloom/contracts/entities/flow';
import { CLOSED_MESSAGE_MAX_LENGTH, RESPONSE_LIMIT_MAX } from '@formloom/contracts/limits';
import { formSettingsOf } from '@formloom/contracts/rules/form-settings';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateFlowSettings } from '../api/update-settings';

/** An ISO instant as the value of a `datetime-local` input, in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value (the browser's time zone) as an ISO instant; `null` for ''. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The editable form of the settings. */
interface Draft {
  closesAt: string;
  responseLimit: number | '';
  oneResponsePerBrowser: boolean;
  redirectUrl: string;
  closedMessage: string;
}

function draftOf(settings: FormSettings): Draft {
  return {
    closesAt: toLocalInput(settings.closesAt),
    responseLimit: settings.responseLimit ?? '',
    oneResponsePerBrowser: settings.oneResponsePerBrowser ?? false,
    redirectUrl: settings.redirectUrl ?? '',
    closedMessage: settings.closedMessage ?? '',
  };
}

/** The settings card of flow `publicIdentifier`, starting from its saved `settings`; `readOnly` for a reader. */
export function FormSettingsCard({ publicIdentifier, settings, readOnly }: { publicIdentifier: string; settings: Record<string, unknown>; readOnly: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(formSettingsOf(settings)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateFlowSettings(publicIdentifier);

  function change<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({
        closesAt: fromLocalInput(draft.closesAt),
        responseLimit: draft.responseLimit === '' ? null : draft.responseLimit,
        oneResponsePerBrowser: draft.oneResponsePerBrowser ? true : null,
        redirectUrl: draft.redirectUrl.trim() || null,
        closedMessage: draft.closedMessage.trim() || null,
      });
      setErrors({});
      notifications.show({ color: 'teal', message: 'Settings saved' });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors.filter((e) => e.path.startsWith('body.')) : [];
      if (fields.length > 0) setErrors(Object.fromEntries(fields.map((e) => [e.path.slice('body.'.length), e.message])));
      else notifications.show({ color: 'red', message: errorMessage(error) });
    }
  }

  return (
    <Card p="lg" component="form" onSubmit={(event: FormEvent) => void onSubmit(event)} data-testid="form-settings">
      <Stack gap="md">
        <div>
          <Text fw={600} fz="sm">
            Form settings
          </Text>
          <Text c="dimmed" fz="sm">
            These apply to the live form as soon as you save them.
          </Text>
        </div>
        <Group grow align="flex-start" gap="md">
          <TextInput
            type="datetime-local"
            label="Close the form on"
            description="Empty: it stays open"
            value={draft.closesAt}
            onChange={(event) => change('closesAt', event.currentTarget.value)}
            error={errors.closesAt}
            disabled={readOnly}
          />
          <NumberInput
            label="Limit responses"
            description="Empty: no limit"
            min={1}
            max={RESPONSE_LIMIT_MAX}
            allowDecimal={false}
            value={draft.responseLimit}
            onChange={(value) => change('responseLimit', typeof value === 'number' ? value : '')}
            error={errors.responseLimit}
            disabled={readOnly}
          />
        </Group>
        <Switch
          label="One response per browser"
          description="A browser that responded sees that it already did"
          checked={draft.oneResponsePerBrowser}
          onChange={(event) => change('oneResponsePerBrowser', event.currentTarget.checked)}
          disabled={readOnly}
        />
        <TextInput
          type="url"
          label="Redirect after submit"
          description="Send respondents to this page instead of the ending"
          placeholder="https://example.com/thanks"
          value={draft.redirectUrl}
          onChange={(event) => change('redirectUrl', event.currentTarget.value)}
          error={errors.redirectUrl}
          disabled={readOnly}
        />
        <Textarea
          label="Message when the form is closed"
          placeholder="Thank you for your interest."
          autosize
          minRows={2}
          maxLength={CLOSED_MESSAGE_MAX_LENGTH}
          value={draft.closedMessage}
          onChange={(event) => change('closedMessage', event.currentTarget.value)}
          error={errors.closedMessage}
          disabled={readOnly}
        />
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="save-settings">
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
