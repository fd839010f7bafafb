/**
 * The Kafka bus's parts that need no broker: configuration (`EVENT_BUS=kafka`), topic and group names,
 * the envelope ↔ message mapping, the retry/dead-letter policy, the partition assignment, the commit
 * watermark, and the delivery engine (`KafkaDispatcher`: per-key order, retries, dead letters, commits,
 * rebalances, stop) fed with messages as kafkajs would hand them over. Plus what the bus does when no
 * broker answers (a closed port on loopback). The bus against a real broker: `bus-kafka.test.ts`.
 */
import { AssignerProtocol } from 'kafkajs';
import type { Cluster, Logger } from 'kafkajs';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { ConfigError, parseConfig, parseBrokerList } from '../src/config';
import { createBusFromConfig } from '../src/bus/from-config';
import {
  DEAD_LETTER_HEADERS,
  KafkaBus,
  KafkaDispatcher,
  PartitionProgress,
  assignRoundRobin,
  deadLetterMessage,
  failureDecision,
  kafkaDeadLetterTopicOf,
  kafkaGroupIdOf,
  kafkaTopicOf,
  parseKafkaMessage,
  subscriptionAwareRoundRobin,
  toKafkaMessage,
} from '../src/bus/kafka';
import type { ConsumedMessage, DispatcherSettings } from '../src/bus/kafka';
import { InProcessBus } from '../src/bus/in-process';
import { createService } from '../src/service';
import { makeEvent, sleep, waitFor } from './bus-contract';
import { freePort } from '../src/testing';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('Kafka configuration', () => {
  it('refuses EVENT_BUS=kafka without KAFKA_BROKERS, naming the variable', () => {
    expect(() => parseConfig({ EVENT_BUS: 'kafka' })).toThrow(ConfigError);
    expect(() => parseConfig({ EVENT_BUS: 'kafka' })).toThrow(/KAFKA_BROKERS: required when EVENT_BUS=kafka/);
    expect(() => parseConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: ' , ' })).toThrow(/KAFKA_BROKERS/);
  });

  it('parses the comma-separated broker list and the Kafka defaults', () => {
    const config = parseConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: ' kafka-0.kafka:9092, kafka-1.kafka:9093 ,' });
    expect(config.EVENT_BUS).toBe('kafka');
    expect(config.KAFKA_BROKERS).toEqual(['kafka-0.kafka:9092', 'kafka-1.kafka:9093']);
    expect(config.KAFKA_TOPIC_PREFIX).toBe('formloom.');
    expect(config.KAFKA_CLIENT_ID).toBeUndefined();
    expect(parseBrokerList('a:1,,b:2')).toEqual(['a:1', 'b:2']);
  });

  it('refuses a broker without a port and a topic prefix Kafka would refuse', () => {
    expect(() => parseConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'kafka-0' })).toThrow(/KAFKA_BROKERS/);
    expect(() => parseConfig({ KAFKA_TOPIC_PREFIX: 'form loom/' })).toThrow(/KAFKA_TOPIC_PREFIX/);
  });

  it('does not ask for brokers when another bus is chosen', () => {
    expect(parseConfig({ EVENT_BUS: 'redis' }).KAFKA_BROKERS).toBeUndefined();
  });

  it('stops a service configured for Kafka without brokers before it opens anything', async () => {
    await expect(
      createService(
        { name: 'kafka-config-test', migrations: [], routes: [] },
        { env: { DATABASE_URL: 'memory://', EVENT_BUS: 'kafka', LOG_LEVEL: 'silent' }, logger: false },
      ),
    ).rejects.toThrow(/KAFKA_BROKERS/);
  });

  it('builds the bus the configuration names (Kafka connecting only when used)', async () => {
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const kafka = createBusFromConfig(
      parseConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: '127.0.0.1:9', KAFKA_TOPIC_PREFIX: 'acme.' }),
      silent,
      { clientId: 'flows' },
    );
    expect(kafka).toBeInstanceOf(KafkaBus);
    expect(kafka.kind).toBe('kafka');
    expect(kafka.durable).toBe(true);
    expect((kafka as KafkaBus).topicOf('form.submitted')).toBe('acme.form.submitted');
    await kafka.close();

    const inProcess = createBusFromConfig(parseConfig({}), silent);
    expect(inProcess).toBeInstanceOf(InProcessBus);
    await inProcess.close();

    expect(() =>
      createBusFromConfig({ ...parseConfig({}), EVENT_BUS: 'kafka', KAFKA_BROKERS: undefined }, silent),
    ).toThrow(ConfigError);
  });
});

