/**
 * Kafka TLS and SASL (managed Kafka): the configuration variables and their rules (`parseConfig`), the kafkajs
 * `ssl`/`sasl` options built from them (`kafkaSecurityFromConfig`), their way into the kafkajs client
 * (`createBusFromConfig`), and the SASL password kept out of log lines. No broker: the kafkajs client is
 * recorded (a subclass of the real one), and the one connection attempt goes to a closed loopback port.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as KafkaJs from 'kafkajs';
import type { KafkaConfig } from 'kafkajs';
import pino from 'pino';
import { ConfigError, parseConfig } from '../src/config';
import { createBusFromConfig, kafkaSecurityFromConfig } from '../src/bus/from-config';
import { KafkaBus } from '../src/bus/kafka';
import { loggerOptions } from '../src/logger';
import { makeEvent } from './bus-contract';
import { freePort } from '../src/testing';

// Records the configuration of every kafkajs client made in this file (the client itself is the real one).
jest.mock('kafkajs', () => {
  const actual = jest.requireActual<typeof KafkaJs>('kafkajs');
  class RecordingKafka extends actual.Kafka {
    static readonly configs: KafkaConfig[] = [];
    constructor(config: KafkaConfig) {
      super(config);
      RecordingKafka.configs.push(config);
    }
  }
  return { ...actual, Kafka: RecordingKafka };
});

/** The configurations of the kafkajs clients made so far (see the mock above). */
function kafkaClientConfigs(): KafkaConfig[] {
  return jest.requireMock<{ Kafka: { configs: KafkaConfig[] } }>('kafkajs').Kafka.configs;
}

const PASSWORD = 'pw-Zq8s!never-logged';
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The message of the ConfigError `run` throws (fails the test when it throws nothing or something else). */
function configErrorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError, nothing was thrown');
}

/** A `readFile` that must not be called. */
const noRead = (file: string): string => {
  throw new Error(`unexpected read of ${file}`);
};

describe('Kafka TLS/SASL variables (parseConfig)', () => {
  it('defaults to PLAINTEXT without SASL, verifying certificates once TLS is on', () => {
    const config = parseConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'kafka:9092' });
    expect(config.KAFKA_SSL).toBe(false);
    expect(config.KAFKA_SSL_CA_FILE).toBeUndefined();
    expect(config.KAFKA_SSL_REJECT_UNAUTHORIZED).toBe(true);
    expect(config.KAFKA_SASL_MECHANISM).toBeUndefined();
    expect(config.KAFKA_SASL_USERNAME).toBeUndefined();
    expect(config.KAFKA_SASL_PASSWORD).toBeUndefined();
    expect(kafkaSecurityFromConfig(config, noRead)).toEqual({});
  });

  it('parses SASL/SCRAM over TLS with a CA file (the mechanism in any case)', () => {
    const config = parseConfig({
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: 'b-1.kafka.example.com:9096',
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: '/etc/formloom/kafka-ca/ca.crt',
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
      KAFKA_SASL_USERNAME: 'formloom',
      KAFKA_SASL_PASSWORD: PASSWORD,
    });
    expect(config).toMatchObject({
      KAFKA_SSL: true,
      KAFKA_SSL_CA_FILE: '/etc/formloom/kafka-ca/ca.crt',
      KAFKA_SSL_REJECT_UNAUTHORIZED: true,
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'formloom',
      KAFKA_SASL_PASSWORD: PASSWORD,
    });
    expect(parseConfig({ KAFKA_SSL: '1', KAFKA_SSL_REJECT_UNAUTHORIZED: '0' })).toMatchObject({
      KAFKA_SSL: true,
      KAFKA_SSL_REJECT_UNAUTHORIZED: false,
    });
  });

  it('refuses a mechanism without its username and password, naming both', () => {
    const message = configErrorOf(() => parseConfig({ KAFKA_SASL_MECHANISM: 'scram-sha-256' }));
    expect(message).toBe(
      'Invalid configuration:\n' +
        'KAFKA_SASL_USERNAME: required when KAFKA_SASL_MECHANISM is set (scram-sha-256)\n' +
        'KAFKA_SASL_PASSWORD: required when KAFKA_SASL_MECHANISM is set (scram-sha-256)',
    );
    expect(configErrorOf(() => parseConfig({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'formloom' }))).toBe(
      'Invalid configuration:\nKAFKA_SASL_PASSWORD: required when KAFKA_SASL_MECHANISM is set (plain)',
    );
    expect(configErrorOf(() => parseConfig({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_PASSWORD: PASSWORD }))).toBe(
      'Invalid configuration:\nKAFKA_SASL_USERNAME: required when KAFKA_SASL_MECHANISM is set (plain)',
    );
  });

  it('refuses a username or password without a mechanism, never quoting the password', () => {
    expect(configErrorOf(() => parseConfig({ KAFKA_SASL_USERNAME: 'formloom' }))).toBe(
      'Invalid configuration:\nKAFKA_SASL_MECHANISM: required when KAFKA_SASL_USERNAME is set (plain, scram-sha-256 or scram-sha-512)',
    );
    const passwordOnly = configErrorOf(() => parseConfig({ KAFKA_SASL_PASSWORD: PASSWORD }));
    expect(passwordOnly).toBe(
      'Invalid configuration:\nKAFKA_SASL_MECHANISM: required when KAFKA_SASL_PASSWORD is set (plain, scram-sha-256 or scram-sha-512)',
    );
    const both = configErrorOf(() => parseConfig({ KAFKA_SASL_USERNAME: 'formloom', KAFKA_SASL_PASSWORD: PASSWORD }));
    expect(both).toMatch(/^KAFKA_SASL_MECHANISM: required when KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are set/m);
    expect(`${passwordOnly}\n${both}`).not.toContain(PASSWORD);
  });

  it('refuses an unknown mechanism and a boolean it cannot read, naming the variable', () => {
    const unknown = configErrorOf(() =>
      parseConfig({ KAFKA_SASL_MECHANISM: 'gssapi', KAFKA_SASL_USERNAME: 'formloom', KAFKA_SASL_PASSWORD: PASSWORD }),
    );
    expect(unknown).toMatch(/^KAFKA_SASL_MECHANISM: /m);
    expect(unknown).not.toContain(PASSWORD);
    expect(configErrorOf(() => parseConfig({ KAFKA_SSL: 'yes' }))).toMatch(/^KAFKA_SSL: /m);
    expect(configErrorOf(() => parseConfig({ KAFKA_SSL_REJECT_UNAUTHORIZED: 'no' }))).toMatch(
      /^KAFKA_SSL_REJECT_UNAUTHORIZED: /m,
    );
  });

  it('refuses turning certificate verification off without TLS', () => {
    expect(configErrorOf(() => parseConfig({ KAFKA_SSL_REJECT_UNAUTHORIZED: 'false' }))).toBe(
      'Invalid configuration:\nKAFKA_SSL_REJECT_UNAUTHORIZED: false has no effect without TLS (set KAFKA_SSL=true or KAFKA_SSL_CA_FILE)',
    );
    expect(parseConfig({ KAFKA_SSL: 'true', KAFKA_SSL_REJECT_UNAUTHORIZED: 'false' }).KAFKA_SSL_REJECT_UNAUTHORIZED).toBe(false);
    expect(parseConfig({ KAFKA_SSL_CA_FILE: '/ca.pem', KAFKA_SSL_REJECT_UNAUTHORIZED: 'false' }).KAFKA_SSL).toBe(false);
  });

  it('lists the missing brokers and the SASL problems together', () => {
    const message = configErrorOf(() => parseConfig({ EVENT_BUS: 'kafka', KAFKA_SASL_USERNAME: 'formloom' }));
    expect(message.split('\n').map((line) => line.split(':')[0])).toEqual([
      'Invalid configuration',
      'KAFKA_BROKERS',
      'KAFKA_SASL_MECHANISM',
    ]);
  });
});

