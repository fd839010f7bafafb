/**
 * The `webhook` node (spec 001 §3 template, §4 setup status and panel state, §5 validation, §9 methods): sends the
 * run's submission — or a request the user composed — to a URL. The engine's executor is
 * `services/workflows-engine/src/nodes/webhook.ts`, the web's card and panel `web/src/features/workflows/nodes/webhook.tsx`.
 *
 * **Template** (spec 001 §3 "webhook: config with webhookType (simple with simpleURL.url, or full with url)", with
 * the spec's REST config for the full mode — url, actionType get|post, body, urlParameters, headers, cookies):
 * `{config: {webhookType?, simpleURL?: {url}, url?, actionType?, body?, urlParameters?, headers?, cookies?}}`.
 * - simple: POST the submission as JSON to `simpleURL.url` (the body of the form's outgoing webhooks:
 *   `{formId, formName, submission}`);
 * - full (the panel's "advanced" view): `actionType` GET or POST (default POST) to `url` with the query parameters,
 *   headers and cookies of the rows, and — for POST — `body`. Row values and the body may carry `{{variables}}`
 *   (`logic.ts` `interpolate`); the URL itself may not (it is checked when saved and published).
 * Which mode applies is {@link isAdvancedWebhook} (spec 001 §4 "Rest").
 *
 * **URL rules** (spec 001 §5 "Webhook URL"): an empty URL is no URL (the panel clears it); a URL that does not parse,
 * is not `http(s)://` or carries a user name or password is 'Please provide a valid URL'; `localhost`, `*.localhost`,
 * a cloud metadata name, or a literal loopback, private, link-local, carrier-grade NAT, multicast, reserved or
 * documentation address is 'Please provide a publicly hosted URL (not localhost)' ({@link webhookUrlProblem}). This
 * is what the editor can tell without DNS. The server decides for good with the kit's outbound guard when the
 * workflow is saved and published (names resolved; hosts the operator lists in `WEBHOOK_ALLOWED_HOSTS` let through),
 * and again at send time after DNS resolution.
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import {
  WEBHOOK_NODE_BODY_MAX_LENGTH,
  WEBHOOK_NODE_KEY_MAX_LENGTH,
  WEBHOOK_NODE_MAX_ROWS,
  WEBHOOK_NODE_VALUE_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
} from '../../limits';
import { defineNode, field, isRecord } from '../define';

/** spec 001 §3: the node's modes — `simple` (a URL) or `full` (the panel's advanced view). */
export const WebhookType = z.enum(['simple', 'full']);
/** A webhook mode. */
export type WebhookType = z.infer<typeof WebhookType>;

/** spec 001 §3 REST `actionType`, §9 "Webhook methods: GET, POST". */
export const WebhookMethod = z.enum(['get', 'post']);
/** A webhook method. */
export type WebhookMethod = z.infer<typeof WebhookMethod>;

/** spec 001 §3 "Key-value picker rows: {key, value}": a query parameter, header or cookie. */
export const WebhookRow = z.object({
  key: z.string().max(WEBHOOK_NODE_KEY_MAX_LENGTH),
  value: z.string().max(WEBHOOK_NODE_VALUE_MAX_LENGTH),
});
/** A key-value row. */
export type WebhookRow = z.infer<typeof WebhookRow>;

const rows = z.array(WebhookRow).max(WEBHOOK_NODE_MAX_ROWS);

/** spec 001 §3: the webhook node's `config` (see the module doc). */
export const WebhookNodeConfig = z.object({
  webhookType: WebhookType.optional(),
  simpleURL: z.object({ url: z.string().max(WEBHOOK_URL_MAX_LENGTH) }).optional(),
  url: z.string().max(WEBHOOK_URL_MAX_LENGTH).optional(),
  actionType: WebhookMethod.optional(),
  body: z.string().max(WEBHOOK_NODE_BODY_MAX_LENGTH).optional(),
  urlParameters: rows.optional(),
  headers: rows.optional(),
  cookies: rows.optional(),
});
/** The webhook node's config. */
export type WebhookNodeConfig = z.infer<typeof WebhookNodeConfig>;

/** spec 001 §3: the webhook node template. */
export const WebhookNodeTemplate = z.object({ config: WebhookNodeConfig });
/** A webhook node template. */
export type WebhookNodeTemplate = z.infer<typeof WebhookNodeTemplate>;

/** The key-value lists of the full mode, in the panel's order. */
export const WEBHOOK_ROW_LISTS = ['urlParameters', 'headers', 'cookies'] as const;
/** One of {@link WEBHOOK_ROW_LISTS}. */
export type WebhookRowList = (typeof WEBHOOK_ROW_LISTS)[number];

