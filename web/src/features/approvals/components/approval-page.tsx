/**
 * The approver's page (docs/architecture.md "Approvals"; spec 001 §4, §6): opened from an approval email's button, no
 * sign-in, outside the app shell. It reads the request its link's token opens and shows:
 * - what was submitted: each question's label and its answer as the Results show it;
 * - 'Your decision': one button per state in the state's colour (the one clicked in the email already chosen), the
 *   input fields the chosen state asks for (required ones marked; the server checks them and its messages show under
 *   each field), and 'Confirm: <state>', which records the decision;
 * - once recorded: 'Your decision was recorded: <state>'; a request someone already decided: 'Already decided: <state>
 *   by <who>'; an expired or invalid link says so ('Try again' for a request still being sent).
 * The decision is never taken when the page opens — only by the approver's click — so a mail scanner that follows the
 * link decides nothing. Works at 390 px (buttons wrap, one column) and 1280 px.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Center, Checkbox, Group, Loader, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ApprovalPageField, ApprovalView } from '@formloom/contracts/api/workflows-engine/approvals';
import * as copy from '@formloom/contracts/copy';
import { APPROVAL_STATE_TEXT_COLOR } from '@formloom/contracts/workflows/nodes/approval';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { IconAlert, IconCheck } from '../../../ui/icons';
import { Logo } from '../../../ui/logo';
import { useApprovalRequest, useDecideApproval } from '../api/approval-request';
import classes from './approval-page.module.css';

/** The frame of the page: the product mark above a card holding `children` (the page's main landmark). */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" className={classes.root}>
      <Stack w="100%" maw={640} mx="auto" px={{ base: 'sm', sm: 'md' }} py="xl" gap="lg">
        <Center>
          <Logo size={30} />
        </Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}

