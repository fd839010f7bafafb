/**
 * The webhook signature scheme as an integrator uses it (`rules/webhook-signature.ts`): a header made by
 * `signWebhookPayload` verifies with the same secret and raw body within the replay window, and nothing else does.
 */
import { createHmac } from 'node:crypto';
import {
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
} from '../src/rules/webhook-signature';

const secret = 'whsec_test-secret-0123456789';
const body = '{"formId":"abc","submission":{"submissionId":"s1","questions":[{"id":"w1","value":"Zoë"}]}}';
const t = 1_700_000_000;

describe('verifyWebhookSignature', () => {
  it('accepts the header signWebhookPayload made, for the same secret and raw body (text or bytes)', () => {
    const header = signWebhookPayload(secret, body, t);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body, t)).toBe(true);
    expect(verifyWebhookSignature(secret, header, Buffer.from(body, 'utf8'), t + 10)).toBe(true);
  });

  it('is HMAC-SHA256(secret, "<t>.<raw body>") in hex, so any language can recompute it', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhookPayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('refuses another secret, a changed or re-serialized body', () => {
    const header = signWebhookPayload(secret, body, t);
    expect(verifyWebhookSignature('whsec_other', header, body, t)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body.replace('Zoë', 'Zoe'), t)).toBe(false);
    expect(verifyWebhookSignature(secret, header, JSON.stringify(JSON.parse(body), null, 2), t)).toBe(false);
  });

  it(`refuses timestamps outside the replay window (${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS} s by default, either way)`, () => {
    const header = signWebhookPayload(secret, body, t);
    expect(verifyWebhookSignature(secret, header, body, t + 300)).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, t + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, t - 301)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, t + 1000, 3600)).toBe(true);
  });

  it('accepts any of several v1 signatures and ignores unknown schemes', () => {
    const [, good] = signWebhookPayload(secret, body, t).split(',v1=');
    const header = `t=${t},v0=deadbeef,v1=${'0'.repeat(64)},v1=${good}`;
    expect(verifyWebhookSignature(secret, header, body, t)).toBe(true);
    expect(verifyWebhookSignature(secret, [header], body, t)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['without t', `v1=${'a'.repeat(64)}`],
    ['without v1', `t=${t}`],
    ['with a non-numeric t', `t=abc,v1=${'a'.repeat(64)}`],
    ['with a short v1', `t=${t},v1=abcd`],
    ['garbage', 'Bearer something'],
  ])('refuses a %s header without throwing', (_what, header) => {
    expect(verifyWebhookSignature(secret, header, body, t)).toBe(false);
  });

  it('refuses a timestamp that is not a non-negative integer when signing', () => {
    expect(() => signWebhookPayload(secret, body, 1.5)).toThrow(RangeError);
    expect(() => signWebhookPayload(secret, body, -1)).toThrow(RangeError);
  });
});
