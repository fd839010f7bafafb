/**
 * Load test of workflow triggers (docs/benchmarks.md), for clusters. After grafana/quickpizza/k6: shared profiles in
 * `lib/profiles.js`, scenarios with `exec`, a `setup()` that fails fast, thresholds that fail the run, `name`
 * tags so the ids in URLs do not multiply metrics.
 *
 *   k6 run -e BASE_URL=https://formloom.example.com -e PROFILE=average main.js
 *
 * setup()   checks GET /healthz (aborts when the system is down), signs up a fresh user, creates and publishes
 *           a form (a ShortAnswer and an EmailInput), then creates, publishes and enables a thank-you email
 *           workflow on it whose recipient is the email answer; returns the ids and the session.
 * submit    (the profile's arrival rate) posts one valid submission per iteration to the public form.
 * follow    (PROBE_RATE per second, constant) posts a probe submission with a unique address, then polls the
 *           workflow's runs until the probe's run has finished: `run_completed` (Rate) records whether it
 *           succeeded within FOLLOW_TIMEOUT_S, `submit_to_run_completed` (Trend) the time from the
 *           submission's `submissionTime` (flows' clock) to the run's `finishedAt` (the engine's clock) —
 *           both server timestamps, so neither k6's clock nor the polling interval is in the figure.
 * teardown() waits (up to DRAIN_TIMEOUT_S) until the workflow has as many runs as the form has submissions,
 *           then counts `runs_missing` (submissions without a run) and `runs_duplicated` (runs beyond one
 *           per submission).
 *
 * Variables (`-e NAME=value`):
 * | name | default | meaning |
 * | --- | --- | --- |
 * | BASE_URL | http://localhost:8080 | the gateway (the one public URL) |
 * | PROFILE | smoke | smoke, average, stress, spike or soak (see lib/profiles.js) |
 * | RATE | 1000 | planned steady submissions/s of the profile |
 * | DURATION | profile's | duration of the constant profiles / hold of the spike (e.g. `90s`) |
 * | PROBE_RATE | 1 | probe submissions followed to completion per second |
 * | FOLLOW_TIMEOUT_S | 30 | how long a probe waits for its run |
 * | POLL_MS | 500 | wait between two looks at the runs list |
 * | RUNS_PAGE | 500 | runs per page when looking for a probe's run (≤ 1000) |
 * | DRAIN_TIMEOUT_S | 120 | how long teardown waits for the last runs |
 * | SUBMIT_P95_MS / SUBMIT_P99_MS | 25 / 50 | thresholds on the submit request duration |
 * | E2E_P95_MS | 250 | threshold on submit → run completed |
 */
/* global __ENV */
import http from 'k6/http';
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';
import { endpoints, pathOf } from './lib/endpoints.js';
import { DEFAULT_RATE, followScenario, plannedIterations, profileScenario, shapeOf, totalSeconds } from './lib/profiles.js';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const PROFILE = __ENV.PROFILE || 'smoke';
const RATE = Number(__ENV.RATE || DEFAULT_RATE);
const DURATION = __ENV.DURATION || undefined;
const PROBE_RATE = Number(__ENV.PROBE_RATE || 1);
const FOLLOW_TIMEOUT_S = Number(__ENV.FOLLOW_TIMEOUT_S || 30);
const POLL_MS = Number(__ENV.POLL_MS || 500);
const RUNS_PAGE = Math.min(1000, Number(__ENV.RUNS_PAGE || 500));
const DRAIN_TIMEOUT_S = Number(__ENV.DRAIN_TIMEOUT_S || 120);
const SUBMIT_P95_MS = Number(__ENV.SUBMIT_P95_MS || 25);
const SUBMIT_P99_MS = Number(__ENV.SUBMIT_P99_MS || 50);
const E2E_P95_MS = Number(__ENV.E2E_P95_MS || 250);

const SHAPE = shapeOf(PROFILE, RATE, DURATION);
/** Planned submit iterations; more than 1 % of them dropped (no free VU) fails the run. */
const MAX_DROPPED = Math.max(1, Math.floor(plannedIterations(SHAPE) * 0.01));

export const options = {
  scenarios: {
    submit: profileScenario({ profile: PROFILE, rate: RATE, exec: 'submit', duration: DURATION }),
    follow: {
      ...followScenario({ exec: 'follow', rate: PROBE_RATE, durationS: totalSeconds(SHAPE), iterationS: FOLLOW_TIMEOUT_S }),
      // A probe submitted near the end still gets its whole timeout to see its run complete.
      gracefulStop: `${FOLLOW_TIMEOUT_S + 5}s`,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:submit}': [`p(95)<${SUBMIT_P95_MS}`, `p(99)<${SUBMIT_P99_MS}`],
    submit_to_run_completed: [`p(95)<${E2E_P95_MS}`],
    run_completed: ['rate>0.99'],
    'dropped_iterations{scenario:submit}': [`count<${MAX_DROPPED}`],
    runs_missing: ['count<1'],
    runs_duplicated: ['count<1'],
    checks: ['rate>0.99'],
  },
  setupTimeout: '2m',
  teardownTimeout: `${DRAIN_TIMEOUT_S + 60}s`,
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

/** Submission (flows' `submissionTime`) → run `finishedAt` (workflows-engine), ms, successful probes only. */
const submitToRunCompleted = new Trend('submit_to_run_completed', true);
/** Per probe: true when its run succeeded within FOLLOW_TIMEOUT_S. */
const runCompleted = new Rate('run_completed');
/** After the drain: submissions without any run. */
const runsMissing = new Counter('runs_missing');
/** After the drain: runs beyond one per submission. */
const runsDuplicated = new Counter('runs_duplicated');

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };
const PASSWORD = 'load-test-password-1';