describe('Kafka names', () => {
  it('puts each event type on <prefix><type>, dead letters on <prefix>dead-letter, groups at <prefix><group>', () => {
    expect(kafkaTopicOf('formloom.', 'form.submitted')).toBe('formloom.form.submitted');
    expect(kafkaDeadLetterTopicOf('formloom.')).toBe('formloom.dead-letter');
    expect(kafkaGroupIdOf('formloom.', 'workflows-engine')).toBe('formloom.workflows-engine');
    const bus = new KafkaBus({ brokers: ['127.0.0.1:9'] });
    expect(bus.topicOf('flow.created')).toBe('formloom.flow.created');
    expect(bus.deadLetterTopic).toBe('formloom.dead-letter');
    expect(bus.groupIdOf('flows')).toBe('formloom.flows');
  });
});

describe('envelope ↔ Kafka message', () => {
  it('keys the message by the envelope key, carries the envelope as JSON and traceparent as a header', () => {
    const event = { ...makeEvent('form.submitted', 'flow-7', { answers: { w1: 'hi' } }), traceparent: TRACEPARENT };
    const message = toKafkaMessage(event);
    expect(message.key).toBe('flow-7');
    expect(JSON.parse(message.value)).toEqual(event);
    expect(message.headers).toEqual({ traceparent: TRACEPARENT });
    expect(toKafkaMessage(makeEvent('form.submitted', 'flow-7', {})).headers).toEqual({});
  });

  it('reads the envelope back from the value, as bytes or text', () => {
    const event = makeEvent('form.submitted', 'flow-7', { n: 1 });
    const { value } = toKafkaMessage(event);
    expect(parseKafkaMessage({ value: Buffer.from(value) }, 'form.submitted')).toEqual({ ok: true, event });
    expect(parseKafkaMessage({ value })).toEqual({ ok: true, event });
  });

  it('says why a message is not an event of its topic', () => {
    const reason = (value: string | null, type?: string): string => {
      const parsed = parseKafkaMessage({ value }, type);
      return parsed.ok ? 'ok' : parsed.reason;
    };
    expect(reason(null)).toContain('no value');
    expect(reason('{not json')).toContain('invalid JSON');
    expect(reason(JSON.stringify({ id: 'nope', type: 'form.submitted' }))).toContain('invalid envelope');
    expect(reason(toKafkaMessage(makeEvent('flow.created', 'k', {})).value, 'form.submitted')).toContain(
      'does not belong on the topic of "form.submitted"',
    );
  });

  it('dead-letters a message as it was, with where it came from and why', () => {
    const original: ConsumedMessage = {
      topic: 'formloom.form.submitted',
      partition: 3,
      offset: '42',
      key: Buffer.from('flow-7'),
      value: Buffer.from('{"x":1}'),
      headers: { traceparent: TRACEPARENT, [DEAD_LETTER_HEADERS.reason]: 'an earlier failure' },
    };
    const failedAt = new Date('2025-01-02T03:04:05.000Z');
    const message = deadLetterMessage(original, { group: 'workflows-engine', reason: 'boom'.repeat(500), attempts: 5, failedAt });
    expect(message.key).toEqual(original.key);
    expect(message.value).toEqual(original.value);
    expect(message.headers).toEqual({
      traceparent: TRACEPARENT,
      'dlt-original-topic': 'formloom.form.submitted',
      'dlt-original-partition': '3',
      'dlt-original-offset': '42',
      'dlt-group': 'workflows-engine',
      'dlt-reason': 'boom'.repeat(250),
      'dlt-attempts': '5',
      'dlt-failed-at': '2025-01-02T03:04:05.000Z',
    });
  });
});

