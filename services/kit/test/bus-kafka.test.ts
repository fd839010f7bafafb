/**
 * The Kafka bus against the event bus contract, plus its Kafka-specific behaviours (message layout, dead
 * letters, readiness, lag), on the brokers of `KAFKA_BROKERS` (e.g. `KAFKA_BROKERS=127.0.0.1:9092 npx jest
 * services/kit/test/bus-kafka.test.ts`). Each test works under its own prefix `test.<uuid>.`: its topics
 * and consumer groups are deleted afterwards.
 *
 * Without `KAFKA_BROKERS` (this machine has no broker) the suite cannot run: one test, whose title says
 * so, passes and prints a warning, so the skip is visible in every test report and CI log. The parts that
 * need no broker are tested in `bus-kafka-parts.test.ts`.
 */
import { Kafka, logLevel } from 'kafkajs';
import type { IHeaders } from 'kafkajs';
import { v4 as uuidv4 } from 'uuid';
import { parseBrokerList } from '../src/config';
import { DEAD_LETTER_HEADERS, KafkaBus } from '../src/bus/kafka';
import type { KafkaBusOptions } from '../src/bus/kafka';
import type { EventBus } from '../src/bus/types';
import { describeBusContract, makeEvent, waitFor } from './bus-contract';

const BROKERS = parseBrokerList(process.env.KAFKA_BROKERS ?? '');

/** The title (and warning) of the one test registered when there is no broker. */
const KAFKA_SUITE_SKIPPED =
  'Kafka contract suite skipped: KAFKA_BROKERS is not set (this machine has no Kafka broker; set KAFKA_BROKERS=host:9092 to run it)';

/** Short timings so retries, rebalances and take-overs happen within a test. */
const FAST: Omit<KafkaBusOptions, 'brokers'> = {
  retryInitialMs: 20,
  retryMaxMs: 200,
  sessionTimeoutMs: 6_000,
  heartbeatIntervalMs: 300,
  maxWaitTimeMs: 100,
  joinTimeoutMs: 30_000,
};