/**
 * Headers a user may not set (lower case): the ones Formloom sets itself on every request (`idempotency-key`,
 * RFC draft "The Idempotency-Key HTTP Header Field"), and those that describe the connection or the message's
 * framing (RFC 9110 §7.2 Host, §8.6 Content-Length; RFC 9112 §6.1 Transfer-Encoding; §7.6.1 Connection and the
 * hop-by-hop headers).
 */
export const RESERVED_WEBHOOK_HEADERS: readonly string[] = [
  'idempotency-key',
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
];

/** An HTTP token (RFC 9110 §5.6.2): what a header or cookie name may be. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Host names of cloud metadata services (the kit's guard refuses them too: `METADATA_HOST_NAMES`). */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata']);

/** The text of a value, `''` for anything that is not a string. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The four bytes of a dotted IPv4 address, or `null`. */
function ipv4Bytes(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/**
 * True for an IPv4 address that is not public unicast (RFC 6890 special-purpose blocks): 0/8, 10/8, 100.64/10,
 * 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24,
 * 203.0.113/24, 224/4 and 240/4 (broadcast included).
 */
function isBlockedIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return true;
  if (a === 100 && b >= 64 && b <= 127) return true;
  if (a === 169 && b === 254) return true;
  if (a === 172 && b >= 16 && b <= 31) return true;
  if (a === 192 && b === 168) return true;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return true;
  if (a === 192 && b === 88 && c === 99) return true;
  if (a === 198 && (b === 18 || b === 19)) return true;
  if (a === 198 && b === 51 && c === 100) return true;
  if (a === 203 && b === 0 && c === 113) return true;
  return false;
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed, hex), or `null`. */
function ipv6Groups(host: string): number[] | null {
  if (!host.includes(':')) return null;
  const [head = '', tail, extra] = host.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN)));
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  const missing = 8 - first.length - last.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...first, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...last];
  return groups.every((group) => Number.isInteger(group)) ? groups : null;
}

/**
 * True for an IPv6 address that is not public unicast: unspecified, loopback, IPv4-mapped and NAT64 (judged by the
 * IPv4 address they embed), unique local `fc00::/7`, link-local `fe80::/10`, multicast `ff00::/8`, documentation
 * `2001:db8::/32`.
 */
function isBlockedIpv6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embedded = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true;
  if (zeroPrefix && g5 === 0xffff) return isBlockedIpv4(embedded);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isBlockedIpv4(embedded);
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xff00) === 0xff00) return true;
  return g0 === 0x2001 && g1 === 0x0db8;
}

/**
 * The spec 001 §5 verdict on a webhook URL as typed (see the module doc): `null` when it may be used (or is empty —
 * no URL), 'Please provide a valid URL', or 'Please provide a publicly hosted URL (not localhost)'. Pure (no DNS);
 * never throws.
 */
export function webhookUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return copy.webhookNode.invalidUrl;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') return copy.webhookNode.invalidUrl;
  if (parsed.username !== '' || parsed.password !== '') return copy.webhookNode.invalidUrl;
  const host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || METADATA_NAMES.has(host)) return copy.webhookNode.publicUrlRequired;
  const v4 = ipv4Bytes(host);
  if (v4 && isBlockedIpv4(v4)) return copy.webhookNode.publicUrlRequired;
  const v6 = ipv6Groups(host);
  if (v6 && isBlockedIpv6(v6)) return copy.webhookNode.publicUrlRequired;
  return null;
}

/**
 * spec 001 §4 "Rest: advanced view is on when the type is advanced, or when the type is unset, there is no simple
 * URL and a URL exists" — for this node "advanced" is `full`. True when the node sends its full request.
 */
export function isAdvancedWebhook(config: unknown): boolean {
  const type = field(config, 'webhookType');
  if (type === 'full') return true;
  if (type !== undefined && type !== null) return false;
  return text(field(field(config, 'simpleURL'), 'url')).trim() === '' && text(field(config, 'url')).trim() !== '';
}

/**
 * The config after the panel's simple/advanced switch (spec 001 §4): to advanced, `webhookType: 'full'` and — when
 * `url` is empty — `url` seeded from the simple URL; to simple, `webhookType: 'simple'` and (ours, the same
 * courtesy the other way) the simple URL seeded from `url` when empty. Nothing else changes; a new object.
 */
export function switchWebhookMode(config: unknown, advanced: boolean): WebhookNodeConfig {
  const current = (isRecord(config) ? config : {}) as WebhookNodeConfig;
  const simpleUrl = text(current.simpleURL?.url);
  const url = text(current.url);
  if (advanced) return { ...current, webhookType: 'full', url: url.trim() === '' ? simpleUrl : url };
  return { ...current, webhookType: 'simple', simpleURL: { url: simpleUrl.trim() === '' ? url : simpleUrl } };
}

