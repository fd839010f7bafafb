/**
 * Default answers, URL prefill, hidden questions and descriptions (contracts `rules/defaults.ts`,
 * `rules/rich-text.ts`) on the server: a hidden question's answer is computed from the live form and the link's
 * hidden fields — whatever the browser sends for it is ignored — and stored like any answer (list, event, export,
 * saved progress); a link value its question would refuse is ignored; saving refuses a default the question would
 * refuse and a required hidden question; publishing refuses a description piping a later question. Against the
 * real service on PGlite.
 */
import { parse } from 'csv-parse/sync';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { exportSubmissions, listSubmissions, submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { publishFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import type { RichText } from '@formloom/contracts/rules/rich-text';
import { endpointRequest } from '@formloom/kit/testing';
import { countRows, createFlow, outboxRows, setup, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

const PLANS = [
  { id: 'free', label: 'Free' },
  { id: 'pro', label: 'Pro' },
];

/**
 * Page `p`: Name (required), Plan (hidden, from the link's `plan`), Campaign (hidden, fixed 'spring'), Seats
 * (visible, prefilled from the link's `seats`); page `pro` (only for the Pro plan): Company (required); ending.
 */
function prefilledForm(): FlowTemplate {
  const widgets: Widget[] = [
    { id: 'name', name: 'Name', type: 'ShortAnswer', template: { label: 'Name', required: true } },
    { id: 'plan', name: 'Plan', type: 'MultipleChoice', template: { label: 'Plan', required: false, options: PLANS, hidden: true, defaultValue: { kind: 'urlParam', urlParamId: 'plan_field' } } },
    { id: 'campaign', name: 'Campaign', type: 'ShortAnswer', template: { label: 'Campaign', required: false, hidden: true, defaultValue: { kind: 'fixed', value: 'spring' } } },
    { id: 'seats', name: 'Seats', type: 'NumberInput', template: { label: 'Seats', required: false, defaultValue: { kind: 'urlParam', urlParamId: 'seats_field' } } },
  ];
  return {
    firstStep: 'p',
    urlParams: [
      { id: 'plan_field', name: 'plan' },
      { id: 'seats_field', name: 'seats' },
    ],
    steps: {
      p: { id: 'p', name: 'Page 1', type: 'form', template: { widgets }, nextStep: { defaultNextStep: 'end', rules: [{ condition: { equals: [{ var: 'answers.plan' }, 'pro'] }, nextStep: 'pro' }] } },
      pro: { id: 'pro', name: 'Pro', type: 'form', template: { widgets: [{ id: 'company', name: 'Company', type: 'ShortAnswer', template: { label: 'Company', required: true } }] }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thanks', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
    },
  };
}

async function published(template: FlowTemplate): Promise<string> {
  const flow = await createFlow(h, { flowTemplate: template });
  const response = await h.service.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier: flow.publicIdentifier }, headers: h.headers.writer }));
  if (response.statusCode !== 200) throw new Error(`publish failed: ${response.statusCode} ${response.body}`);
  return flow.publicIdentifier;
}

function submitWith(publicIdentifier: string, answers: Record<string, unknown>, urlParameters: Record<string, string>) {
  return h.service.app.inject(endpointRequest(submitAnswers, { params: { publicIdentifier }, body: { answers, urlParameters } }));
}

async function storedAnswers(publicIdentifier: string): Promise<Array<Record<string, unknown>>> {
  const listed = await h.service.app.inject(endpointRequest(listSubmissions, { params: { publicIdentifier }, query: {}, headers: h.headers.writer }));
  const { responses } = listed.json<{ responses: Array<{ questions: Array<{ id: string; value: unknown }> }> }>();
  return responses.map((response) => Object.fromEntries(response.questions.map((question) => [question.id, question.value])));
}

it('computes a hidden question’s answer from the link and ignores what the browser sends for it', async () => {
  const id = await published(prefilledForm());
  // The browser claims Free and another campaign; the link says Pro: the server follows the link, so the Pro page's
  // required Company is asked for.
  const refused = await submitWith(id, { name: 'Ada', plan: 'free', campaign: 'hacked' }, { plan: 'Pro' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.details).toEqual([{ path: 'answers.company', message: copy.answers.required }]);

  const response = await submitWith(id, { name: 'Ada', plan: 'free', campaign: 'hacked', company: 'Acme' }, { plan: 'Pro' });
  expect(response.statusCode).toBe(201);
  const { submissionId } = response.json<{ submission: { submissionId: string } }>().submission;
  expect((await storedAnswers(id))[0]).toMatchObject({ name: 'Ada', plan: 'pro', campaign: 'spring', company: 'Acme' });

  // The event (so workflows and emails) and the export show it like any answer.
  const event = (await outboxRows(h, 'form.submitted')).find((row) => row.key === submissionId)!;
  expect(event.envelope.data.questions).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: 'plan', value: 'pro', displayValue: 'Pro' }),
      expect.objectContaining({ id: 'campaign', value: 'spring', displayValue: 'spring' }),
    ]),
  );
  const file = await h.service.app.inject(endpointRequest(exportSubmissions, { params: { publicIdentifier: id }, query: {}, headers: h.headers.writer }));
  const [header, row] = parse(file.rawPayload.subarray(3)) as string[][];
  expect(row![header!.indexOf('Plan')]).toBe('Pro');
  expect(row![header!.indexOf('Campaign')]).toBe('spring');
});

