/**
 * The `webhook` node on the canvas and in its editor panel (spec 001 §2–§5, §8, §9; the rules are
 * `@formloom/contracts/workflows/nodes/webhook`'s):
 * - a Simple / Advanced switch (spec 001 §4 "Rest": the advanced view is on when the type is `full`, or when it is
 *   unset, there is no simple URL and a URL exists; switching to advanced seeds the URL from the simple URL);
 * - simple: the URL the submission is POSTed to (as JSON, the body of the form's outgoing webhooks);
 * - advanced: the method (GET, POST — spec 001 §9), the URL, the query parameters, headers and cookies as key-value
 *   rows (spec 001 §5: names may not repeat; 'No more fields available' at the limit), and for POST the body, all
 *   values with variables;
 * - the URL's problems with the spec's texts ('Please provide a publicly hosted URL (not localhost)', 'Please provide
 *   a valid URL'), shown once the field was left (or when the panel opens on a stored URL); emptying the field clears
 *   the URL;
 * - 'Test': the engine sends the request once with a sample submission and the panel shows the answer; a failure
 *   shows the spec 001 §8 warning (its title the error, then 'Your integration fetch may be misconfigured…' and 'Did
 *   you provide the right endpoint? …').
 *
 * Done (spec 001 §5 "webhook disabled until the query is active"): the spec's words come from its REST integration,
 * whose saved request is a "query"; for this node the query is active once it can be sent — a URL the rules accept
 * and rows without errors. Until then Done is disabled, its tooltip the first problem.
 */
import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import type { FieldError } from '@formloom/contracts/errors';
import { WEBHOOK_NODE_MAX_ROWS } from '@formloom/contracts/limits';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import {
  isAdvancedWebhook,
  switchWebhookMode,
  webhookNode,
  webhookNodeErrors,
  webhookTarget,
  type WebhookNodeConfig,
  type WebhookRowList,
} from '@formloom/contracts/workflows/nodes/webhook';
import { errorMessage } from '../../../lib/api-client';
import { IconWebhook } from '../../../ui/icons';
import { useTestWebhookNode } from '../api/node-tests';
import { KeyValueRows, type KeyValueRow } from '../inputs/key-value-rows';
import { TextWithVariables } from '../inputs/variable-menu';
import { blockedByFirstError, defineNodeUi, type NodePanelProps } from './types';
import classes from './webhook-code.module.css';

/** The lists of the advanced mode: their legends and add buttons. */
const ROW_LISTS: ReadonlyArray<{ list: WebhookRowList; label: string; add: string }> = [
  { list: 'urlParameters', label: 'Query parameters', add: 'Add parameter' },
  { list: 'headers', label: 'Headers', add: 'Add header' },
  { list: 'cookies', label: 'Cookies', add: 'Add cookie' },
];

/** The node's config as stored (an object; `{}` for anything else). */
function configOf(template: unknown): WebhookNodeConfig {
  const config = field(template, 'config');
  return (isRecord(config) ? config : {}) as WebhookNodeConfig;
}

/** The rows of one list as stored. */
function rowsOf(config: WebhookNodeConfig, list: WebhookRowList): KeyValueRow[] {
  const rows = config[list];
  return Array.isArray(rows) ? rows.map((row) => ({ key: String(row.key ?? ''), value: String(row.value ?? '') })) : [];
}

/** The errors of one list's rows, by row index (from paths `config.<list>.<i>.key`). */
function rowErrors(errors: readonly FieldError[], list: WebhookRowList): Map<number, string> {
  const byRow = new Map<number, string>();
  const prefix = `config.${list}.`;
  for (const error of errors) {
    if (!error.path.startsWith(prefix)) continue;
    const index = Number(error.path.slice(prefix.length).split('.')[0]);
    if (Number.isInteger(index) && !byRow.has(index)) byRow.set(index, error.message);
  }
  return byRow;
}

