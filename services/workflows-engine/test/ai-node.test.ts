/**
 * The `ai` node end to end (spec 001 §3 ai template, §7 the external AI provider): submissions through a real flows
 * service run workflows whose AI step asks a local server speaking OpenAI's chat completions API (`fake-openai.ts`,
 * the provider at the network edge) and whose email step reads the AI step's output (`{{nodes.<id>.…}}`). Each action
 * sends the run's text and checks the answer; a provider error fails the step with the provider's message and never
 * the key; an engine without a provider fails the step saying so; the AI gallery templates run; the operator's
 * settings are checked at start.
 */
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { WorkflowResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import type { AiNodeTemplate } from '@formloom/contracts/workflows/nodes/ai';
import { aiNode } from '@formloom/contracts/workflows/nodes/ai';
import { emailNode } from '@formloom/contracts/workflows/nodes/email';
import { ConfigError } from '@formloom/kit/config';
import { aiSettingsFromConfig, OPENAI_DEFAULT_MODEL } from '../src/ai-provider';
import { galleryWorkflowTemplate } from '../src/domain/gallery';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai';
import { call, exampleForm, finishedRuns, liveWorkflow, mailOf, publishedForm, setup, submit, type Harness } from './helpers';

const KEY = 'sk-test-0123456789abcdefghijklmnopqrstuvwxyz';

let fake: FakeOpenAi;
let h: Harness;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  h = await setup({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: KEY, AI_MODEL: 'test-model' });
}, 180_000);
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

/** A workflow on `form`: the AI step `a` with `ai`, then an email to ops@example.com whose body is `body`. */
function aiThenEmail(form: string, ai: AiNodeTemplate, body: string, subject = 'AI says'): WorkflowTemplate {
  const email = emailNode.defaultTemplate();
  return {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: 'a' },
    nodes: {
      a: { type: 'ai', template: ai, nextNodeId: 'e' },
      e: {
        type: 'email',
        template: { ...email, email: { ...email.email, subject, blocks: [{ type: 'text', text: body }] }, recipients: { type: 'string', list: [{ email: 'ops@example.com' }] } },
        nextNodeId: null,
      },
    },
  };
}

/** The default AI template with `action` and its settings replaced. */
function ai(patch: Partial<AiNodeTemplate>): AiNodeTemplate {
  return { ...aiNode.defaultTemplate(), ...patch } as AiNodeTemplate;
}

