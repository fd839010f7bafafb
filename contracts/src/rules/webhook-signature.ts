/**
 * The signature of Formloom's outgoing webhooks (what integrators verify; the workflows-engine signs with
 * {@link signWebhookPayload}, receivers and our tests check with {@link verifyWebhookSignature}).
 *
 * **Scheme** (the one Stripe uses for its webhooks; HMAC is RFC 2104, SHA-256 is FIPS 180-4):
 * - every delivery is a `POST` whose body is JSON; the header {@link WEBHOOK_SIGNATURE_HEADER}
 *   (`Formloom-Signature`) reads `t=<unix seconds>,v1=<hex>`;
 * - `t` is when the request was signed (seconds since the Unix epoch, a decimal integer); a retry is signed
 *   again with its own time;
 * - `v1` is the lower-case hex of `HMAC-SHA256(key = the webhook's secret, message = "<t>.<raw body>")`: the
 *   secret exactly as `POST /v1/api/webhook/create` returned it (`whsec_…`), as UTF-8 bytes; `<t>` the same
 *   digits as in the header; `<raw body>` the request body's bytes exactly as received (before any JSON parsing
 *   or re-serialization);
 * - a receiver recomputes the HMAC, compares it in constant time with every `v1` of the header (several may be
 *   sent, e.g. while a secret is rotated; any match counts), and refuses the request when `t` is further than a
 *   replay window (default {@link WEBHOOK_SIGNATURE_TOLERANCE_SECONDS}, 5 minutes) from its own clock, so a
 *   captured request cannot be replayed later. Unknown keys (`v0`, `v2`…) are ignored.
 *
 * Other headers of a delivery: `Content-Type: application/json`, `User-Agent: Formloom-Webhooks/1`,
 * `Formloom-Webhook-Id: <subscription id>`, `Formloom-Delivery-Id: <delivery id>` (the same for every attempt of a
 * delivery, so a receiver can drop a repeat: delivery is at least once).
 *
 * Uses `node:crypto`: this module is for servers (the engine, integrators' Node code, tests); the web app does not
 * import it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The request header carrying the signature (HTTP header names are case-insensitive). */
export const WEBHOOK_SIGNATURE_HEADER = 'Formloom-Signature';
/** The default replay window of {@link verifyWebhookSignature}, in seconds (5 minutes). */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
/** The signature scheme's version key in the header. */
const SCHEME = 'v1';

/** A raw request body: text (UTF-8) or bytes, exactly as sent or received. */
export type RawBody = string | Uint8Array;

/**
 * The lower-case hex HMAC-SHA256 (RFC 2104) of `"<timestampSeconds>.<rawBody>"` keyed with `secret` (UTF-8).
 * @param timestampSeconds Unix time in whole seconds.
 */
export function webhookSignatureDigest(secret: string, timestampSeconds: number, rawBody: RawBody): string {
  const hmac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  hmac.update(`${timestampSeconds}.`, 'utf8');
  hmac.update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody);
  return hmac.digest('hex');
}

/**
 * The `Formloom-Signature` header value for a body sent at `timestampSeconds`: `t=<timestampSeconds>,v1=<hex>`
 * (see the module doc).
 * @param timestampSeconds Unix time in whole seconds (`Math.floor(Date.now() / 1000)`).
 * @throws RangeError when `timestampSeconds` is not a non-negative integer.
 */
export function signWebhookPayload(secret: string, rawBody: RawBody, timestampSeconds: number): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError('timestampSeconds must be a non-negative integer (Unix seconds)');
  }
  return `t=${timestampSeconds},${SCHEME}=${webhookSignatureDigest(secret, timestampSeconds, rawBody)}`;
}

/** `t` and the `v1` signatures of a header, or `null` when it has no usable `t` or no `v1`. */
function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (!/^\d{1,15}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === SCHEME && /^[0-9a-f]{64}$/i.test(value)) {
      signatures.push(value.toLowerCase());
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Checks a delivery's `Formloom-Signature` header (see the module doc for the scheme): true when the header's `t`
 * is within `toleranceSeconds` of `nowSeconds` (either way) and one of its `v1` values is the HMAC-SHA256 of
 * `"<t>.<rawBody>"` with `secret`, compared in constant time. False for anything else (a missing, malformed,
 * stale or future header, a wrong secret, a body changed in transit or re-serialized); never throws for bad
 * input.
 * @param secret the webhook's secret, as returned when it was created (`whsec_…`).
 * @param header the header's value (`undefined` or an array, as Node gives headers, count as missing; the first
 *   of an array is used).
 * @param rawBody the body's bytes exactly as received.
 * @param nowSeconds the receiver's clock, Unix seconds.
 * @param toleranceSeconds the replay window, seconds (default 300).
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | readonly string[] | undefined | null,
  rawBody: RawBody,
  nowSeconds: number,
  toleranceSeconds: number = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const text = typeof header === 'string' ? header : Array.isArray(header) ? header[0] : undefined;
  if (typeof text !== 'string' || text.length > 4096) return false;
  const parsed = parseHeader(text);
  if (!parsed || !Number.isFinite(nowSeconds) || !(toleranceSeconds >= 0)) return false;
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignatureDigest(secret, parsed.timestamp, rawBody), 'hex');
  let matched = false;
  for (const signature of parsed.signatures) {
    // Every candidate is compared (no early exit), each in constant time.
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true;
  }
  return matched;
}
