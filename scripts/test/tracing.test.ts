/**
 * Tracing across the whole product (docs/architecture.md §7), embedded in this process with every part's spans recorded:
 * one public form submission through the gateway yields ONE trace that spans the gateway, flows (the submit
 * request and the `form.submitted` outbox emit) and workflows-engine (the event's consumer and the workflow
 * run it queued), each span a child of the one before it across HTTP, the outbox, the bus and the run queue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createSpanRecorder } from '@formloom/kit/testing';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded';
import { ProductClient } from '../src/product-client';
import { waitFor } from '../src/wait-for';

// The whole product starts in `beforeAll`: under a full parallel test run on two cores that alone can pass two minutes
// (the browser tests allow the same, web/e2e/harness.ts).
jest.setTimeout(240_000);

/** A first start creates three PGlite databases (initdb each): allow for a slow, busy machine. */
const STARTUP_TIMEOUT_MS = 180_000;



/** The `service.name` of the resource a span was recorded under. */
function serviceOf(span: ReadableSpan): string {
  return String(span.resource.attributes['service.name']);
}

/** The one span of `spans` that matches, or a failure naming what was looked for. */
function only(spans: readonly ReadableSpan[], what: string, match: (span: ReadableSpan) => boolean): ReadableSpan {
  const found = spans.filter(match);
  if (found.length !== 1) {
    const seen = spans.map((span) => `${serviceOf(span)}: ${span.name}`).join('\n  ');
    throw new Error(`expected one ${what}, found ${found.length} among:\n  ${seen}`);
  }
  return found[0]!;
}

/** True when `ancestor` is `span`'s parent, grandparent … within `spans`. */
function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan, spans: readonly ReadableSpan[]): boolean {
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  let parentId = span.parentSpanContext?.spanId;
  for (let depth = 0; parentId && depth < 50; depth += 1) {
    if (parentId === ancestor.spanContext().spanId) return true;
    parentId = byId.get(parentId)?.parentSpanContext?.spanId;
  }
  return false;
}

let dataDir: string;
let product: EmbeddedProduct | undefined;
const recorder = createSpanRecorder();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-tracing-'));
  product = await startEmbedded({ dataDir, port: 0, logLevel: 'silent', spanProcessors: [recorder.processor] });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await product?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('follows one submission from the gateway through flows, the bus and the engine in one trace', async () => {
  if (!product) throw new Error('the product did not start');
  const owner = await ProductClient.signUp(product.url, 'ada@example.com', 'analytical-engine');
  const form = await owner.publishFormWithEmailWorkflow('Traced form', { fallbackRecipients: ['ada@example.com'] });
  const { workflowId } = form;

  recorder.reset();
  const respondent = ProductClient.anonymous(product.url);
  const submitted = await respondent.request('POST', `/public/flows/${form.publicIdentifier}/submissions`, {
    answers: { w1: 'Grace Hopper', w2: 'grace@example.com' },
  });
  expect(submitted.status).toBe(201);

  // The run finished (committed inside its span), then its span ended.
  await waitFor(
    async () => {
      const runs = await owner.request<{ runs: { status: string }[] }>('GET', `/admin/workflows/${workflowId}/runs`);
      return runs.body.runs[0]?.status === 'succeeded' ? true : undefined;
    },
    { timeoutMs: 30_000, description: 'the run to succeed' },
  );
  await waitFor(async () => (recorder.spans().some((span) => span.name === 'workflow run') ? true : undefined), {
    timeoutMs: 10_000,
    description: 'the run span to end',
  });

  const all = recorder.spans();
  const gatewayRequest = only(
    all,
    'gateway server span of the submission',
    (span) => serviceOf(span) === 'gateway' && span.kind === SpanKind.SERVER && String(span.attributes['url.path']).endsWith('/submissions'),
  );
  const traceId = gatewayRequest.spanContext().traceId;
  const trace = all.filter((span) => span.spanContext().traceId === traceId);

  // Every part of the product is in the one trace.
  expect(new Set(trace.map(serviceOf))).toEqual(new Set(['gateway', 'flows', 'workflows-engine']));

  // gateway → flows over HTTP.
  const flowsRequest = only(
    trace,
    'flows server span of the submission',
    (span) => serviceOf(span) === 'flows' && span.kind === SpanKind.SERVER,
  );
  expect(flowsRequest.attributes['http.route']).toBe('/public/flows/:publicIdentifier/submissions');
  expect(flowsRequest.name).toBe('POST /public/flows/:publicIdentifier/submissions');
  expect(descendsFrom(flowsRequest, gatewayRequest, trace)).toBe(true);
  expect(serviceOf(trace.find((span) => span.spanContext().spanId === flowsRequest.parentSpanContext?.spanId)!)).toBe('gateway');

  // flows: the outbox emit happens inside the request.
  const emit = only(trace, 'form.submitted emit', (span) => span.name === 'create form.submitted');
  expect(serviceOf(emit)).toBe('flows');
  expect(emit.kind).toBe(SpanKind.PRODUCER);
  expect(descendsFrom(emit, flowsRequest, trace)).toBe(true);

  // Across the bus: the engine's consumer span is the emit's child (the envelope's traceparent).
  const consume = only(trace, 'form.submitted consumer span', (span) => span.name === 'process form.submitted');
  expect(serviceOf(consume)).toBe('workflows-engine');
  expect(consume.kind).toBe(SpanKind.CONSUMER);
  expect(consume.parentSpanContext?.spanId).toBe(emit.spanContext().spanId);
  expect(consume.attributes['messaging.consumer.group.name']).toBe('workflows-engine');
  expect(consume.attributes['formloom.consumer.outcome']).toBe('processed');

  // Across the run queue: the run executes in a span child of the consumer that queued it.
  const run = only(trace, 'workflow run span', (span) => span.name === 'workflow run');
  expect(serviceOf(run)).toBe('workflows-engine');
  expect(run.parentSpanContext?.spanId).toBe(consume.spanContext().spanId);
  expect(run.attributes['formloom.workflow.id']).toBe(workflowId);
  expect(run.attributes['formloom.workflow_run.status']).toBe('succeeded');

  // Nothing of this submission went to another trace; the relay's batch span (a trace of its own) links
  // to the emit.
  const elsewhere = all.filter(
    (span) => span.spanContext().traceId !== traceId && ['process form.submitted', 'workflow run'].includes(span.name),
  );
  expect(elsewhere).toEqual([]);
  const relay = all.filter((span) => serviceOf(span) === 'flows' && span.name === 'send outbox');
  expect(
    relay.some((span) => span.links.some((link) => link.context.spanId === emit.spanContext().spanId)),
  ).toBe(true);
}, 120_000);
