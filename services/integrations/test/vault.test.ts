/**
 * The credential vault (src/domain/vault.ts) and the key rotation an operator runs (docs/runbooks/integrations.md
 * "Rotating the credentials key"): sealed secrets open only on their own row and with a configured key; after a new
 * key is put first, the re-wrap worker moves every connection to it, and the old key can then be removed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { checkService, createService } from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import { rowsOf } from '@formloom/kit/db';
import { CredentialsUnreadableError, CredentialVault } from '../src/domain/vault';
import { AIRTABLE_TOKEN, startHarness, type Harness } from './helpers';

const OLD = 'old-credentials-secret-0123456789';
const NEW = 'new-credentials-secret-9876543210';

describe('CredentialVault', () => {
  const secrets = { apiKey: 'patSecretValue.123', password: 'hunter2-hunter2' };

  it('opens what it sealed, on the same row only, and keeps no secret in the clear', () => {
    const vault = new CredentialVault([OLD]);
    const sealed = vault.seal(secrets, 'row-1');
    expect(vault.open(sealed, 'row-1')).toEqual(secrets);
    expect(JSON.stringify(sealed)).not.toMatch(/patSecretValue|hunter2/);
    expect(() => vault.open(sealed, 'row-2')).toThrow(CredentialsUnreadableError);
    // Two seals of the same secrets differ (a new data key and IVs each time).
    expect(vault.seal(secrets, 'row-1').credentials).not.toBe(sealed.credentials);
  });

  it('refuses an altered row and a key it does not hold', () => {
    const vault = new CredentialVault([OLD]);
    const sealed = vault.seal(secrets, 'row-1');
    const [format, iv, tag, data] = sealed.credentials.split('.');
    const flipped = `${data!.slice(0, -2)}${data!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => vault.open({ ...sealed, credentials: [format, iv, tag, flipped].join('.') }, 'row-1')).toThrow(CredentialsUnreadableError);
    expect(() => new CredentialVault([NEW]).open(sealed, 'row-1')).toThrow(/no longer holds/);
  });

  it('re-wraps a row for the new key without touching its encrypted secrets', () => {
    const before = new CredentialVault([OLD]);
    const sealed = before.seal(secrets, 'row-1');
    const rotating = new CredentialVault([NEW, OLD]);
    expect(rotating.currentKeyId).not.toBe(before.currentKeyId);
    expect(rotating.open(sealed, 'row-1')).toEqual(secrets);
    const rewrapped = rotating.rewrap(sealed, 'row-1');
    expect(rewrapped.keyId).toBe(rotating.currentKeyId);
    expect(rewrapped.credentials).toBe(sealed.credentials);
    expect(rotating.rewrap(rewrapped, 'row-1')).toBe(rewrapped);
    expect(new CredentialVault([NEW]).open(rewrapped, 'row-1')).toEqual(secrets);
  });
});

describe('rotating CREDENTIALS_ENCRYPTION_KEYS', () => {
  let dataDir: string;
  let h: Harness | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'integrations-vault-'));
  });
  afterEach(async () => {
    await h?.close();
    h = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The service on the PGlite database under `dataDir`, with `keys`. */
  const restart = async (keys: string) => {
    await h?.close();
    h = await startHarness({ DATABASE_URL: '', DATA_DIR: dataDir, CREDENTIALS_ENCRYPTION_KEYS: keys, CREDENTIALS_REWRAP_POLL_MS: '50' });
    return h;
  };
  const keyIds = async () =>
    rowsOf<{ key_id: string }>(await h!.service.database.db.execute(sql`SELECT DISTINCT key_id FROM service_connections`)).map((row) => row.key_id);

  it('moves every connection to the new key, after which the old one can go', async () => {
    let harness = await restart(OLD);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await harness.call('member', createService, { body: { serviceType: 'airtable', serviceName: `Base ${i}`, config: { apiKey: AIRTABLE_TOKEN } } })).body.service.id);
    }
    const oldId = new CredentialVault([OLD]).currentKeyId;
    expect(await keyIds()).toEqual([oldId]);

    harness = await restart(`${NEW},${OLD}`);
    const newId = new CredentialVault([NEW]).currentKeyId;
    for (let waited = 0; (await keyIds()).join() !== newId && waited < 600; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await keyIds()).toEqual([newId]);

    // With the new key alone, the tokens still open: the check sends each one to Airtable.
    harness = await restart(NEW);
    const before = harness.airtable.requests.length;
    for (const id of ids) expect((await harness.call('member', checkService, { params: { serviceId: id } })).body.service.status).toBe('connected');
    expect(harness.airtable.requests.slice(before).map((request) => request.token)).toEqual([AIRTABLE_TOKEN, AIRTABLE_TOKEN, AIRTABLE_TOKEN]);
  });

  it('a connection whose key was removed is shown broken, saying to connect it again', async () => {
    let harness = await restart(OLD);
    const { service } = (await harness.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } })).body;
    harness = await restart(NEW);
    const checked = await harness.call('member', checkService, { params: { serviceId: service.id } });
    expect(checked.body.service).toMatchObject({ status: 'broken', statusDetail: copy.integrations.credentialsUnreadable('Airtable') });
  });
});

describe('without a key', () => {
  it('refuses to connect accounts in Kubernetes with PostgreSQL and no CREDENTIALS_ENCRYPTION_KEYS, saying what is missing', async () => {
    const h = await startHarness({
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/formloom_integrations_test_nokey`,
      KUBERNETES_SERVICE_HOST: '10.0.0.1',
    });
    try {
      const { status, body } = await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } });
      expect(status).toBe(503);
      expect(body.error.message).toBe(copy.integrations.vaultUnavailable);
      expect(h.airtable.requests).toHaveLength(0);
    } finally {
      await h.close();
    }
  });
});