describe('retry and dead-letter policy', () => {
  const policy = { maxAttempts: 5, retryInitialMs: 1_000, retryMaxMs: 5_000 };

  it('retries with a doubling delay capped at retryMaxMs, then dead-letters at maxAttempts', () => {
    expect([1, 2, 3, 4, 5].map((failures) => failureDecision(failures, policy))).toEqual([
      { action: 'retry', delayMs: 1_000 },
      { action: 'retry', delayMs: 2_000 },
      { action: 'retry', delayMs: 4_000 },
      { action: 'retry', delayMs: 5_000 },
      { action: 'dead-letter' },
    ]);
    expect(failureDecision(1, { ...policy, maxAttempts: 1 })).toEqual({ action: 'dead-letter' });
  });
});

describe('partition assignment', () => {
  it('gives every partition to exactly one member subscribed to its topic, round robin', () => {
    const plan = assignRoundRobin(
      [
        { memberId: 'b', topics: ['t.submitted'] },
        { memberId: 'a', topics: ['t.submitted', 't.created'] },
        { memberId: 'c', topics: ['t.created'] },
      ],
      { 't.submitted': [0, 1, 2, 3], 't.created': [0, 1], 't.nobody': [0] },
    );
    expect(plan).toEqual({
      a: { 't.created': [0], 't.submitted': [0, 2] },
      b: { 't.submitted': [1, 3] },
      c: { 't.created': [1] },
    });
  });

  it('splits one topic evenly between replicas, and leaves surplus members idle', () => {
    const members = ['m1', 'm2'].map((memberId) => ({ memberId, topics: ['t'] }));
    expect(assignRoundRobin(members, { t: [0, 1, 2, 3, 4, 5] })).toEqual({ m1: { t: [0, 2, 4] }, m2: { t: [1, 3, 5] } });
    expect(assignRoundRobin([...members, { memberId: 'm3', topics: ['t'] }], { t: [0] })).toEqual({
      m1: { t: [0] },
      m2: {},
      m3: {},
    });
  });
});

describe('the group protocol assigner', () => {
  it("advertises each member's own topics and assigns from every member's subscription", async () => {
    const partitions: Record<string, number[]> = { 'f.form.submitted': [0, 1, 2], 'f.flow.created': [0] };
    const loaded: string[][] = [];
    // Only the two cluster calls the assigner makes; the leader learns the other members' topics first.
    const cluster = {
      addMultipleTargetTopics: async (topics: string[]) => void loaded.push(topics),
      findTopicPartitionMetadata: (topic: string) =>
        (partitions[topic] ?? []).map((partitionId) => ({ partitionId, leader: 0, partitionErrorCode: 0, replicas: [0], isr: [0] })),
    } as unknown as Cluster;
    const logger = { warn: () => undefined } as unknown as Logger;
    const assigner = subscriptionAwareRoundRobin({ cluster, groupId: 'g', logger });
    const metadata = (topics: string[]): Buffer => assigner.protocol({ topics }).metadata;
    expect(AssignerProtocol.MemberMetadata.decode(metadata(['f.form.submitted']))?.topics).toEqual(['f.form.submitted']);

    const result = await assigner.assign({
      members: [
        { memberId: 'a', memberMetadata: metadata(['f.form.submitted']) },
        { memberId: 'b', memberMetadata: metadata(['f.form.submitted', 'f.flow.created']) },
      ],
      topics: ['f.form.submitted'],
    });
    const decoded = Object.fromEntries(
      result.map(({ memberId, memberAssignment }) => [
        memberId,
        AssignerProtocol.MemberAssignment.decode(memberAssignment)?.assignment,
      ]),
    );
    expect(loaded).toEqual([['f.form.submitted', 'f.flow.created']]);
    expect(decoded).toEqual({
      a: { 'f.form.submitted': [0, 2] },
      b: { 'f.flow.created': [0], 'f.form.submitted': [1] },
    });
  });
});

