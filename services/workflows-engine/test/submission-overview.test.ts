/**
 * One answer text everywhere (docs/architecture.md "Widget registry"): a form with a question of EVERY
 * registered type is submitted through a real flows service; the thank-you email's submission overview (composed
 * by the engine from the resulting `form.submitted` event) and the Results table's data (flows'
 * `GET /admin/flows/:id/submissions`) show the same text for every question. Events written before
 * `displayValue` existed still render as before.
 */
import type { SubmissionsResponse } from '@formloom/contracts/api/flows/submissions';
import { EmailNodeTemplate } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { downloadUpload, uploadFile } from '@formloom/contracts/api/flows/uploads';
import type { UploadReference } from '@formloom/contracts/answers/shared/uploads';
import { everyWidgetAnswers, everyWidgetDisplayWithLinks, everyWidgetFiles, everyWidgetTemplate, withUploadedFiles } from '@formloom/contracts/widgets/samples';
import { escapeHtml } from '@formloom/kit/mail';
import { composeEmail as composeWithRunData, emailRunData, submissionContext } from '../src/domain/email';
import { eventually, exampleWorkflow, finishedRuns, liveWorkflow, mailOf, setup, submit, WS, type Harness } from './helpers';

/** Composes the email of `template` for the `form.submitted` data `data`, as the executor does for a first step. */
function composeEmail(template: Parameters<typeof composeWithRunData>[0], data: FormSubmittedData) {
  return composeWithRunData(template, emailRunData(data, submissionContext(data)));
}

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.close();
});

/** Creates and publishes the every-type form through flows' HTTP API; returns its public identifier. */
async function publishedEveryWidgetForm(): Promise<string> {
  const created = await h.flows.app.inject({
    method: 'POST',
    url: '/admin/flows',
    headers: h.headers.writer,
    payload: { workspaceId: WS.main, name: 'Every type', flowTemplate: everyWidgetTemplate() },
  });
  expect(created.statusCode).toBe(201);
  const { publicIdentifier } = created.json<{ flow: { publicIdentifier: string } }>().flow;
  const published = await h.flows.app.inject({ method: 'POST', url: `/admin/flows/${publicIdentifier}/publish`, headers: h.headers.writer });
  expect(published.statusCode).toBe(200);
  return publicIdentifier;
}

/**
 * The sample answers with their files (FileUpload, Signature) uploaded to the form first, as a respondent's browser
 * does (flows takes only files uploaded for the form and question).
 */
async function answersWithUploads(publicIdentifier: string): Promise<Record<string, unknown>> {
  const uploaded = new Map<string, UploadReference>();
  for (const { widgetId, file, content } of everyWidgetFiles()) {
    const form = new FormData();
    form.append('file', new Blob([content], { type: file.contentType }), file.name);
    const url = `${pathOf(uploadFile, { publicIdentifier })}?fieldId=${widgetId}`;
    const response = await h.flows.app.inject({ method: 'POST', url, payload: form });
    expect(response.statusCode).toBe(201);
    uploaded.set(file.id, response.json<UploadReference>());
  }
  return withUploadedFiles(everyWidgetAnswers(), uploaded);
}

/** The Results table's data: the questions of the form's only submission. */
async function resultsQuestions(publicIdentifier: string) {
  const response = await h.flows.app.inject({ method: 'GET', url: `/admin/flows/${publicIdentifier}/submissions`, headers: h.headers.writer });
  expect(response.statusCode).toBe(200);
  const [submission] = response.json<SubmissionsResponse>().responses;
  return submission?.questions ?? [];
}

/**
 * The overview block's rows of a plain-text email, read in the order of `names`: `<name>: <text>` each, where
 * a text may span lines (a LongAnswer). Returns the text of each name.
 */
function overviewTexts(emailText: string, names: readonly string[]): string[] {
  const block = emailText.split('\n\n').find((part) => part.startsWith(`${names[0]}: `)) ?? '';
  return names.map((name, index) => {
    const start = block.indexOf(`${name}: `) + name.length + 2;
    const next = names[index + 1];
    const end = next === undefined ? block.length : block.indexOf(`\n${next}: `, start);
    return block.slice(start, end);
  });
}

it('the thank-you email and the Results table show the same text for every question type', async () => {
  const form = await publishedEveryWidgetForm();
  const workflow = exampleWorkflow(form);
  const workflowId = await liveWorkflow(h, workflow);
  const answers = await answersWithUploads(form);
  const submissionId = await submit(h, form, answers);

  const [run] = (await finishedRuns(h, workflowId, 1)).runs;
  expect(run?.status).toBe('succeeded');
  const { messages } = await mailOf(h, 'admin', { limit: 1000 });
  const message = messages.find((candidate) => candidate.workflowRunId === run?.id);
  if (!message) throw new Error('no email for the run');

  const results = await resultsQuestions(form);
  // Files read with their links (flows' PUBLIC_URL, default http://localhost:8080), in the email as in the results.
  const fileUrl = (file: UploadReference) => `http://localhost:8080${pathOf(downloadUpload, { publicIdentifier: form, uploadId: file.id })}`;
  expect(results.map((question) => question.displayValue)).toEqual(Object.values(everyWidgetDisplayWithLinks(answers, fileUrl)));
  const names = results.map((question) => question.name);
  const inEmail = overviewTexts(message.text, names);
  results.forEach((question, index) => {
    expect({ question: question.name, text: inEmail[index] }).toEqual({ question: question.name, text: question.displayValue });
    expect(message.html).toContain(`>${escapeHtml(question.displayValue).replace(/\n/g, '<br>')}</td>`);
  });

  // The same text when the engine composes the email straight from the event flows emitted.
  const event = await eventually(
    async () => h.submitted.find((envelope) => (envelope.data as FormSubmittedData).submissionId === submissionId),
    (found) => found !== undefined,
    'the form.submitted event',
  );
  const composed = composeEmail(EmailNodeTemplate.parse(workflow.nodes.n1?.template), event?.data as FormSubmittedData);
  if (!composed.ok) throw new Error(composed.error);
  expect(overviewTexts(composed.email.text, names)).toEqual(results.map((question) => question.displayValue));
});

it('an event written before displayValue existed still renders its overview as before', () => {
  const data: FormSubmittedData = {
    flowId: 1,
    flowPublicIdentifier: 'abc',
    flowName: 'Contact',
    submissionId: 's1',
    submissionTime: '2026-03-05T10:00:00.000Z',
    answers: { w1: 'Ada', w3: ['o1', 'o2'] },
    questions: [
      { id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Ada' },
      { id: 'w3', name: 'Plans', type: 'Checkboxes', value: ['o1', 'o2'] },
    ],
  };
  const template = EmailNodeTemplate.parse(exampleWorkflow('abc').nodes.n1?.template);
  const composed = composeEmail(template, data);
  if (!composed.ok) throw new Error(composed.error);
  expect(overviewTexts(composed.email.text, ['Name', 'Plans'])).toEqual(['Ada', 'o1, o2']);
});