/** Runs `template` on one submission of `form` with `answers`; resolves the finished run. */
async function runOnce(template: WorkflowTemplate, form: string, answers: Record<string, unknown> = { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' }) {
  const workflowId = await liveWorkflow(h, template);
  await submit(h, form, answers);
  const [run] = (await finishedRuns(h, workflowId, 1)).runs;
  if (!run) throw new Error('no run');
  return run;
}

/** The mail log messages of a run. */
async function mailOfRun(runId: string) {
  const { messages } = await mailOf(h, 'admin', { limit: 1000 });
  return messages.filter((message) => message.workflowRunId === runId);
}

describe('each action', () => {
  it('summarizes the whole submission, with its labels and answers as the Results show them, and emails the summary', async () => {
    const form = await publishedForm(h);
    const before = fake.requests.length;
    fake.answer({ content: '  Ada signed up for the Pro plan.  ' });
    const run = await runOnce(aiThenEmail(form, ai({ action: 'summarize' }), 'Summary: {{nodes.a.summary}}'), form);

    expect(run.status).toBe('succeeded');
    expect(run.steps.map((step) => [step.nodeId, step.status])).toEqual([
      ['a', 'succeeded'],
      ['e', 'succeeded'],
    ]);
    expect(run.steps[0]?.output).toEqual({ summary: 'Ada signed up for the Pro plan.' });
    const [message] = await mailOfRun(run.id);
    expect(message?.text).toBe('Summary: Ada signed up for the Pro plan.');

    const [sent, ...more] = fake.requests.slice(before);
    expect(more).toHaveLength(0);
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body.model).toBe('test-model');
    expect(sent?.body.response_format).toBeUndefined();
    const [system, user] = sent?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('about 50 words');
    // The answers with their question names, the choice by its label (displayValue), not its id.
    expect(user?.content).toContain('Form: Contact\nName: Ada\nEmail: ada@example.com\nPlan: Pro');
    expect(user?.content).not.toContain('o2');
  });

  it('summarizes a custom text with its variables filled in, at the length asked', async () => {
    const form = await publishedForm(h);
    const before = fake.requests.length;
    fake.answer({ content: 'Short.' });
    const run = await runOnce(
      aiThenEmail(form, ai({ action: 'summarize', summarize: { textType: 'custom', text: 'Customer {{answers.w1}} wrote in.', textLength: 'long' } }), '{{nodes.a.summary}}'),
      form,
    );
    expect(run.status).toBe('succeeded');
    const sent = fake.requests[before];
    expect(sent?.body.messages[0]?.content).toContain('about 250 words');
    expect(sent?.body.messages[1]?.content).toContain('Customer Ada wrote in.');
    expect(sent?.body.messages[1]?.content).not.toContain('Plan: Pro');
  });

  it('classifies with a JSON schema of the titles and gives the title exactly as written', async () => {
    const form = await publishedForm(h);
    const before = fake.requests.length;
    fake.answer({ content: '{"classification":"FEEDBACK"}' });
    const run = await runOnce(aiThenEmail(form, ai({ action: 'classify' }), 'x', 'New {{nodes.a.classification}}'), form);

    expect(run.status).toBe('succeeded');
    expect(run.steps[0]?.output).toEqual({ classification: 'feedback' });
    expect((await mailOfRun(run.id))[0]?.subject).toBe('New feedback');
    const format = fake.requests[before]?.body.response_format;
    expect(format?.type).toBe('json_schema');
    expect(format?.json_schema?.strict).toBe(true);
    expect(format?.json_schema?.schema).toMatchObject({
      properties: { classification: { type: 'string', enum: ['support ticket', 'feedback', 'feature request'] } },
      required: ['classification'],
      additionalProperties: false,
    });
  });

  it('accepts a plain-text classification from a model that ignored the JSON', async () => {
    const form = await publishedForm(h);
    fake.answer({ content: '"Feature request."' });
    const run = await runOnce(aiThenEmail(form, ai({ action: 'classify' }), 'x'), form);
    expect(run.steps[0]?.output).toEqual({ classification: 'feature request' });
  });

  it('fails the step, sending no email, when the model answers none of the classifications', async () => {
    const form = await publishedForm(h);
    fake.answer({ content: '{"classification":"spam"}' });
    const run = await runOnce(aiThenEmail(form, ai({ action: 'classify' }), 'x'), form);
    const error = copy.ai.notAClassification('spam', ['support ticket', 'feedback', 'feature request']);
    expect(run).toMatchObject({ status: 'failed', error });
    expect(run.steps.map((step) => [step.nodeId, step.status, step.error])).toEqual([['a', 'failed', error]]);
    expect(await mailOfRun(run.id)).toEqual([]);
  });

  it('generates text from a prompt with variables and the submission as context', async () => {
    const form = await publishedForm(h);
    const before = fake.requests.length;
    fake.answer({ content: 'Dear Ada, thank you!' });
    const template = ai({
      action: 'generateText',
      generateText: { prompt: 'Thank {{answers.w1}} warmly.', contextEnabled: true, context: { textType: 'fullSubmission', text: '' } },
    });
    const run = await runOnce(aiThenEmail(form, template, '{{nodes.a.text}}'), form);
    expect(run.steps[0]?.output).toEqual({ text: 'Dear Ada, thank you!' });
    expect((await mailOfRun(run.id))[0]?.text).toBe('Dear Ada, thank you!');
    const user = fake.requests[before]?.body.messages[1]?.content ?? '';
    expect(user.startsWith('Thank Ada warmly.')).toBe(true);
    expect(user).toContain('Context:');
    expect(user).toContain('Plan: Pro');
  });

  it('extracts exactly the fields asked for, each readable by later steps, from a fenced JSON answer', async () => {
    const form = await publishedForm(h);
    const before = fake.requests.length;
    fake.answer({ content: 'Here you go:\n```json\n{"First name": "Ada", "plan": "Pro", "Company": "", "extra": "dropped"}\n```' });
    const template = ai({
      action: 'extractFields',
      extractFields: { textType: 'fullSubmission', text: '', fields: [{ field: 'First name' }, { field: 'Plan' }, { field: 'Company' }] },
    });
    const run = await runOnce(aiThenEmail(form, template, '{{nodes.a.fields.First_name}} / {{nodes.a.fields.Plan}} / {{nodes.a.fields.Company}}'), form);
    expect(run.status).toBe('succeeded');
    expect(run.steps[0]?.output).toEqual({ fields: { First_name: 'Ada', Plan: 'Pro', Company: null } });
    expect((await mailOfRun(run.id))[0]?.text).toBe('Ada / Pro / ');
    expect(fake.requests[before]?.body.response_format?.json_schema?.schema).toEqual({
      type: 'object',
      properties: { 'First name': { type: ['string', 'null'] }, Plan: { type: ['string', 'null'] }, Company: { type: ['string', 'null'] } },
      required: ['First name', 'Plan', 'Company'],
      additionalProperties: false,
    });
  });

  it('fails an extraction whose answer holds none of the fields', async () => {
    const form = await publishedForm(h);
    fake.answer({ content: 'I could not find anything.' });
    const template = ai({ action: 'extractFields', extractFields: { textType: 'fullSubmission', text: '', fields: [{ field: 'Company' }] } });
    const run = await runOnce(aiThenEmail(form, template, 'x'), form);
    expect(run).toMatchObject({ status: 'failed', error: copy.ai.notTheFields });
  });

  it('fails before calling the provider when the text is empty for this submission', async () => {
    const form = await publishedForm(h);
    const before = fake.requests.length;
    const template = ai({ action: 'summarize', summarize: { textType: 'custom', text: '{{answers.w3}}', textLength: 'short' } });
    const run = await runOnce(aiThenEmail(form, template, 'x'), form, { w1: 'Ada', w2: 'ada@example.com' });
    expect(run).toMatchObject({ status: 'failed', error: copy.ai.emptyInput });
    expect(fake.requests.length).toBe(before);
  });
});

