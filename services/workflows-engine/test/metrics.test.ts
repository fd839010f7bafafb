/**
 * The engine's `/metrics` as on-call reads it: runs that ended by outcome, with their durations, and the
 * `form.submitted` events its consumer group handled — after real submissions through flows.
 */
import { metricValue, parseMetrics, type MetricSample } from '@formloom/kit/testing';
import { setup, exampleWorkflow, finishedRuns, liveWorkflow, publishedForm, submit, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.close();
});

async function metrics(): Promise<MetricSample[]> {
  const response = await h.engine.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return parseMetrics(response.body);
}

it('counts runs by outcome with their durations, and the submissions consumed', async () => {
  const service = { service: 'workflows-engine' };
  const before = await metrics();
  // Both outcomes are there from the start, so alerts on the failure rate have a series.
  expect(metricValue(before, 'formloom_workflow_runs_total', { ...service, outcome: 'succeeded' })).toBe(0);
  expect(metricValue(before, 'formloom_workflow_runs_total', { ...service, outcome: 'failed' })).toBe(0);

  const form = await publishedForm(h);
  const good = await liveWorkflow(h, exampleWorkflow(form));
  const broken = exampleWorkflow(form);
  // A complete Slack step: it publishes, and fails when run (no executor before the integrations service).
  broken.nodes.n1 = { type: 'slack', nextNodeId: null, template: { serviceId: 1, config: { messageType: 'send_all_fields', channel: '#leads' } } };
  const bad = await liveWorkflow(h, broken);
  await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
  await submit(h, form, { w1: 'Grace', w2: 'grace@example.com' });
  await finishedRuns(h, good, 2);
  await finishedRuns(h, bad, 2);

  const after = await metrics();
  expect(metricValue(after, 'formloom_workflow_runs_total', { ...service, outcome: 'succeeded' })).toBe(2);
  expect(metricValue(after, 'formloom_workflow_runs_total', { ...service, outcome: 'failed' })).toBe(2);
  expect(metricValue(after, 'formloom_workflow_run_duration_seconds_count', { ...service, outcome: 'succeeded' })).toBe(2);
  expect(metricValue(after, 'formloom_workflow_run_duration_seconds_bucket', { ...service, outcome: 'failed', le: '+Inf' })).toBe(2);
  const consumer = { ...service, group: 'workflows-engine', type: 'form.submitted' };
  expect(metricValue(after, 'formloom_consumer_events_total', { ...consumer, outcome: 'processed' })).toBe(2);
  expect(metricValue(after, 'formloom_consumer_lag_events', consumer)).toBe(0);
});