it('ignores a link value the hidden question would refuse, and never answers a hidden question without a default', async () => {
  const id = await published(prefilledForm());
  const response = await submitWith(id, { name: 'Ada', plan: 'pro' }, { plan: 'platinum' });
  expect(response.statusCode).toBe(201);
  const [stored] = await storedAnswers(id);
  expect(stored).toMatchObject({ name: 'Ada', campaign: 'spring' });
  expect(stored!.plan ?? null).toBeNull();
});

it('keeps a visible question prefilled from the link as the respondent sent it, and refuses it when invalid like any answer', async () => {
  const id = await published(prefilledForm());
  // The respondent kept the link's 12 seats (the browser sends it), or changed them.
  expect((await submitWith(id, { name: 'Ada', seats: '12' }, { seats: '12' })).statusCode).toBe(201);
  expect((await submitWith(id, { name: 'Bo', seats: '3' }, { seats: '12' })).statusCode).toBe(201);
  const answers = await storedAnswers(id);
  expect(answers.map((answer) => answer.seats).sort()).toEqual([12, 3].sort());
  const before = await countRows(h, 'submissions');
  const bad = await submitWith(id, { name: 'Ada', seats: 'many' }, { seats: 'many' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error.details).toEqual([{ path: 'answers.seats', message: copy.answers.invalidNumber }]);
  expect(await countRows(h, 'submissions')).toBe(before);
});

it('stores a hidden question’s answer with a saved progress, computed the same way', async () => {
  const id = await published(prefilledForm());
  const saved = await h.service.app.inject(
    endpointRequest(saveProgress, { params: { publicIdentifier: id }, body: { answers: { name: 'Ada', plan: 'free' }, stepId: 'pro', urlParameters: { plan: 'pro' } } }),
  );
  expect(saved.statusCode).toBe(200);
  const listed = await h.service.app.inject(endpointRequest(listSubmissions, { params: { publicIdentifier: id }, query: { status: 'in_progress' }, headers: h.headers.writer }));
  const [progress] = listed.json<{ responses: Array<{ questions: Array<{ id: string; value: unknown }> }> }>().responses;
  expect(Object.fromEntries(progress!.questions.map((question) => [question.id, question.value]))).toMatchObject({ name: 'Ada', plan: 'pro', campaign: 'spring' });
});

it('refuses to save a default its question would refuse, a default from an unknown hidden field, and a required hidden question', async () => {
  const template = prefilledForm();
  const page = template.steps.p!;
  if (page.type !== 'form') throw new Error('p is a page');
  const [name, plan, campaign] = page.template.widgets as [Widget, Widget, Widget];
  plan.template.defaultValue = { kind: 'fixed', value: 'gold' };
  campaign.template.required = true;
  name.template.defaultValue = { kind: 'urlParam', urlParamId: 'nowhere' };
  const response = await h.service.app.inject({ method: 'POST', url: '/admin/flows', headers: h.headers.writer, payload: { workspaceId: 1, flowTemplate: template } });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual([
    { path: 'flowTemplate.steps.p.template.widgets.0.template.defaultValue', message: copy.flows.defaultUnknownUrlParam },
    { path: 'flowTemplate.steps.p.template.widgets.1.template.defaultValue', message: copy.answers.invalidOption },
    { path: 'flowTemplate.steps.p.template.widgets.2.template.required', message: copy.flows.hiddenNotRequired },
  ]);
});

it('saves a description, refuses an unsafe link in it, and refuses publishing one that pipes a later question', async () => {
  const description = (text: string, href = 'https://example.com/terms'): RichText => ({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }, { type: 'text', text: 'terms', marks: [{ type: 'link', attrs: { href } }] }] }],
  });
  const template = prefilledForm();
  const page = template.steps.p!;
  if (page.type !== 'form') throw new Error('p is a page');
  page.template.widgets[0]!.template.description = description('Hi {{answers.seats}}, read the ');
  const unsafe = structuredClone(template);
  (unsafe.steps.p as typeof page).template.widgets[0]!.template.description = description('Read the ', 'javascript:alert(1)');
  const refused = await h.service.app.inject({ method: 'POST', url: '/admin/flows', headers: h.headers.writer, payload: { workspaceId: 1, flowTemplate: unsafe } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.details).toEqual([
    { path: 'flowTemplate.steps.p.template.widgets.0.template.description.content.0.content.1.marks.0.attrs.href', message: copy.flows.descriptionLinkScheme },
  ]);

  const flow = await createFlow(h, { flowTemplate: template });
  const response = await h.service.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier: flow.publicIdentifier }, headers: h.headers.writer }));
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual([{ path: 'template.steps.p.template.widgets.0.template.description', message: copy.flows.pipedLaterQuestion }]);
});