describe('provider errors', () => {
  it("fails the step with the provider's message, never with the key", async () => {
    const form = await publishedForm(h);
    fake.answer({ status: 401, message: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.` });
    const run = await runOnce(aiThenEmail(form, ai({ action: 'summarize' }), 'x'), form);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(copy.ai.providerFailed('401 Incorrect API key provided: [redacted]. You can find your API key at https://platform.openai.com/account/api-keys.'));
    expect(JSON.stringify(run)).not.toContain(KEY);
    expect(run.steps.map((step) => step.status)).toEqual(['failed']);
  });

  it('cuts a long error page to a line', async () => {
    const form = await publishedForm(h);
    fake.answer({ status: 400, message: '', raw: `<html><body>${'Bad gateway '.repeat(100)}</body></html>` });
    const run = await runOnce(aiThenEmail(form, ai({ action: 'summarize' }), 'x'), form);
    expect(run.status).toBe('failed');
    expect(run.error?.startsWith('AI provider: 400 <html><body>Bad gateway')).toBe(true);
    expect(run.error?.length).toBeLessThanOrEqual('AI provider: '.length + 300);
  });
});

describe('the AI gallery templates', () => {
  it('ai_thank_you_email writes to the respondent with the generated note', async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'ai_thank_you_email', flowPublicIdentifier: form, activate: true });
    expect(response.statusCode).toBe(200);
    const { workflow } = response.json<WorkflowResponse>();
    expect(workflow.name).toBe(copy.galleryTitles.ai_thank_you_email);
    fake.answer({ content: 'Thank you, Grace! — The team' });
    await submit(h, form, { w1: 'Grace', w2: 'grace@example.com' });
    const [run] = (await finishedRuns(h, workflow.id, 1)).runs;
    expect(run?.status).toBe('succeeded');
    expect((await mailOfRun(run?.id ?? ''))[0]).toMatchObject({ to: ['grace@example.com'], subject: copy.email.defaultSubject, text: 'Thank you, Grace! — The team' });
  });

  it('classify_and_route emails the owner with the classification in the subject', async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'classify_and_route', flowPublicIdentifier: form, activate: true });
    const { workflow } = response.json<WorkflowResponse>();
    fake.answer({ content: '{"classification":"support ticket"}' });
    await submit(h, form, { w1: 'Grace', w2: 'grace@example.com' });
    const [run] = (await finishedRuns(h, workflow.id, 1)).runs;
    expect((await mailOfRun(run?.id ?? ''))[0]).toMatchObject({ to: ['writer@example.com'], subject: 'New support ticket: Contact' });
  });

  it('summarize_submission_and_email emails the owner the summary and the answers', async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'summarize_submission_and_email', flowPublicIdentifier: form, activate: true });
    const { workflow } = response.json<WorkflowResponse>();
    fake.answer({ content: 'Grace wants the free plan.' });
    await submit(h, form, { w1: 'Grace', w2: 'grace@example.com', w3: 'o1' });
    const [run] = (await finishedRuns(h, workflow.id, 1)).runs;
    const [message] = await mailOfRun(run?.id ?? '');
    expect(message?.to).toEqual(['writer@example.com']);
    expect(message?.text).toContain('Grace wants the free plan.');
    expect(message?.text).toContain('Plan: Free');
  });

  it('refuses the AI templates for an organization in the EU_AGENT data region', () => {
    const input = { flowPublicIdentifier: 'abc', formTemplate: exampleForm(), callerEmail: 'owner@example.com', callerUserId: 1 };
    expect(() => galleryWorkflowTemplate('classify_and_route', { ...input, dataRegion: 'EU_AGENT' })).toThrow(copy.ai.notInRegion);
    expect(() => galleryWorkflowTemplate('thank_you_email', { ...input, dataRegion: 'EU_AGENT' })).not.toThrow();
    expect(() => galleryWorkflowTemplate('classify_and_route', input)).not.toThrow();
  });
});

describe('without an AI provider', () => {
  it('fails the AI step saying that AI is not configured', async () => {
    const bare = await setup();
    try {
      const form = await publishedForm(bare);
      const workflowId = await liveWorkflow(bare, aiThenEmail(form, ai({ action: 'summarize' }), 'x'));
      await submit(bare, form, { w1: 'Ada', w2: 'ada@example.com' });
      const [run] = (await finishedRuns(bare, workflowId, 1)).runs;
      expect(run).toMatchObject({ status: 'failed', error: copy.ai.notConfigured });
    } finally {
      await bare.close();
    }
  }, 180_000);
});

describe('the operator settings', () => {
  const base = { AI_TIMEOUT_MS: 60_000, AI_RESPONSE_FORMAT: 'json_schema' as const, AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: undefined };

  it('mean no provider without a base URL or key, and OpenAI with a key alone', () => {
    expect(aiSettingsFromConfig(base)).toBeNull();
    expect(aiSettingsFromConfig({ ...base, AI_API_KEY: KEY })).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: KEY, model: OPENAI_DEFAULT_MODEL });
    expect(aiSettingsFromConfig({ ...base, AI_BASE_URL: 'http://ollama:11434/v1', AI_MODEL: 'llama3.1' })).toMatchObject({ apiKey: undefined, model: 'llama3.1' });
  });

  it('refuse a base URL without a model, and a model without a provider', () => {
    expect(() => aiSettingsFromConfig({ ...base, AI_BASE_URL: 'http://ollama:11434/v1' })).toThrow(ConfigError);
    expect(() => aiSettingsFromConfig({ ...base, AI_MODEL: 'gpt-4o' })).toThrow(/AI_MODEL/);
  });
});