describe('partition commit watermark', () => {
  it('commits only past messages that are all finished, and refuses offsets taken before', () => {
    const progress = new PartitionProgress('t', 0);
    expect(progress.due()).toBeUndefined();
    expect(['10', '11', '12'].map((offset) => progress.take(offset))).toEqual([true, true, true]);
    expect(progress.due()).toBeUndefined();
    progress.finish('11');
    expect(progress.due()).toBeUndefined();
    progress.finish('10');
    expect(progress.due()).toBe('12');
    progress.committed('12');
    expect(progress.due()).toBeUndefined();
    expect(progress.take('11')).toBe(false);
    progress.finish('12');
    expect(progress.due()).toBe('13');
  });
});

/** Turns `event` into a consumed message at `offset` of its type's topic (partition 0 unless given). */
function consumed(event: EventEnvelope, offset: number, partition = 0): ConsumedMessage {
  const message = toKafkaMessage(event);
  return {
    topic: kafkaTopicOf('formloom.', event.type),
    partition,
    offset: String(offset),
    key: Buffer.from(message.key),
    value: Buffer.from(message.value),
    headers: message.headers,
  };
}

/** A dispatcher whose commits and dead letters are recorded; `handler` is the subscriber's. */
function dispatcherWith(
  handler: DispatcherSettings['handler'],
  overrides: Partial<DispatcherSettings> = {},
): {
  dispatcher: KafkaDispatcher;
  committed: (partition?: number, topic?: string) => string | undefined;
  deadLetters: Array<{ offset: string; reason: string; attempts: number }>;
} {
  const commits = new Map<string, string>();
  const deadLetters: Array<{ offset: string; reason: string; attempts: number }> = [];
  const dispatcher = new KafkaDispatcher({
    concurrency: 16,
    maxAttempts: 3,
    retryInitialMs: 5,
    retryMaxMs: 20,
    handler,
    typeOfTopic: (topic) => (topic.startsWith('formloom.') ? topic.slice('formloom.'.length) : undefined),
    deadLetter: async ({ message, reason, attempts }) => {
      deadLetters.push({ offset: message.offset, reason, attempts });
    },
    commit: async (offsets) => {
      for (const { topic, partition, offset } of offsets) commits.set(`${topic}/${partition}`, offset);
    },
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    context: { group: 'engine' },
    ...overrides,
  });
  return {
    dispatcher,
    committed: (partition = 0, topic = 'formloom.form.submitted') => commits.get(`${topic}/${partition}`),
    deadLetters,
  };
}

