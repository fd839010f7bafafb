/**
 * With SMTP_URL set, the email node hands the message to the SMTP server (a tiny local one) AND records it in
 * the mail log; an SMTP refusal fails the step and the run and logs nothing.
 */
import { exampleWorkflow, eventually, finishedRuns, liveWorkflow, mailOf, publishedForm, setup, submit, type Harness } from './helpers';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';

let smtp: TestSmtpServer;
let h: Harness;
beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await setup({ SMTP_URL: smtp.url, MAIL_FROM: 'robot@formloom.test' });
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

describe('the SMTP mailer', () => {
  it('sends the example workflow’s email over SMTP and logs it', async () => {
    const form = await publishedForm(h);
    const workflowId = await liveWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada', w2: 'ada.l@example.com' });

    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('succeeded');
    const output = run?.steps[0]?.output as { to: string[]; subject: string; messageId: string };
    expect(output.to).toEqual(['ada@example.com']);
    expect(output.messageId).toMatch(/@formloom\.test>$/);

    const sent = await eventually(async () => smtp.received, (list) => list.length > 0, 'the SMTP message');
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.from).toBe('robot@formloom.test');
    expect(mail?.to).toEqual(['ada@example.com']);
    expect(mail?.data).toContain('Subject: Thank you for your submission');
    expect(mail?.data).toContain(`Message-ID: ${output.messageId}`);
    expect(mail?.data).toContain('From: Notifications <robot@formloom.test>');
    expect(mail?.data).toContain('Hi there');

    const { messages } = await mailOf(h);
    expect(messages.filter((message) => message.workflowRunId === run?.id)).toEqual([
      expect.objectContaining({ to: ['ada@example.com'], subject: 'Thank you for your submission', from: '"Notifications" <robot@formloom.test>' }),
    ]);
  });

  it('fails the step and the run when the server refuses the recipient, and logs no message', async () => {
    const form = await publishedForm(h);
    const template = exampleWorkflow(form);
    (template.nodes.n1?.template as { recipients: unknown }).recipients = { type: 'string', list: [{ email: 'reject@example.com' }] };
    const workflowId = await liveWorkflow(h, template);
    const before = smtp.received.length;
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });

    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('failed');
    expect(run?.steps[0]?.status).toBe('failed');
    expect(run?.steps[0]?.error).toMatch(/^SMTP: /);
    expect(smtp.received.length).toBe(before);
    const { messages } = await mailOf(h);
    expect(messages.filter((message) => message.workflowRunId === run?.id)).toEqual([]);
  });
});