/** A date as the approver reads it ('12 March 2025'). */
function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** One input field, rendered by its type (the custom column types); `value` as the API takes it. */
function FieldInput({ field, value, error, onChange }: { field: ApprovalPageField; value: unknown; error?: string; onChange(value: unknown): void }) {
  const common = { label: field.label, withAsterisk: field.required, error, 'aria-required': field.required || undefined };
  switch (field.type) {
    case 'LongAnswer':
      return <Textarea {...common} autosize minRows={3} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'NumberInput':
      return <TextInput {...common} inputMode="decimal" value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'Checkbox':
      return <Checkbox label={field.label} error={error} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />;
    case 'Dropdown':
      return (
        <Select
          {...common}
          data={(field.options ?? []).map((option) => ({ value: option.id, label: option.label }))}
          value={typeof value === 'string' ? value : null}
          clearable={!field.required}
          onChange={(picked) => onChange(picked)}
          comboboxProps={{ withinPortal: false }}
        />
      );
    case 'MultiSelect':
      return (
        <Checkbox.Group label={field.label} withAsterisk={field.required} error={error} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {(field.options ?? []).map((option) => (
              <Checkbox key={option.id} value={option.id} label={option.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    default:
      return <TextInput {...common} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}

/** The page of a pending request: the submission, the choice, the fields, Confirm. */
function PendingRequest({ token, view, preselected }: { token: string; view: Extract<ApprovalView, { status: 'pending' }>; preselected: string | null }) {
  const [stateId, setStateId] = useState<string | null>(view.states.some((state) => state.id === preselected) ? preselected : null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const decide = useDecideApproval(token);
  const chosen = view.states.find((state) => state.id === stateId);
  const fields = chosen ? view.fields.filter((field) => field.stateIds === null || field.stateIds.includes(chosen.id)) : [];
  const fieldErrors = new Map(
    decide.error instanceof ApiError ? decide.error.fieldErrors.map((entry) => [entry.path.replace(/^(body\.)?fields\./, ''), entry.message] as const) : [],
  );

  if (decide.isSuccess) {
    return (
      <Stack gap="md" data-testid="approval-recorded">
        <Title order={1} fz={24}>
          {copy.approval.pageTitle}
        </Title>
        <Alert color="teal" variant="light" icon={<IconCheck />} role="status">
          {copy.approval.recorded(decide.data.decision.stateName)}
        </Alert>
        <Text c="dimmed" fz="sm">
          {copy.approval.recordedHint}
        </Text>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const given: Record<string, unknown> = {};
    for (const field of fields) given[field.customFieldId] = values[field.customFieldId] ?? null;
    decide.mutate({ stateId: chosen.id, fields: given });
  };
  // A refusal that is not about the fields (already decided, expired…) replaces the form's hint.
  const refusal = decide.isError && fieldErrors.size === 0 ? errorMessage(decide.error) : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {copy.approval.pageTitle}
        </Title>
        <Text>{copy.approval.pageIntro(view.formName)}</Text>
        <Text fz="sm" c="dimmed">
          {copy.approval.requestedOf(view.approver)} · {copy.approval.expiresOn(formatDate(view.expiresAt))}
        </Text>
      </Stack>

      <section aria-labelledby="approval-submission">
        <Title order={2} fz={18} id="approval-submission" mb="xs">
          {copy.approval.submissionHeading}
        </Title>
        <dl className={classes.answers} data-testid="approval-submission">
          {view.questions.map((question, index) => (
            <div key={index} className={classes.answer}>
              <dt className={classes.question}>{question.label}</dt>
              <dd className={classes.value}>{question.answer === '' ? <Text span c="dimmed">{copy.approval.noAnswer}</Text> : question.answer}</dd>
            </div>
          ))}
        </dl>
      </section>

      <form onSubmit={submit} aria-labelledby="approval-decision" noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz={18} id="approval-decision">
              {copy.approval.decisionHeading}
            </Title>
            <Text fz="sm" c="dimmed">
              {copy.approval.decisionHint}
            </Text>
          </div>
          <Group gap="sm" role="group" aria-labelledby="approval-decision" data-testid="approval-states">
            {view.states.map((state) => (
              <Button
                key={state.id}
                type="button"
                size="md"
                color={state.color}
                c={APPROVAL_STATE_TEXT_COLOR}
                className={classes.stateButton}
                data-selected={state.id === stateId || undefined}
                aria-pressed={state.id === stateId}
                leftSection={state.id === stateId ? <IconCheck size={16} /> : undefined}
                onClick={() => {
                  setStateId(state.id);
                  decide.reset();
                }}
              >
                {state.name}
              </Button>
            ))}
          </Group>
          {fields.map((field) => (
            <FieldInput
              key={field.customFieldId}
              field={field}
              value={values[field.customFieldId]}
              error={fieldErrors.get(field.customFieldId)}
              onChange={(value) => setValues((current) => ({ ...current, [field.customFieldId]: value }))}
            />
          ))}
          {refusal && (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Text fz="sm" c="dimmed" aria-live="polite">
              {chosen ? copy.approval.chosen(chosen.name) : copy.approval.chooseFirst}
            </Text>
            <Button type="submit" disabled={!chosen} loading={decide.isPending} data-testid="approval-confirm">
              {chosen ? copy.approval.confirm(chosen.name) : copy.approval.chooseFirst}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Props of {@link ApprovalPage}: the link's token (`null`: the page was opened without one) and its preselected state. */
export interface ApprovalPageProps {
  token: string | null;
  stateId: string | null;
}

/** See the module doc. */
export function ApprovalPage({ token, stateId }: ApprovalPageProps) {
  return <Frame>{token ? <Request token={token} stateId={stateId} /> : <Refused message={copy.approval.missingLink} />}</Frame>;
}

function Refused({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <Stack gap="md" data-testid="approval-refused">
      <Title order={1} fz={24}>
        {copy.approval.pageTitle}
      </Title>
      <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
        {message}
      </Alert>
      {retry && (
        <Group>
          <Button variant="default" onClick={retry}>
            {copy.approval.tryAgain}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Request({ token, stateId }: { token: string; stateId: string | null }) {
  const request = useApprovalRequest(token);
  if (request.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={copy.approval.loading} />
      </Center>
    );
  }
  if (request.isError) {
    const notReady = request.error instanceof ApiError && (request.error.details as { reason?: unknown } | undefined)?.reason === 'not_ready';
    const transient = !(request.error instanceof ApiError) || request.error.status >= 500 || request.error.status === 429;
    return <Refused message={errorMessage(request.error)} retry={notReady || transient ? () => void request.refetch() : undefined} />;
  }
  const view = request.data;
  if (view.status === 'decided') {
    return (
      <Stack gap="md" data-testid="approval-decided">
        <Title order={1} fz={24}>
          {copy.approval.pageTitle}
        </Title>
        <Alert color="blue" variant="light" icon={<IconCheck />} role="status">
          {copy.approval.alreadyDecided(view.decision.stateName, view.decision.decidedBy)}
        </Alert>
      </Stack>
    );
  }
  return <PendingRequest token={token} view={view} preselected={stateId} />;
}