describe('kafkaSecurityFromConfig', () => {
  const base = parseConfig({});

  it('reads the CA file into ssl.ca and turns TLS on with it', () => {
    const reads: [string, string][] = [];
    const security = kafkaSecurityFromConfig({ ...base, KAFKA_SSL_CA_FILE: '/etc/kafka/ca.pem' }, (file, encoding) => {
      reads.push([file, encoding]);
      return PEM;
    });
    expect(reads).toEqual([['/etc/kafka/ca.pem', 'utf8']]);
    expect(security).toEqual({ ssl: { ca: PEM, rejectUnauthorized: true } });
  });

  it('reads a real CA file with the default reader', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kafka-ca-'));
    try {
      const file = path.join(dir, 'ca.crt');
      writeFileSync(file, PEM);
      expect(kafkaSecurityFromConfig({ ...base, KAFKA_SSL: true, KAFKA_SSL_CA_FILE: file }).ssl?.ca).toBe(PEM);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('turns TLS on with KAFKA_SSL alone (the public CAs) and passes rejectUnauthorized false through', () => {
    expect(kafkaSecurityFromConfig({ ...base, KAFKA_SSL: true }, noRead)).toEqual({ ssl: { rejectUnauthorized: true } });
    expect(kafkaSecurityFromConfig({ ...base, KAFKA_SSL: true, KAFKA_SSL_REJECT_UNAUTHORIZED: false }, noRead)).toEqual({
      ssl: { rejectUnauthorized: false },
    });
    expect(
      kafkaSecurityFromConfig({ ...base, KAFKA_SSL_CA_FILE: '/ca.pem', KAFKA_SSL_REJECT_UNAUTHORIZED: false }, () => PEM),
    ).toEqual({ ssl: { ca: PEM, rejectUnauthorized: false } });
  });

  it('builds the SASL options (and no TLS unless asked: SASL_PLAINTEXT)', () => {
    for (const mechanism of ['plain', 'scram-sha-256', 'scram-sha-512'] as const) {
      expect(
        kafkaSecurityFromConfig(
          { ...base, KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: 'formloom', KAFKA_SASL_PASSWORD: PASSWORD },
          noRead,
        ),
      ).toEqual({ sasl: { mechanism, username: 'formloom', password: PASSWORD } });
    }
  });

  it('refuses an unreadable CA file or one without a PEM certificate, naming the variable and the path', () => {
    const missing = path.join(tmpdir(), 'formloom-no-such-ca.pem');
    expect(configErrorOf(() => kafkaSecurityFromConfig({ ...base, KAFKA_SSL_CA_FILE: missing }))).toMatch(
      new RegExp(`^KAFKA_SSL_CA_FILE: cannot read ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.*ENOENT`, 'm'),
    );
    expect(configErrorOf(() => kafkaSecurityFromConfig({ ...base, KAFKA_SSL_CA_FILE: '/ca.der' }, () => '0\x82\x01'))).toBe(
      'Invalid configuration:\nKAFKA_SSL_CA_FILE: /ca.der holds no PEM certificate (expected "-----BEGIN CERTIFICATE-----")',
    );
  });

  it('checks a configuration built by hand like parseConfig does', () => {
    expect(
      configErrorOf(() => kafkaSecurityFromConfig({ ...base, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' }, noRead)),
    ).toMatch(/^KAFKA_SASL_PASSWORD: required when KAFKA_SASL_MECHANISM is set/m);
  });
});

describe('createBusFromConfig with TLS and SASL', () => {
  it('hands the ssl and sasl options to the kafkajs client', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kafka-ca-'));
    const caFile = path.join(dir, 'ca.crt');
    writeFileSync(caFile, PEM);
    const bus = createBusFromConfig(
      parseConfig({
        EVENT_BUS: 'kafka',
        KAFKA_BROKERS: '127.0.0.1:9',
        KAFKA_SSL_CA_FILE: caFile,
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'formloom',
        KAFKA_SASL_PASSWORD: PASSWORD,
      }),
      silent,
      { clientId: 'flows' },
    );
    try {
      expect(bus).toBeInstanceOf(KafkaBus);
      expect(kafkaClientConfigs().at(-1)).toMatchObject({
        brokers: ['127.0.0.1:9'],
        clientId: 'flows',
        ssl: { ca: PEM, rejectUnauthorized: true },
        sasl: { mechanism: 'scram-sha-256', username: 'formloom', password: PASSWORD },
      });
    } finally {
      await bus.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the kafkajs client neither without the variables', async () => {
    const bus = createBusFromConfig(parseConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: '127.0.0.1:9' }), silent);
    const config = kafkaClientConfigs().at(-1);
    await bus.close();
    expect(config?.ssl).toBeUndefined();
    expect(config?.sasl).toBeUndefined();
  });

  it('fails before making a client when the CA file cannot be read, and reads it only for Kafka', async () => {
    const before = kafkaClientConfigs().length;
    const config = parseConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: '127.0.0.1:9', KAFKA_SSL_CA_FILE: '/no/such/ca.pem' });
    expect(() => createBusFromConfig(config, silent)).toThrow(/KAFKA_SSL_CA_FILE: cannot read \/no\/such\/ca\.pem/);
    expect(kafkaClientConfigs()).toHaveLength(before);

    const inProcess = createBusFromConfig({ ...config, EVENT_BUS: 'in-process' }, silent);
    await inProcess.close();
  });
});

describe('the SASL password stays out of the logs', () => {
  /** A pino logger with the kit's options whose lines land in `lines`. */
  function capturingLogger(lines: string[]) {
    return pino(loggerOptions('flows', 'trace'), { write: (line: string) => void lines.push(line) });
  }

  it('is redacted from a logged configuration and from logged kafkajs options', () => {
    const lines: string[] = [];
    const log = capturingLogger(lines);
    const config = parseConfig({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'formloom', KAFKA_SASL_PASSWORD: PASSWORD });
    log.info(config, 'configuration');
    log.info({ config }, 'configuration');
    const sasl = kafkaSecurityFromConfig(config, noRead).sasl;
    log.info({ sasl }, 'sasl');
    log.info({ options: { sasl } }, 'bus options');
    expect(lines).toHaveLength(4);
    expect(lines.join('')).not.toContain(PASSWORD);
    expect(lines.join('')).toContain('formloom');
    expect(lines.every((line) => line.includes('[redacted]'))).toBe(true);
  });

  it('never appears in what the Kafka bus logs when it cannot connect', async () => {
    const logged: string[] = [];
    const record = (context: object, message?: string) => void logged.push(JSON.stringify(context), message ?? '');
    const bus = new KafkaBus({
      brokers: [`127.0.0.1:${await freePort()}`],
      ssl: { rejectUnauthorized: false },
      sasl: { mechanism: 'scram-sha-512', username: 'formloom', password: PASSWORD },
      retry: { retries: 0, initialRetryTime: 50 },
      readyTimeoutMs: 500,
      joinTimeoutMs: 500,
      logger: { info: record, warn: record, error: record },
    });
    try {
      await expect(bus.isReady()).resolves.toBe(false);
      await expect(bus.publish([makeEvent('form.submitted', 'flow-1', {})])).rejects.toThrow();
      const subscription = await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async () => undefined });
      await subscription.close();
    } finally {
      await bus.close();
    }
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(PASSWORD);
  });
});
