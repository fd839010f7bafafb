/**
 * Webhook signing secrets at rest (`src/domain/webhook-secrets.ts`): encrypted so that only the configured key opens
 * them, for their own row only; the key secret comes from WEBHOOK_SECRET_ENCRYPTION_KEY, a file under DATA_DIR, or
 * memory — and in Kubernetes with PostgreSQL without the variable there is none (webhooks are refused).
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  newWebhookSecret,
  resolveWebhookKeySecret,
  SecretBox,
  WEBHOOK_KEY_SECRET_FILE,
  WebhookSecretError,
} from '../src/domain/webhook-secrets';

const log = { info: jest.fn(), warn: jest.fn() };
const postgres = { kind: 'postgres' as const, url: 'postgres://db/formloom_workflows_engine', poolSize: 4 };

describe('SecretBox', () => {
  const box = new SecretBox('a-key-secret-of-16+-characters');
  const secret = newWebhookSecret();

  it('opens what it encrypted for the same row, and the stored text does not hold the secret', () => {
    const stored = box.encrypt(secret, 'row-1');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(secret.slice(6));
    expect(box.decrypt(stored, 'row-1')).toBe(secret);
    expect(box.encrypt(secret, 'row-1')).not.toBe(stored);
  });

  it('refuses another row, another key and an altered text', () => {
    const stored = box.encrypt(secret, 'row-1');
    expect(() => box.decrypt(stored, 'row-2')).toThrow(WebhookSecretError);
    expect(() => new SecretBox('another-key-secret-16+').decrypt(stored, 'row-1')).toThrow(WebhookSecretError);
    const parts = stored.split('.');
    const data = parts[3] ?? '';
    parts[3] = `${data.startsWith('A') ? 'B' : 'A'}${data.slice(1)}`;
    expect(() => box.decrypt(parts.join('.'), 'row-1')).toThrow(/WEBHOOK_SECRET_ENCRYPTION_KEY/);
  });
});

describe('resolveWebhookKeySecret', () => {
  it('uses WEBHOOK_SECRET_ENCRYPTION_KEY when set', () => {
    const input = { configured: 'configured-secret-123', dataDir: '/nonexistent', database: postgres, inKubernetes: true };
    expect(resolveWebhookKeySecret(input, log)).toBe('configured-secret-123');
  });

  it('generates one file under DATA_DIR (mode 0600) and keeps using it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'engine-webhook-key-'));
    const input = { configured: undefined, dataDir, database: { kind: 'pglite' as const, dataDir: path.join(dataDir, 'x') }, inKubernetes: false };
    const first = resolveWebhookKeySecret(input, log);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(resolveWebhookKeySecret(input, log)).toBe(first);
    const file = path.join(dataDir, WEBHOOK_KEY_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps an in-memory database’s key in memory', () => {
    const input = { configured: undefined, dataDir: '/nonexistent', database: { kind: 'pglite' as const, dataDir: undefined }, inKubernetes: false };
    expect(resolveWebhookKeySecret(input, log)).toMatch(/^[\w-]{43}$/);
  });

  it('has none in Kubernetes with PostgreSQL, and says what to set', () => {
    const warn = jest.fn();
    const input = { configured: undefined, dataDir: '/data', database: postgres, inKubernetes: true };
    expect(resolveWebhookKeySecret(input, { info: jest.fn(), warn })).toBeNull();
    expect(warn).toHaveBeenCalledWith({}, expect.stringContaining('Set WEBHOOK_SECRET_ENCRYPTION_KEY'));
  });
});