/** Where a webhook node sends: its mode, its URL as stored (trimmed; '' when none), and the URL's template path. */
export interface WebhookTarget {
  advanced: boolean;
  url: string;
  /** `config.url` (advanced) or `config.simpleURL.url` (simple). */
  path: string;
  /** The method: POST in simple mode; the `actionType` (default POST) in advanced. */
  method: 'GET' | 'POST';
}

/** The target of a webhook node's template (see {@link WebhookTarget}). Never throws. */
export function webhookTarget(template: unknown): WebhookTarget {
  const config = field(template, 'config');
  const advanced = isAdvancedWebhook(config);
  if (!advanced) return { advanced, url: text(field(field(config, 'simpleURL'), 'url')).trim(), path: 'config.simpleURL.url', method: 'POST' };
  return { advanced, url: text(field(config, 'url')).trim(), path: 'config.url', method: field(config, 'actionType') === 'get' ? 'GET' : 'POST' };
}

/**
 * The errors of one key-value list at `config.<list>` (spec 001 §5 "keys may not repeat"): rows whose key and value
 * are both blank are ignored (the panel's new row); a row with a value but no key needs one; a key used by an earlier
 * row is refused (header names compared without case, RFC 9110 §5.1); header and cookie names must be HTTP tokens,
 * and headers Formloom sets itself ({@link RESERVED_WEBHOOK_HEADERS}) are refused. Paths `config.<list>.<i>.key`.
 */
export function webhookRowErrors(list: WebhookRowList, value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  value.forEach((row, index) => {
    const key = text(field(row, 'key')).trim();
    const path = `config.${list}.${index}.key`;
    if (key === '') {
      if (text(field(row, 'value')).trim() !== '') errors.push({ path, message: copy.webhookNode.keyRequired });
      return;
    }
    const compared = list === 'headers' ? key.toLowerCase() : key;
    if (seen.has(compared)) {
      errors.push({ path, message: copy.webhookNode.keyRepeated(key) });
      return;
    }
    seen.add(compared);
    if (list !== 'urlParameters' && !TOKEN.test(key)) errors.push({ path, message: copy.webhookNode.invalidHeaderName(key) });
    else if (list === 'headers' && RESERVED_WEBHOOK_HEADERS.includes(compared)) errors.push({ path, message: copy.webhookNode.reservedHeader(key) });
  });
  return errors;
}

/**
 * The spec 001 §4/§5 webhook rules, in this order, paths relative to the template:
 * - the URL of the mode in use ({@link webhookTarget}): required ('Add the URL to send to'), then
 *   {@link webhookUrlProblem};
 * - in advanced mode, each key-value list's {@link webhookRowErrors}.
 * `[]` when complete. Never throws.
 */
export function webhookNodeErrors(template: unknown): FieldError[] {
  const target = webhookTarget(template);
  const errors: FieldError[] = [];
  if (target.url === '') errors.push({ path: target.path, message: copy.webhookNode.urlRequired });
  else {
    const problem = webhookUrlProblem(target.url);
    if (problem) errors.push({ path: target.path, message: problem });
  }
  if (target.advanced) {
    const config = field(template, 'config');
    for (const list of WEBHOOK_ROW_LISTS) errors.push(...webhookRowErrors(list, field(config, list)));
  }
  return errors;
}

/** 'example.com/hook' for `https://example.com/hook` (host and path, no trailing '/'); the text itself when it does not parse. */
function shortTarget(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.host}${path}`;
  } catch {
    return url;
  }
}

/**
 * The webhook node (spec 001 §3–§5, §9): incomplete without a usable URL ({@link webhookNodeErrors}); complete, it
 * reads 'POST example.com/hook'. The default template is the simple mode with no URL yet. Its step's output —
 * what later nodes read as `nodes.<id>.statusCode`, `.body` and `.headers` — is the receiver's answer.
 */
export const webhookNode = defineNode({
  type: 'webhook',
  schema: WebhookNodeTemplate,
  defaultTemplate: (): WebhookNodeTemplate => ({ config: { webhookType: 'simple', simpleURL: { url: '' } } }),
  rules: webhookNodeErrors,
  describe: (template) => {
    const target = webhookTarget(template);
    return copy.webhookNode.describe(target.method, shortTarget(target.url));
  },
  outputs: () => [
    { field: 'statusCode', label: copy.webhookNode.outputs.statusCode },
    { field: 'body', label: copy.webhookNode.outputs.body },
    { field: 'headers', label: copy.webhookNode.outputs.headers },
  ],
});
