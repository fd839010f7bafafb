/**
 * The token signing key at rest (`src/domain/key-encryption-secret.ts`, `src/domain/signing-keys.ts`): never
 * stored in clear. Without `AUTH_KEY_ENCRYPTION_SECRET` a secret is generated into `DATA_DIR` (0600, the
 * directory 0700); an earlier version's clear key is encrypted in place; a secret set later takes over; a wrong
 * secret, Kubernetes with PostgreSQL and no secret, or an unusable `DATA_DIR` refuse to start with a message
 * that says what to set. On PGlite directories, and on the machine's PostgreSQL (databases of their own,
 * dropped afterwards).
 */
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '@formloom/kit/db';
import { KEY_ENCRYPTION_SECRET_FILE } from '../src/domain/key-encryption-secret';
import { decryptPrivateJwk } from '../src/domain/signing-keys';
import { build, exchange, jwksOf, signUp, temporaryDirectory, type Service } from './helpers';

const PG_SERVER = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const SECRET = 'a-long-enough-encryption-secret';

const modeOf = (file: string) => statSync(file).mode & 0o777;

interface StoredKey {
  kid: string;
  private_jwk: string;
  encrypted: boolean;
}

async function storedKeys(service: Service): Promise<StoredKey[]> {
  return rowsOf<StoredKey>(await service.ctx.db.execute(sql`SELECT kid, private_jwk, encrypted FROM signing_keys`));
}

/** True when `service` signs tokens its JWKS verifies, and they sign in. */
async function signsTokens(service: Service): Promise<boolean> {
  const { token } = await signUp(service);
  const accessToken = await exchange(service, token);
  const response = await service.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
  return response.statusCode === 200 && (await jwksOf(service)).keys.length > 0;
}

describe('on PGlite under DATA_DIR', () => {
  let root: string;
  let dataDir: string;
  let env: Record<string, string | undefined>;
  beforeEach(() => {
    root = temporaryDirectory();
    dataDir = path.join(root, 'data');
    env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('without AUTH_KEY_ENCRYPTION_SECRET, encrypts the key with a secret generated into DATA_DIR (0600, directory 0700)', async () => {
    const service = await build(env);
    let kid: string;
    try {
      const [row] = await storedKeys(service);
      kid = row!.kid;
      expect(row!.encrypted).toBe(true);
      expect(JSON.parse(row!.private_jwk)).not.toHaveProperty('d');
      expect(await signsTokens(service)).toBe(true);
    } finally {
      await service.close();
    }
    const file = path.join(dataDir, KEY_ENCRYPTION_SECRET_FILE);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The same secret opens the same key after a restart.
    const again = await build(env);
    try {
      expect((await jwksOf(again)).keys.map((key) => key.kid)).toEqual([kid]);
      expect(await signsTokens(again)).toBe(true);
    } finally {
      await again.close();
    }
  });

  it("encrypts an earlier version's clear key in place at start (same kid)", async () => {
    const first = await build(env);
    const [row] = await storedKeys(first);
    const secret = readFileSync(path.join(dataDir, KEY_ENCRYPTION_SECRET_FILE), 'utf8').trim();
    const plain = decryptPrivateJwk(row!.private_jwk, secret, row!.kid);
    // What an earlier version stored without AUTH_KEY_ENCRYPTION_SECRET.
    await first.ctx.db.execute(sql`UPDATE signing_keys SET private_jwk = ${plain}, encrypted = false`);
    await first.close();

    const second = await build(env);
    try {
      const [stored] = await storedKeys(second);
      expect(stored).toMatchObject({ kid: row!.kid, encrypted: true });
      expect(JSON.parse(stored!.private_jwk)).not.toHaveProperty('d');
      expect(await signsTokens(second)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('lets AUTH_KEY_ENCRYPTION_SECRET take over from the generated secret, and refuses a wrong secret', async () => {
    const first = await build(env);
    const [before] = await storedKeys(first);
    await first.close();

    const configured = await build({ ...env, AUTH_KEY_ENCRYPTION_SECRET: SECRET });
    try {
      const [after] = await storedKeys(configured);
      expect(after!.kid).toBe(before!.kid);
      expect(decryptPrivateJwk(after!.private_jwk, SECRET, after!.kid)).toContain('"d"');
    } finally {
      await configured.close();
    }
    // The generated file is no longer needed.
    rmSync(path.join(dataDir, KEY_ENCRYPTION_SECRET_FILE));
    const withoutFile = await build({ ...env, AUTH_KEY_ENCRYPTION_SECRET: SECRET });
    try {
      expect(await signsTokens(withoutFile)).toBe(true);
    } finally {
      await withoutFile.close();
    }

    await expect(build({ ...env, AUTH_KEY_ENCRYPTION_SECRET: 'another-secret-of-enough-length' })).rejects.toThrow(
      /AUTH_KEY_ENCRYPTION_SECRET cannot decrypt the token signing key .*set AUTH_KEY_ENCRYPTION_SECRET to the secret it was stored with/,
    );
    // Without the secret and without the file, the generated secret is new: it cannot open the key either.
    await expect(build(env)).rejects.toThrow(/cannot decrypt the token signing key/);
  });

  it('takes group and other access away from a secret file that had it', async () => {
    await (await build(env)).close();
    const file = path.join(dataDir, KEY_ENCRYPTION_SECRET_FILE);
    chmodSync(file, 0o644);
    const service = await build(env);
    await service.close();
    expect(modeOf(file)).toBe(0o600);
  });
});

describe('on PostgreSQL', () => {
  const databases: string[] = [];
  let admin: pg.Client;
  let root: string;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
    await admin.connect();
  });
  beforeEach(() => {
    root = temporaryDirectory();
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });
  afterAll(async () => {
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  function postgresEnv(extra: Record<string, string>): Record<string, string | undefined> {
    const name = `formloom_auth_keys_test_${process.pid}_${databases.length}`;
    databases.push(name);
    return { DATABASE_URL: `${PG_SERVER}/${name}`, DATA_DIR: path.join(root, 'data'), ...extra };
  }

  it('refuses to start in Kubernetes without AUTH_KEY_ENCRYPTION_SECRET, saying what to set', async () => {
    const env = postgresEnv({ KUBERNETES_SERVICE_HOST: '10.96.0.1' });
    await expect(build(env)).rejects.toThrow(/AUTH_KEY_ENCRYPTION_SECRET is not set.*Set AUTH_KEY_ENCRYPTION_SECRET.*secrets\.authKeyEncryptionSecret/s);
    const service = await build({ ...env, AUTH_KEY_ENCRYPTION_SECRET: SECRET });
    try {
      expect(await signsTokens(service)).toBe(true);
    } finally {
      await service.close();
    }
  });

  it('refuses to start when DATA_DIR cannot keep a generated secret, saying what to set', async () => {
    const notADirectory = path.join(root, 'a-file');
    writeFileSync(notADirectory, '');
    const env = postgresEnv({ DATA_DIR: path.join(notADirectory, 'data') });
    await expect(build(env)).rejects.toThrow(/cannot be kept in DATA_DIR .*ENOTDIR.*Set AUTH_KEY_ENCRYPTION_SECRET/s);
  });

  it('on one node (outside Kubernetes) keeps a generated secret in DATA_DIR', async () => {
    const env = postgresEnv({});
    const service = await build(env);
    try {
      expect(await signsTokens(service)).toBe(true);
      expect((await storedKeys(service))[0]!.encrypted).toBe(true);
    } finally {
      await service.close();
    }
    expect(modeOf(path.join(root, 'data', KEY_ENCRYPTION_SECRET_FILE))).toBe(0o600);
  });
});