/** Declares every test that needs a broker. */
function describeKafkaSuite(brokers: string[]): void {
  const kafka = new Kafka({ brokers, clientId: 'formloom-kit-test', logLevel: logLevel.NOTHING });
  const admin = kafka.admin();

  beforeAll(async () => {
    await admin.connect();
  });

  afterAll(async () => {
    await admin.disconnect();
  });

  /** A fresh prefix, and buses on it that `cleanup` closes before deleting their topics and groups. */
  function namespace(extra: Partial<KafkaBusOptions> = {}): {
    prefix: string;
    open: (more?: Partial<KafkaBusOptions>) => KafkaBus;
    cleanup: () => Promise<void>;
  } {
    const prefix = `test.${uuidv4()}.`;
    const buses: KafkaBus[] = [];
    return {
      prefix,
      open: (more = {}) => {
        const bus = new KafkaBus({ brokers, topicPrefix: prefix, ...FAST, ...extra, ...more });
        buses.push(bus);
        return bus;
      },
      cleanup: async () => {
        await Promise.all(buses.map((bus) => bus.close()));
        const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
        if (topics.length > 0) await admin.deleteTopics({ topics }).catch(() => undefined);
        const { groups } = await admin.listGroups();
        const groupIds = groups.map((group) => group.groupId).filter((groupId) => groupId.startsWith(prefix));
        if (groupIds.length > 0) await admin.deleteGroups(groupIds).catch(() => undefined);
      },
    };
  }

  /** Reads `count` messages of `topic` from its beginning, in a throw-away group. */
  async function readTopic(
    prefix: string,
    topic: string,
    count: number,
  ): Promise<Array<{ partition: number; key: string | undefined; value: string | undefined; headers: IHeaders }>> {
    const consumer = kafka.consumer({ groupId: `${prefix}reader-${uuidv4()}`, maxWaitTimeInMs: 100 });
    const seen: Array<{ partition: number; key: string | undefined; value: string | undefined; headers: IHeaders }> = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ partition, message }) => {
          seen.push({
            partition,
            key: message.key?.toString(),
            value: message.value?.toString(),
            headers: message.headers ?? {},
          });
        },
      });
      await waitFor(() => seen.length >= count, 20_000, `${count} messages on ${topic}`);
      return seen;
    } finally {
      await consumer.disconnect();
    }
  }

  /** A header's value as text. */
  function header(headers: IHeaders, name: string): string | undefined {
    const value = headers[name];
    return Array.isArray(value) ? value[0]?.toString() : value?.toString();
  }

  describeBusContract(
    'kafka',
    async () => {
      const ns = namespace();
      return { bus: ns.open(), peer: async () => ns.open(), cleanup: ns.cleanup };
    },
    {
      deliversEventsPublishedBeforeSubscribe: true,
      crash: async (bus: EventBus) => {
        if (!(bus instanceof KafkaBus)) throw new Error('not a KafkaBus');
        await bus.destroy();
      },
      settleMs: 1_000,
    },
  );

  describe('KafkaBus on a broker', () => {
    let ns: ReturnType<typeof namespace>;
    beforeEach(() => {
      ns = namespace();
    });
    afterEach(() => ns.cleanup());

    it('writes each event to <prefix><type>, keyed by the envelope key, with traceparent as a header', async () => {
      const bus = ns.open();
      const event = {
        ...makeEvent('form.submitted', 'flow-1', { answer: 42 }),
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      };
      await bus.publish([event]);
      const [message] = await readTopic(ns.prefix, `${ns.prefix}form.submitted`, 1);
      expect(message?.key).toBe('flow-1');
      expect(JSON.parse(message?.value ?? 'null')).toEqual(event);
      expect(header(message?.headers ?? {}, 'traceparent')).toBe(event.traceparent);
      const metadata = await admin.fetchTopicMetadata({ topics: [`${ns.prefix}form.submitted`] });
      expect(metadata.topics[0]?.partitions).toHaveLength(6);
    });

    it('dead-letters an event that keeps failing after maxAttempts, with its origin, and moves on', async () => {
      const deadLetters: string[] = [];
      const bus = ns.open({ maxAttempts: 2, onDeadLetter: (type) => void deadLetters.push(type) });
      const poison = makeEvent('form.submitted', 'flow-1', { poison: true });
      const next = makeEvent('form.submitted', 'flow-1', { poison: false });
      const attempts: string[] = [];
      await bus.subscribe({
        group: 'engine',
        types: ['form.submitted'],
        handler: async (event) => {
          attempts.push(event.id);
          if (event.id === poison.id) throw new Error('always fails');
        },
      });
      await bus.publish([poison, next]);

      await waitFor(() => attempts.includes(next.id), 20_000, 'the next event of the key handled');
      expect(attempts).toEqual([poison.id, poison.id, next.id]);
      expect(deadLetters).toEqual(['form.submitted']);
      const [dead] = await readTopic(ns.prefix, `${ns.prefix}dead-letter`, 1);
      expect(JSON.parse(dead?.value ?? 'null')).toEqual(poison);
      expect(dead?.key).toBe('flow-1');
      const headers = dead?.headers ?? {};
      expect(header(headers, DEAD_LETTER_HEADERS.topic)).toBe(`${ns.prefix}form.submitted`);
      expect(header(headers, DEAD_LETTER_HEADERS.group)).toBe('engine');
      expect(header(headers, DEAD_LETTER_HEADERS.attempts)).toBe('2');
      expect(header(headers, DEAD_LETTER_HEADERS.reason)).toContain('always fails');
      expect(header(headers, DEAD_LETTER_HEADERS.offset)).toMatch(/^\d+$/);
      // Both offsets are committed: nothing left for the group.
      await waitFor(
        async () => (await bus.lag()).every((row) => row.lag === 0),
        20_000,
        'the group has no lag left',
      );
    });

    it('moves malformed messages to the dead-letter topic with the reason, and goes on', async () => {
      const bus = ns.open();
      await bus.ensureTopics(['form.submitted']);
      const producer = kafka.producer();
      await producer.connect();
      try {
        await producer.send({ topic: `${ns.prefix}form.submitted`, messages: [{ key: 'flow-1', value: '{not json' }] });
      } finally {
        await producer.disconnect();
      }
      const good = makeEvent('form.submitted', 'flow-1', {});
      await bus.publish([good]);
      const seen: string[] = [];
      await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async (e) => void seen.push(e.id) });

      await waitFor(() => seen.length === 1, 20_000, 'the good event handled');
      expect(seen).toEqual([good.id]);
      const [dead] = await readTopic(ns.prefix, `${ns.prefix}dead-letter`, 1);
      expect(dead?.value).toBe('{not json');
      expect(header(dead?.headers ?? {}, DEAD_LETTER_HEADERS.reason)).toContain('invalid JSON');
      expect(header(dead?.headers ?? {}, DEAD_LETTER_HEADERS.attempts)).toBe('0');
    });

    it('reports the lag of a group that has not consumed yet, and none once it has', async () => {
      const bus = ns.open();
      const gate: { release: () => void } = { release: () => undefined };
      const held = new Promise<void>((resolve) => {
        gate.release = resolve;
      });
      await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async () => held });
      await bus.publish([makeEvent('form.submitted', 'flow-1', {}), makeEvent('form.submitted', 'flow-1', {})]);
      await waitFor(
        async () => (await bus.lag()).some((row) => row.group === 'engine' && row.type === 'form.submitted' && row.lag === 2),
        20_000,
        'lag of 2',
      );
      gate.release();
      await waitFor(async () => (await bus.lag()).every((row) => row.lag === 0), 20_000, 'no lag');
    });

    it('reports ready while the cluster answers and not after close()', async () => {
      const bus = ns.open();
      await waitFor(() => bus.isReady(), 10_000, 'ready');
      await bus.close();
      await expect(bus.isReady()).resolves.toBe(false);
    });
  });
}

if (BROKERS.length === 0) {
  describe('KafkaBus on a broker', () => {
    it(KAFKA_SUITE_SKIPPED, () => {
      console.warn(KAFKA_SUITE_SKIPPED);
      expect(BROKERS).toEqual([]);
    });
  });
} else {
  describeKafkaSuite(BROKERS);
}