/**
 * The form: a name and an email question on one page, then the ending. k6 runs plain JavaScript, so this is a copy
 * of `exampleFormTemplate({ withPlan: false })` (contracts/src/example-forms.ts): keep the two the same.
 */
const FORM_TEMPLATE = {
  firstStep: 's1',
  steps: {
    s1: {
      id: 's1',
      name: 'Page 1',
      type: 'form',
      template: {
        widgets: [
          { id: 'w1', name: 'Name', type: 'ShortAnswer', template: { label: 'Your name', required: true } },
          { id: 'w2', name: 'Email', type: 'EmailInput', template: { label: 'Email', required: true } },
        ],
      },
      nextStep: { defaultNextStep: 'end' },
    },
    end: {
      id: 'end',
      name: 'Thank you',
      type: 'ending',
      template: { title: 'Thanks!', body: "We've received your submission." },
      nextStep: null,
    },
  },
};

/** The gallery's thank-you email workflow on `flowPublicIdentifier`, sent to the email answer (`w2`). */
function workflowTemplate(flowPublicIdentifier) {
  return {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier }, nextNodeId: 'thanks' },
    nodes: {
      thanks: {
        type: 'email',
        nextNodeId: null,
        template: {
          email: {
            subject: 'Thank you for your submission',
            from: { type: 'formloom_notifications' },
            blocks: [
              { type: 'text', text: "Hi there,\n\nWe've received your submission and will be in touch shortly." },
              { type: 'submission_overview', showHidden: false },
            ],
          },
          recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }] },
        },
      },
    },
  };
}

/** Answers of one submission whose email answer is `address`. */
function answersBody(address) {
  return JSON.stringify({ answers: { w1: 'Load Test', w2: address } });
}

/** Aborts the whole test (setup) unless `res` has `status`. */
function must(res, status, what) {
  if (res.status !== status) {
    exec.test.abort(`setup: ${what} answered ${res.status} (expected ${status}): ${String(res.body).slice(0, 300)}`);
  }
  return res;
}

/** A request's params with the session cookie and a `name` tag. */
function session(data, name, extra) {
  return { headers: JSON_HEADERS, cookies: { formloom_session: data.session }, tags: { name }, ...(extra || {}) };
}

/** The URL of catalogue endpoint `id` (lib/endpoints.js, generated from the contracts) with `params` and `query`. */
function url(id, params = {}, query = '') {
  return `${BASE_URL}${pathOf(id, params)}${query ? `?${query}` : ''}`;
}

/** The name of a call in check messages: `POST /admin/flows`. */
function callName(id) {
  return `${endpoints[id].method} ${endpoints[id].path}`;
}

export function setup() {
  const health = http.get(`${BASE_URL}/healthz`, { tags: { name: 'healthz' }, timeout: '10s' });
  if (health.status !== 200) {
    exec.test.abort(`${BASE_URL}/healthz answered ${health.status || health.error}: is Formloom running there?`);
  }

  const email = `k6-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}@example.com`;
  const signup = must(
    http.post(
      url('auth.signUp'),
      JSON.stringify({ email, password: PASSWORD, firstName: 'Load', lastName: 'Test' }),
      { headers: JSON_HEADERS, tags: { name: 'signup' } },
    ),
    201,
    callName('auth.signUp'),
  );
  const cookie = signup.cookies.formloom_session;
  if (!cookie || cookie.length === 0) exec.test.abort('setup: sign-up set no formloom_session cookie');
  const data = { session: cookie[0].value };

  const me = must(http.get(url('auth.me'), session(data, 'me')), 200, callName('auth.me'));
  const workspaceId = me.json('workspaces.0.id');

  const created = must(
    http.post(
      url('flows.create'),
      JSON.stringify({ workspaceId, name: `Load test ${new Date().toISOString()}`, dedupeFormName: true }),
      session(data, 'create_flow'),
    ),
    201,
    callName('flows.create'),
  );
  const flowPublicIdentifier = created.json('flow.publicIdentifier');
  must(
    http.put(
      url('flows.saveTemplate', { publicIdentifier: flowPublicIdentifier }),
      JSON.stringify({ template: FORM_TEMPLATE }),
      session(data, 'save_flow_template'),
    ),
    200,
    callName('flows.saveTemplate'),
  );
  // Every state-changing call sends JSON: an empty object here.
  must(
    http.post(url('flows.publish', { publicIdentifier: flowPublicIdentifier }), '{}', session(data, 'publish_flow')),
    200,
    callName('flows.publish'),
  );

  const template = workflowTemplate(flowPublicIdentifier);
  const workflow = must(
    http.post(
      url('workflows.create'),
      JSON.stringify({ template, isHidden: false, name: 'Load test thank-you email' }),
      session(data, 'create_workflow'),
    ),
    200,
    callName('workflows.create'),
  );
  const workflowId = workflow.json('workflow.id');
  must(
    http.post(url('workflows.publish'), JSON.stringify({ id: workflowId, template }), session(data, 'publish_workflow')),
    200,
    callName('workflows.publish'),
  );
  must(
    http.post(
      url('workflows.enableOrDisable'),
      JSON.stringify({ id: workflowId, isActive: true }),
      session(data, 'enable_workflow'),
    ),
    200,
    callName('workflows.enableOrDisable'),
  );
  console.log(`setup: form ${flowPublicIdentifier}, workflow ${workflowId}, profile ${PROFILE} at ${RATE}/s`);
  return { session: data.session, flowPublicIdentifier, workflowId };
}