describe('KafkaDispatcher (delivery without a broker)', () => {
  let stops: Array<() => Promise<void>>;
  beforeEach(() => {
    stops = [];
  });
  afterEach(async () => {
    for (const stop of stops) await stop();
  });

  /** A dispatcher stopped (forcibly) after the test. */
  function open(...args: Parameters<typeof dispatcherWith>): ReturnType<typeof dispatcherWith> {
    const made = dispatcherWith(...args);
    stops.push(() => made.dispatcher.stop(true));
    return made;
  }

  it('handles one key in order across a retry while other keys go on, then commits past all of them', async () => {
    const handled: string[] = [];
    let failedOnce = false;
    const { dispatcher, committed } = open(async (event) => {
      const { seq } = event.data as { seq: number };
      if (event.key === 'flow-a' && seq === 1 && !failedOnce) {
        failedOnce = true;
        throw new Error('fails once');
      }
      handled.push(`${event.key}:${seq}`);
    });
    const events = [0, 1, 2].flatMap((seq) => ['flow-a', 'flow-b'].map((key) => makeEvent('form.submitted', key, { seq })));
    events.forEach((event, offset) => expect(dispatcher.take(consumed(event, offset))).toBe('taken'));

    await waitFor(() => handled.length === 6, 5_000, 'all handled');
    expect(handled.filter((item) => item.startsWith('flow-a'))).toEqual(['flow-a:0', 'flow-a:1', 'flow-a:2']);
    expect(handled.filter((item) => item.startsWith('flow-b'))).toEqual(['flow-b:0', 'flow-b:1', 'flow-b:2']);
    expect(handled.indexOf('flow-b:2')).toBeLessThan(handled.indexOf('flow-a:1'));
    await waitFor(() => committed() === '6', 5_000, 'offset 6 committed');
  });

  it('does not commit past a message still running, however many after it are done', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handled: string[] = [];
    const { dispatcher, committed } = open(async (event) => {
      if (event.key === 'flow-slow') await slow;
      handled.push(event.key);
    });
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-slow', {}), 0));
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-fast', {}), 1));
    await waitFor(() => handled.includes('flow-fast'), 5_000, 'fast key handled');
    await sleep(50);
    expect(committed()).toBeUndefined();
    release();
    await waitFor(() => committed() === '2', 5_000, 'committed past both');
  });

  it('dead-letters an event after maxAttempts failures, commits past it and goes on with its key', async () => {
    const attempts: string[] = [];
    const { dispatcher, committed, deadLetters } = open(async (event) => {
      attempts.push(event.id);
      if ((event.data as { poison?: boolean }).poison) throw new Error('always fails');
    });
    const poison = makeEvent('form.submitted', 'flow-1', { poison: true });
    const next = makeEvent('form.submitted', 'flow-1', {});
    dispatcher.take(consumed(poison, 0));
    dispatcher.take(consumed(next, 1));

    await waitFor(() => committed() === '2', 5_000, 'both finished');
    expect(attempts).toEqual([poison.id, poison.id, poison.id, next.id]);
    expect(deadLetters).toEqual([{ offset: '0', reason: 'handler failed 3 times: always fails', attempts: 3 }]);
  });

  it('sends malformed messages straight to the dead letters, never to the handler, and commits them', async () => {
    const handled: string[] = [];
    const { dispatcher, committed, deadLetters } = open(async (event) => void handled.push(event.id));
    const good = makeEvent('form.submitted', 'flow-1', {});
    const garbage: ConsumedMessage = { ...consumed(good, 0), value: Buffer.from('{not json') };
    const wrongType: ConsumedMessage = { ...consumed(makeEvent('flow.created', 'flow-1', {}), 1), topic: 'formloom.form.submitted' };
    expect(dispatcher.take(garbage)).toBe('taken');
    expect(dispatcher.take(wrongType)).toBe('taken');
    dispatcher.take(consumed(good, 2));

    await waitFor(() => committed() === '3', 5_000, 'all three committed');
    expect(handled).toEqual([good.id]);
    expect(deadLetters.map(({ offset, attempts, reason }) => ({ offset, attempts, reason: reason.split(':')[0] }))).toEqual([
      { offset: '0', attempts: 0, reason: 'invalid JSON' },
      { offset: '1', attempts: 0, reason: 'event type "flow.created" does not belong on the topic of "form.submitted"' },
    ]);
  });

  it('keeps retrying a dead-letter write that fails, committing only once it is written', async () => {
    let writes = 0;
    const { dispatcher, committed } = open(
      async () => {
        throw new Error('always fails');
      },
      {
        maxAttempts: 1,
        deadLetter: async () => {
          writes += 1;
          if (writes < 3) throw new Error('Kafka is down');
        },
      },
    );
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', {}), 0));
    await waitFor(() => committed() === '1', 5_000, 'committed after the dead letter was written');
    expect(writes).toBe(3);
  });

  it('leaves an event uncommitted when it stops while its dead letter cannot be written', async () => {
    let writes = 0;
    let attempts = 0;
    const { dispatcher, committed } = open(
      async () => {
        attempts += 1;
        throw new Error('always fails');
      },
      {
        maxAttempts: 1,
        deadLetter: async () => {
          writes += 1;
          throw new Error('Kafka is down');
        },
      },
    );
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', {}), 0));
    await waitFor(() => writes >= 1, 5_000, 'a dead-letter write tried');
    await dispatcher.stop(false);
    const writesAtStop = writes;
    await sleep(50);
    expect(committed()).toBeUndefined();
    expect(attempts).toBe(1);
    expect(writes).toBe(writesAtStop);
    expect(dispatcher.size).toBe(0);
  });

  it('counts a malformed message against `concurrency` until its dead letter is written', async () => {
    let release: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { dispatcher, committed } = open(async () => undefined, { concurrency: 1, deadLetter: () => written });
    const garbage: ConsumedMessage = { ...consumed(makeEvent('form.submitted', 'flow-1', {}), 0), value: Buffer.from('{not json') };
    dispatcher.take(garbage);
    expect(dispatcher.full).toBe(true);
    const slot = dispatcher.waitForSlot(60_000);
    release();
    await slot;
    expect(dispatcher.full).toBe(false);
    await waitFor(() => committed() === '1', 5_000, 'the malformed message committed');
  });

  it('ignores a message fetched again that it holds or handled already', async () => {
    const handled: string[] = [];
    const { dispatcher } = open(async (event) => void handled.push(event.id));
    const event = makeEvent('form.submitted', 'flow-1', {});
    expect(dispatcher.take(consumed(event, 0))).toBe('taken');
    expect(dispatcher.take(consumed(event, 0))).toBe('seen');
    await waitFor(() => handled.length === 1);
    expect(dispatcher.take(consumed(event, 0))).toBe('seen');
    await sleep(30);
    expect(handled).toEqual([event.id]);
  });

  it('retries a failed commit until it goes through', async () => {
    let calls = 0;
    const commits: string[] = [];
    const { dispatcher } = open(async () => undefined, {
      commit: async (offsets) => {
        calls += 1;
        if (calls < 3) throw new Error('REBALANCE_IN_PROGRESS');
        commits.push(...offsets.map((o) => o.offset));
      },
    });
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', {}), 0));
    await waitFor(() => commits.includes('1'), 5_000, 'commit went through');
  });

  it('after a rebalance, drops the waiting messages of partitions it lost and commits nothing for them', async () => {
    const handled: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { dispatcher, committed } = open(async (event) => {
      if (event.key === 'flow-1') await gate;
      handled.push(`${event.key}:${(event.data as { seq: number }).seq}`);
    });
    dispatcher.assign('member-1', { 'formloom.form.submitted': [0, 1] });
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', { seq: 0 }), 0, 1));
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', { seq: 1 }), 1, 1));
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-2', { seq: 0 }), 0, 0));
    await waitFor(() => committed(0) === '1', 5_000, 'partition 0 committed');

    // Partition 1 moves to another member while flow-1:0 runs here and flow-1:1 waits behind it.
    dispatcher.assign('member-1', { 'formloom.form.submitted': [0] });
    expect(dispatcher.size).toBe(1);
    release();
    await waitFor(() => handled.includes('flow-1:0'), 5_000, 'running handler finished');
    await sleep(50);
    expect(handled).toEqual(['flow-2:0', 'flow-1:0']);
    expect(committed(1)).toBeUndefined();
  });

  it('forgets everything when it rejoined under a new member id', async () => {
    const { dispatcher } = open(async () => new Promise<void>(() => undefined));
    dispatcher.assign('member-1', { 'formloom.form.submitted': [0] });
    const first = makeEvent('form.submitted', 'flow-1', {});
    dispatcher.take(consumed(first, 0));
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', {}), 1));
    expect(dispatcher.size).toBe(2);
    dispatcher.assign('member-2', { 'formloom.form.submitted': [0] });
    expect(dispatcher.size).toBe(1);
    // Fetched again from the group's committed offset: taken anew (it is still running under the old id).
    expect(dispatcher.take(consumed(first, 0))).toBe('taken');
  });

  it('stops gracefully: waits for running handlers, commits them, and leaves queued messages uncommitted', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const steps: string[] = [];
    const { dispatcher, committed } = open(async (event) => {
      steps.push(`start ${event.key}`);
      await gate;
      steps.push(`end ${event.key}`);
    });
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', {}), 0));
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', {}), 1));
    await waitFor(() => steps.length === 1);

    const stopping = dispatcher.stop(false).then(() => steps.push('stopped'));
    await sleep(30);
    expect(steps).toEqual(['start flow-1']);
    expect(dispatcher.take(consumed(makeEvent('form.submitted', 'flow-3', {}), 2))).toBe('stopped');
    release();
    await stopping;
    expect(steps).toEqual(['start flow-1', 'end flow-1', 'stopped']);
    expect(committed()).toBe('1');
  });

  it('stops forcibly (a crash) without waiting and without committing', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { dispatcher, committed } = open(async () => gate);
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', {}), 0));
    await dispatcher.stop(true);
    release();
    await sleep(30);
    expect(committed()).toBeUndefined();
  });

  it('holds at most `concurrency` messages and says when a slot frees', async () => {
    const gates: Array<() => void> = [];
    const { dispatcher } = open(
      () =>
        new Promise<void>((resolve) => {
          gates.push(resolve);
        }),
      { concurrency: 2 },
    );
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-1', {}), 0));
    dispatcher.take(consumed(makeEvent('form.submitted', 'flow-2', {}), 1));
    expect(dispatcher.full).toBe(true);
    let freed = false;
    const waiting = dispatcher.waitForSlot(60_000).then(() => {
      freed = true;
    });
    await waitFor(() => gates.length === 2);
    expect(freed).toBe(false);
    gates[0]?.();
    await waiting;
    expect(dispatcher.full).toBe(false);
    gates[1]?.();
  });
});

