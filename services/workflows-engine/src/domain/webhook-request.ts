/**
 * The webhook node's request and what its step keeps of the answer (`@formloom/contracts/workflows/nodes/webhook`,
 * docs/architecture.md "The webhook node"). Pure: the executor (`nodes/webhook.ts`) and the panel's test
 * (`routes/node-tests.ts`) send what {@link buildWebhookRequest} builds, through the kit's outbound guard.
 *
 * **Simple mode** POSTs the submission as JSON — the same body as the form's outgoing webhooks (`webhooks.ts`
 * `webhookBody`: `{formId, formName, submission: {submissionId, submissionTime, questions, urlParameters,
 * calculations?, quiz?}}`), so one receiver understands both, and a receiver written for Fillout's webhooks works.
 *
 * **Advanced mode** sends `actionType` (GET or POST) to `url` with:
 * - each query parameter row appended to the URL's query (its value interpolated);
 * - each header row as a header (value interpolated; line breaks become spaces: a value cannot start a header);
 * - the cookie rows as one `Cookie` header (`name=value; …`, values interpolated and percent-encoded, after any
 *   `Cookie` header row);
 * - for POST, the body: when its text, with every `{{path}}` in place, is JSON, each string in it is interpolated
 *   and a string that is exactly one `{{path}}` becomes that value itself (a number stays a number, a list a list):
 *   the JSON stays valid whatever the answers hold; its `Content-Type` is `application/json`. Any other text is
 *   interpolated as text and sent as `text/plain; charset=utf-8`. A `Content-Type` header row wins.
 * Rows whose key is blank are skipped.
 *
 * Every request carries `Idempotency-Key: <the step's key>` (`StepInput.idempotencyKey`: `<runId>:<nodeId>`, the
 * same for every attempt of the step and for a step run again after a crash) and `User-Agent: Formloom-Webhooks/1`
 * unless a header row sets one.
 */
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { interpolate, readPath, type LogicContext } from '@formloom/contracts/logic';
import { WEBHOOK_NODE_RESPONSE_KEEP_CHARS } from '@formloom/contracts/limits';
import { webhookTarget, type WebhookNodeTemplate, type WebhookRow } from '@formloom/contracts/workflows/nodes/webhook';
import type { OutboundResponse } from '@formloom/kit/outbound-http';
import { webhookBody } from './webhooks';

/** The `User-Agent` of webhook node requests (a header row may replace it). */
export const WEBHOOK_NODE_USER_AGENT = 'Formloom-Webhooks/1';

/** A request to send (see the module doc). Header names are lower case. */
export interface WebhookRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What a request is built from. */
export interface WebhookRequestInput {
  /** The run's submission (the simple mode's body). */
  data: FormSubmittedData;
  /** What `{{paths}}` resolve against. */
  logic: LogicContext;
  /** The step's idempotency key (the `Idempotency-Key` header). */
  idempotencyKey: string;
}

/** One exact `{{path}}` and nothing else. */
const WHOLE_VARIABLE = /^\{\{\s*([\w.-]+)\s*\}\}$/;

/** A header value: interpolated, with line breaks (which would end the header) as spaces. */
function headerValue(value: string, logic: LogicContext): string {
  return interpolate(value, logic).replace(/[\r\n]+/g, ' ').trim();
}

/** The rows with a key. */
function keyed(rows: readonly WebhookRow[] | undefined): WebhookRow[] {
  return (rows ?? []).filter((row) => row.key.trim() !== '');
}