/** A response body as the panel shows it: JSON indented, text as it is. */
function bodyText(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/** The Test button and its answer (see the module doc). */
function WebhookTest({ node, context, readOnly, blocked }: Pick<NodePanelProps, 'node' | 'context' | 'readOnly'> & { blocked: string | null }) {
  const test = useTestWebhookNode();
  const answer = test.data;
  const warning = (title: string, body?: unknown) => (
    <Alert color="yellow" title={title} data-testid="webhook-test-answer">
      <Stack gap={6}>
        <Text fz="sm">{copy.webhookNode.testMisconfigured}</Text>
        <Text fz="sm">{copy.webhookNode.testEndpointHint}</Text>
        {bodyText(body) !== '' && (
          <Text component="pre" fz="xs" className={classes.answer}>
            {bodyText(body)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          size="compact-sm"
          loading={test.isPending}
          disabled={readOnly || blocked !== null}
          title={blocked ?? undefined}
          onClick={() => test.mutate({ flowPublicIdentifier: context.flowPublicIdentifier, template: node.template })}
        >
          Test
        </Button>
        <Text fz="xs" c="dimmed">
          Sends one request with a sample submission of this form.
        </Text>
      </Group>
      {test.isError && warning(errorMessage(test.error))}
      {answer && !answer.ok && warning(answer.error ?? copy.webhookNode.invalidUrl, answer.body)}
      {answer?.ok && (
        <Alert color="green" title={copy.webhookNode.testAnswered(answer.statusCode ?? 200)} data-testid="webhook-test-answer">
          {bodyText(answer.body) !== '' && (
            <Text component="pre" fz="xs" className={classes.answer}>
              {bodyText(answer.body)}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

function WebhookPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const config = configOf(node.template);
  const advanced = isAdvancedWebhook(config);
  const target = webhookTarget(node.template);
  const errors = webhookNodeErrors(node.template);
  // A stored URL shows its problem at once; a typed one once the field is left.
  const [urlLeft, setUrlLeft] = useState(target.url !== '');
  const urlError = target.url !== '' && urlLeft ? errors.find((error) => error.path === target.path)?.message : undefined;

  const setConfig = (next: WebhookNodeConfig) => onChange({ ...(isRecord(node.template) ? node.template : {}), config: next });
  const setUrl = (url: string) =>
    setConfig(advanced ? { ...config, url } : { ...config, simpleURL: { url } });
  const method = config.actionType === 'get' ? 'get' : 'post';

  const urlInput = (
    <TextInput
      label="URL"
      required
      placeholder="https://hooks.example.com/formloom"
      description={advanced ? undefined : 'The submission is sent here as JSON (POST).'}
      value={String((advanced ? config.url : config.simpleURL?.url) ?? '')}
      error={urlError}
      readOnly={readOnly}
      onChange={(event) => setUrl(event.currentTarget.value)}
      onBlur={(event) => {
        setUrlLeft(true);
        const trimmed = event.currentTarget.value.trim();
        if (trimmed !== event.currentTarget.value) setUrl(trimmed);
      }}
      inputMode="url"
      autoComplete="off"
      flex={1}
    />
  );

  return (
    <Stack gap="sm" data-testid="webhook-panel">
      <SegmentedControl
        aria-label="Webhook mode"
        value={advanced ? 'advanced' : 'simple'}
        readOnly={readOnly}
        data={[
          { value: 'simple', label: 'Simple' },
          { value: 'advanced', label: 'Advanced' },
        ]}
        onChange={(value) => setConfig(switchWebhookMode(config, value === 'advanced'))}
      />
      {advanced ? (
        <>
          <Group align="flex-start" gap="xs" wrap="wrap">
            <Select
              label="Method"
              w={110}
              allowDeselect={false}
              readOnly={readOnly}
              data={[
                { value: 'get', label: 'GET' },
                { value: 'post', label: 'POST' },
              ]}
              value={method}
              onChange={(value) => setConfig({ ...config, actionType: value === 'get' ? 'get' : 'post' })}
            />
            {urlInput}
          </Group>
          {ROW_LISTS.map(({ list, label, add }) => (
            <KeyValueRows
              key={list}
              label={label}
              addLabel={add}
              rows={rowsOf(config, list)}
              onChange={(rows) => setConfig({ ...config, [list]: rows })}
              errors={rowErrors(errors, list)}
              max={WEBHOOK_NODE_MAX_ROWS}
              context={context}
              nodeId={nodeId}
              readOnly={readOnly}
              data-testid={`webhook-${list}`}
            />
          ))}
          {method === 'post' && (
            <TextWithVariables
              label="Body"
              multiline
              description="JSON or text. {{variables}} are replaced; in JSON, a value that is only a variable keeps its type."
              value={String(config.body ?? '')}
              onChange={(body) => setConfig({ ...config, body })}
              context={context}
              nodeId={nodeId}
              readOnly={readOnly}
            />
          )}
        </>
      ) : (
        urlInput
      )}
      <WebhookTest node={node} context={context} readOnly={readOnly} blocked={errors[0]?.message ?? null} />
    </Stack>
  );
}

/** The webhook node's card and panel; Done waits for a request that can be sent (see the module doc). */
export const webhookNodeUi = defineNodeUi(webhookNode, {
  title: 'Webhook',
  icon: IconWebhook,
  color: 'orange',
  description: 'Send the submission to a URL',
  Panel: WebhookPanel,
  doneBlocked: blockedByFirstError(webhookNodeErrors),
});
