/**
 * Over SMTP, an address taken from the respondent's answers receives at most `WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT`
 * workflow emails per organization and hour: a public form with a thank-you email cannot be used to flood
 * someone's inbox. Past the limit the address is skipped (the step fails when no one is left); fixed recipients
 * the owner chose are never limited.
 */
import * as copy from '@formloom/contracts/copy';
import { thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';
import { createWorkflow as createWorkflowEndpoint, enableOrDisableWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import { endpointRequest } from '@formloom/kit/testing';
import { eventually, finishedRuns, liveWorkflow, publishedForm, setup, submit, users, type Harness } from './helpers';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';

let smtp: TestSmtpServer;
let h: Harness;
beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await setup({ SMTP_URL: smtp.url, MAIL_FROM: 'robot@formloom.test', WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT: '2' });
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

/** The SMTP messages sent to `address` so far. */
function sentTo(address: string): number {
  return smtp.received.filter((message) => message.to.includes(address)).length;
}

it('sends at most the limit to one address from the answers, then skips it and fails the step', async () => {
  const form = await publishedForm(h);
  const workflowId = await liveWorkflow(h, thankYouEmailTemplate({ flowPublicIdentifier: form, emailWidgetId: 'w2' }));
  for (let i = 0; i < 3; i += 1) await submit(h, form, { w1: `Attempt ${i}`, w2: 'victim@example.com' });

  const { runs } = await finishedRuns(h, workflowId, 3);
  const byStatus = runs.map((run) => run.status).sort();
  expect(byStatus).toEqual(['failed', 'succeeded', 'succeeded']);
  const failed = runs.find((run) => run.status === 'failed');
  expect(failed?.steps[0]?.error).toBe(copy.workflows.recipientRateLimited('victim@example.com'));
  await eventually(async () => sentTo('victim@example.com'), (count) => count >= 2, 'two messages');
  expect(sentTo('victim@example.com')).toBe(2);

  // Another respondent's address is not held back.
  await submit(h, form, { w1: 'Someone else', w2: 'other@example.com' });
  await finishedRuns(h, workflowId, 4);
  await eventually(async () => sentTo('other@example.com'), (count) => count === 1, 'the other message');
});

it('never limits a fixed recipient the owner chose', async () => {
  const form = await publishedForm(h);
  const template = thankYouEmailTemplate({ flowPublicIdentifier: form, emailWidgetId: null, fallbackRecipients: ['owner@example.com'] });
  const workflowId = await liveWorkflow(h, template);
  for (let i = 0; i < 3; i += 1) await submit(h, form, { w1: `Lead ${i}`, w2: 'lead@example.com' });
  const { runs } = await finishedRuns(h, workflowId, 3);
  expect(runs.every((run) => run.status === 'succeeded')).toBe(true);
  await eventually(async () => sentTo('owner@example.com'), (count) => count === 3, 'three messages to the owner');
});

describe('an unconfirmed account (docs/product-rules.md §4)', () => {
  /** The writer of the harness, with the `emv` claim workspaces-auth gives an unconfirmed or confirmed user. */
  const writerHeaders = async (emailVerified: boolean) => h.issuer.headers({ ...users.writer, emailVerified });

  it('cannot turn on a workflow that sends email over SMTP, from the gallery or by hand; once confirmed it can', async () => {
    const form = await publishedForm(h);
    const unconfirmed = await writerHeaders(false);

    const fromGallery = await h.engine.app.inject(
      endpointRequest(createWorkflowEndpoint, {
        headers: unconfirmed,
        body: { galleryTemplate: 'thank_you_email', flowPublicIdentifier: form, activate: true },
      }),
    );
    expect(fromGallery.statusCode).toBe(403);
    expect(fromGallery.json().error.message).toBe(copy.workflows.confirmEmailToSend);

    const workflowId = await liveWorkflow(h, thankYouEmailTemplate({ flowPublicIdentifier: form, emailWidgetId: 'w2' }), { enable: false });
    const enable = (headers: { authorization: string }) =>
      h.engine.app.inject(endpointRequest(enableOrDisableWorkflow, { headers, body: { id: workflowId, isActive: true } }));
    const refused = await enable(unconfirmed);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(copy.workflows.confirmEmailToSend);
    expect((await enable(await writerHeaders(true))).statusCode).toBe(200);
  });
});