/** One submission at the profile's arrival rate. */
export function submit(data) {
  const res = http.post(
    url('publicForms.submit', { publicIdentifier: data.flowPublicIdentifier }),
    answersBody(`load-${exec.scenario.iterationInTest}@example.com`),
    { headers: JSON_HEADERS, tags: { name: 'submit' } },
  );
  check(res, { 'submit: 201': (r) => r.status === 201 });
}

/**
 * Looks for the run whose email step went to `address` among the workflow's runs, newest first, paging back (by
 * the runs list's cursor) until the page reaches runs queued before the submission. Returns the run or undefined.
 */
function findProbeRun(data, address, submittedAtMs) {
  let cursor = null;
  for (let page = 0; page < 20; page += 1) {
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = http.get(url('workflows.runs', { id: data.workflowId }, `limit=${RUNS_PAGE}${after}`), session(data, 'follow_runs'));
    if (res.status !== 200) return undefined;
    const runs = res.json('runs') || [];
    cursor = res.json('nextCursor');
    for (const run of runs) {
      const sentTo = run.steps.some((step) => step.output && Array.isArray(step.output.to) && step.output.to.includes(address));
      if (sentTo) return run;
    }
    const oldest = runs[runs.length - 1];
    // Runs are queued after their submission: older runs cannot be the probe's.
    if (!cursor || runs.length < RUNS_PAGE || !oldest || Date.parse(oldest.createdAt) < submittedAtMs - 1000) return undefined;
  }
  return undefined;
}

/** One probe: a submission followed until its run has finished (or FOLLOW_TIMEOUT_S passed). */
export function follow(data) {
  const address = `probe-${exec.scenario.iterationInTest}-${Date.now().toString(36)}@example.com`;
  const res = http.post(url('publicForms.submit', { publicIdentifier: data.flowPublicIdentifier }), answersBody(address), {
    headers: JSON_HEADERS,
    tags: { name: 'probe_submit' },
  });
  if (!check(res, { 'probe submit: 201': (r) => r.status === 201 })) {
    runCompleted.add(false);
    return;
  }
  const submittedAtMs = Date.parse(res.json('submission.submissionTime'));
  const deadline = Date.now() + FOLLOW_TIMEOUT_S * 1000;
  while (Date.now() < deadline) {
    sleep(POLL_MS / 1000);
    const run = findProbeRun(data, address, submittedAtMs);
    if (run && (run.status === 'succeeded' || run.status === 'failed')) {
      const succeeded = run.status === 'succeeded';
      runCompleted.add(succeeded);
      if (succeeded) submitToRunCompleted.add(Date.parse(run.finishedAt) - submittedAtMs);
      return;
    }
  }
  runCompleted.add(false);
}

/** Counts of the form's submissions and of the workflow's runs (any status). */
function totals(data) {
  const submissions = http.get(
    url('flows.submissions', { publicIdentifier: data.flowPublicIdentifier }, 'limit=1'),
    session(data, 'count_submissions'),
  );
  const runs = http.get(url('workflows.runs', { id: data.workflowId }, 'limit=1'), session(data, 'count_runs'));
  if (submissions.status !== 200 || runs.status !== 200) return undefined;
  return { submissions: submissions.json('totalResponses'), runs: runs.json('total') };
}

export function teardown(data) {
  const deadline = Date.now() + DRAIN_TIMEOUT_S * 1000;
  let last = totals(data);
  while ((!last || last.runs < last.submissions) && Date.now() < deadline) {
    sleep(1);
    last = totals(data);
  }
  if (!last) {
    console.error('teardown: could not count submissions and runs');
    runsMissing.add(1);
    return;
  }
  runsMissing.add(Math.max(0, last.submissions - last.runs));
  runsDuplicated.add(Math.max(0, last.runs - last.submissions));
  console.log(`teardown: ${last.submissions} submissions, ${last.runs} runs`);
}
