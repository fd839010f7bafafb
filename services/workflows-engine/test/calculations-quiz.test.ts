/**
 * A workflow's email reads the submission's calculations and quiz points from `form.submitted`
 * (`{{calculations.<id>}}`, `{{quiz.score}}`, `{{quiz.maxScore}}`; `domain/email.ts` `submissionContext`): a quiz
 * with a calculation is submitted through a real flows service and the email says the numbers; an event written
 * before they existed renders them as ''.
 */
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { EmailNodeTemplate } from '@formloom/contracts/entities/workflow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { endpointRequest } from '@formloom/kit/testing';
import { composeEmail as composeWithRunData, emailRunData, submissionContext } from '../src/domain/email';
import { exampleWorkflow, finishedRuns, liveWorkflow, mailOf, setup, submit, WS, type Harness } from './helpers';

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

/** One page: a scored question (a: 2 points, b: 0) and a quantity; the price is 9.5 times the quantity. */
function quizWithPrice(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: {
        id: 'p1',
        name: 'Page 1',
        type: 'form',
        template: {
          widgets: [
            { id: 'q1', name: 'Capital', type: 'MultipleChoice', template: { label: 'Capital of France?', required: true, options: [{ id: 'a', label: 'Paris', points: 2 }, { id: 'b', label: 'Lyon', points: 0 }] } },
            { id: 'n1', name: 'Quantity', type: 'NumberInput', template: { label: 'How many?', required: false } },
          ],
        },
        nextStep: { defaultNextStep: 'end' },
      },
      end: { id: 'end', name: 'End', type: 'ending', template: { title: 'Thanks', body: '' }, nextStep: null },
    },
    calculations: [{ id: 'price', name: 'Price', initialValue: 9.5, updates: [{ operation: 'multiply', value: { var: 'answers.n1' } }] }],
  } as unknown as FlowTemplate;
}

/** The example workflow with a subject and a text block reading the numbers. */
function numbersWorkflow(publicIdentifier: string) {
  const template = exampleWorkflow(publicIdentifier);
  const node = template.nodes.n1 as { template: Record<string, unknown> };
  node.template = {
    email: {
      subject: 'You scored {{quiz.score}} of {{quiz.maxScore}}',
      from: { type: 'formloom_notifications' },
      blocks: [{ type: 'text', text: 'Your price: {{calculations.price}}' }],
    },
    recipients: { type: 'string', list: [{ email: 'ada@example.com' }] },
  };
  return template;
}

it('an email says the calculations and the quiz score of the submission', async () => {
  const created = await h.flows.app.inject(
    endpointRequest(createFlow, { headers: h.headers.writer, body: { workspaceId: WS.main, name: 'Quiz', type: 'quiz', flowTemplate: quizWithPrice() } }),
  );
  expect(created.statusCode).toBe(201);
  const { publicIdentifier } = created.json<{ flow: { publicIdentifier: string } }>().flow;
  expect((await h.flows.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier }, headers: h.headers.writer }))).statusCode).toBe(200);
  const workflowId = await liveWorkflow(h, numbersWorkflow(publicIdentifier));

  await submit(h, publicIdentifier, { q1: 'a', n1: 3 });
  const [run] = (await finishedRuns(h, workflowId, 1)).runs;
  expect(run?.status).toBe('succeeded');
  const [message] = (await mailOf(h, 'admin', { limit: 1000 })).messages.filter((mail) => mail.workflowRunId === run?.id);
  expect(message?.subject).toBe('You scored 2 of 2');
  expect(message?.text).toBe('Your price: 28.5');
});

it('an event written before calculations and quizzes existed reads them as empty', () => {
  const data: FormSubmittedData = {
    flowId: 1,
    flowPublicIdentifier: 'abc',
    flowName: 'Quiz',
    submissionId: 's1',
    submissionTime: '2026-03-05T10:00:00.000Z',
    answers: { q1: 'a' },
    questions: [],
  };
  const composed = composeEmail(EmailNodeTemplate.parse(numbersWorkflow('abc').nodes.n1?.template), data);
  if (!composed.ok) throw new Error(composed.error);
  expect(composed.email.subject).toBe('You scored  of');
  expect(composed.email.text).toBe('Your price: ');
});