describe('KafkaBus without a reachable broker', () => {
  /** Options that fail fast against a closed port. */
  const unreachable = async (): Promise<ConstructorParameters<typeof KafkaBus>[0]> => ({
    brokers: [`127.0.0.1:${await freePort()}`],
    retry: { retries: 0, initialRetryTime: 50 },
    readyTimeoutMs: 500,
    joinTimeoutMs: 500,
  });

  it('reports not ready, fails publish instead of hanging, and closes', async () => {
    const bus = new KafkaBus(await unreachable());
    try {
      await expect(bus.isReady()).resolves.toBe(false);
      await expect(bus.publish([makeEvent('form.submitted', 'flow-1', {})])).rejects.toThrow();
    } finally {
      await bus.close();
    }
    await expect(bus.isReady()).resolves.toBe(false);
    await expect(bus.publish([makeEvent('form.submitted', 'flow-1', {})])).rejects.toThrow('closed');
  });

  it('subscribes anyway (retrying in the background, logging why) and stops when closed', async () => {
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      error: () => undefined,
      warn: (_context: object, message?: string) => void warnings.push(message ?? ''),
    };
    const bus = new KafkaBus({ ...(await unreachable()), logger });
    const subscription = await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async () => undefined });
    expect(warnings).toEqual(
      expect.arrayContaining(['could not create the topics yet; the consumer will retry until they exist']),
    );
    await subscription.close();
    await bus.close();
  });

  it('refuses invalid options', () => {
    expect(() => new KafkaBus({ brokers: [] })).toThrow(RangeError);
    expect(() => new KafkaBus({ brokers: ['k:9092'], topicPrefix: 'a b' })).toThrow(RangeError);
    expect(() => new KafkaBus({ brokers: ['k:9092'], replicationFactor: 0 })).toThrow(RangeError);
    expect(() => new KafkaBus({ brokers: ['k:9092'], maxAttempts: 0 })).toThrow(RangeError);
    expect(() => new KafkaBus({ brokers: ['k:9092'], sessionTimeoutMs: 6_000, heartbeatIntervalMs: 6_000 })).toThrow(
      RangeError,
    );
  });
});