/** A JSON value whose strings are interpolated; a string that is exactly `{{path}}` becomes the value itself. */
function interpolateJson(value: unknown, logic: LogicContext): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_VARIABLE.exec(value);
    if (whole) {
      const resolved = readPath(logic, whole[1]!);
      return resolved === undefined ? null : resolved;
    }
    return interpolate(value, logic);
  }
  if (Array.isArray(value)) return value.map((item) => interpolateJson(item, logic));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, interpolate(key, logic), { value: interpolateJson(item, logic), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/**
 * The advanced mode's body (see the module doc): `{text, json}` — `json` when the template is JSON (with its
 * variables in place), else interpolated text.
 */
export function renderWebhookBody(template: string, logic: LogicContext): { text: string; json: boolean } {
  try {
    const parsed = JSON.parse(template) as unknown;
    return { text: JSON.stringify(interpolateJson(parsed, logic)), json: true };
  } catch {
    return { text: interpolate(template, logic), json: false };
  }
}

/**
 * Builds the request of a webhook node (see the module doc).
 * @throws TypeError when the stored URL does not parse (the template rules refuse that before a publish).
 */
export function buildWebhookRequest(template: WebhookNodeTemplate, input: WebhookRequestInput): WebhookRequest {
  const target = webhookTarget(template);
  const base = { 'user-agent': WEBHOOK_NODE_USER_AGENT };
  if (!target.advanced) {
    return {
      method: 'POST',
      url: new URL(target.url).href,
      headers: { ...base, 'content-type': 'application/json', 'idempotency-key': input.idempotencyKey },
      body: webhookBody(input.data),
    };
  }
  const { config } = template;
  const url = new URL(target.url);
  for (const row of keyed(config.urlParameters)) url.searchParams.append(row.key.trim(), interpolate(row.value, input.logic));
  const headers: Record<string, string> = { ...base };
  for (const row of keyed(config.headers)) headers[row.key.trim().toLowerCase()] = headerValue(row.value, input.logic);
  const cookies = keyed(config.cookies).map((row) => `${row.key.trim()}=${encodeURIComponent(interpolate(row.value, input.logic))}`);
  if (cookies.length > 0) headers.cookie = [headers.cookie, ...cookies].filter((part) => part).join('; ');
  let body: string | undefined;
  if (target.method === 'POST' && (config.body ?? '') !== '') {
    const rendered = renderWebhookBody(config.body ?? '', input.logic);
    body = rendered.text;
    headers['content-type'] ??= rendered.json ? 'application/json' : 'text/plain; charset=utf-8';
  }
  headers['idempotency-key'] = input.idempotencyKey;
  return { method: target.method, url: url.href, headers, ...(body === undefined ? {} : { body }) };
}

/** The response headers a step keeps (lower case): what a later step or a person may need. */
export const KEPT_RESPONSE_HEADERS: readonly string[] = [
  'content-type',
  'content-length',
  'date',
  'etag',
  'last-modified',
  'location',
  'retry-after',
  'x-request-id',
];

/**
 * What a webhook step keeps of an answer — its output, which later nodes read as `nodes.<id>.statusCode`, `.body`,
 * `.headers`: the status; the body parsed when the `Content-Type` says JSON and it parses (and is at most
 * WEBHOOK_NODE_RESPONSE_KEEP_CHARS long), else its text cut to that many characters (`bodyTruncated: true` when
 * cut; '' for no body); the {@link KEPT_RESPONSE_HEADERS} it has (a repeated header's values joined with ', ').
 */
export function webhookOutput(response: Pick<OutboundResponse, 'status' | 'headers' | 'body'>): {
  statusCode: number;
  body: unknown;
  headers: Record<string, string>;
  bodyTruncated?: true;
} {
  const headers: Record<string, string> = {};
  for (const name of KEPT_RESPONSE_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const text = response.body.toString('utf8');
  const truncated = text.length > WEBHOOK_NODE_RESPONSE_KEEP_CHARS;
  let body: unknown = truncated ? text.slice(0, WEBHOOK_NODE_RESPONSE_KEEP_CHARS) : text;
  if (!truncated && /\bjson\b/i.test(headers['content-type'] ?? '') && text.trim() !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  return { statusCode: response.status, body, headers, ...(truncated ? { bodyTruncated: true as const } : {}) };
}
