/**
 * The email node end to end (spec 001 §3 email template; docs/architecture.md "workflows-engine", email node): with
 * the real flows service and a local SMTP server (the network edge), nothing of ours mocked.
 * - subject, text and recipients read an earlier step's output (`{{nodes.<id>.<field>}}`, `{var: 'nodes.<id>.to'}`);
 * - an `edit_submission` button carries the submission's edit link, and the link opens the submission in flows;
 * - the chosen upload question's files are attached to the SMTP message, and the mail log names them;
 * - the preview goes to the caller's own address only, and is refused when the node is misconfigured, without a
 *   form template, for an unconfirmed address over SMTP, for another organization's form, and past its rate limit.
 */
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { getEditableSubmission } from '@formloom/contracts/api/flows/edit-submissions';
import { getSubmissionFiles } from '@formloom/contracts/api/flows/internal-files';
import { uploadFile } from '@formloom/contracts/api/flows/uploads';
import { previewEmail } from '@formloom/contracts/api/workflows-engine/email-preview';
import type { UploadReference } from '@formloom/contracts/answers/shared/uploads';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { readEditLink } from '@formloom/contracts/rules/edit-links';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { EmailNodeTemplate } from '@formloom/contracts/workflows/nodes/email';
import { endpointRequest } from '@formloom/kit/testing';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';
import { composeEmail, emailRunData, submissionContext } from '../src/domain/email';
import { eventually, exampleForm, finishedRuns, INTERNAL_TOKEN, liveWorkflow, mailOf, setup, submit, users, WS, type Harness } from './helpers';

let smtp: TestSmtpServer;
let h: Harness;
beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await setup({ SMTP_URL: smtp.url, MAIL_FROM: 'robot@formloom.test', EMAIL_PREVIEW_RATE_LIMIT: '6' });
}, 120_000);
afterAll(async () => {
  await h.close();
  await smtp.close();
});

/** The example form with a file upload question `w4` (documents, up to 2 files). */
function formWithUpload(): FlowTemplate {
  const template = exampleForm();
  const page = template.steps.s1;
  if (page?.type !== 'form') throw new Error('the example form has no page s1');
  page.template.widgets.push({ id: 'w4', name: 'CV', type: 'FileUpload', template: { label: 'Your CV', required: false, allowedTypes: 'documents', maxFiles: 2 } });
  return template;
}

/** Creates and publishes `template` as the writer; returns its public identifier. */
async function published(template: FlowTemplate): Promise<string> {
  const created = await h.flows.app.inject(endpointRequest(createFlow, { headers: h.headers.writer, body: { workspaceId: WS.main, name: 'Applications', flowTemplate: template } }));
  expect(created.statusCode).toBe(201);
  const { publicIdentifier } = created.json<{ flow: { publicIdentifier: string } }>().flow;
  const publish = await h.flows.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier }, headers: h.headers.writer }));
  expect(publish.statusCode).toBe(200);
  return publicIdentifier;
}

/** An email node's template: the default subject and sender, `blocks`, to `list`, plus `email` fields. */
function emailTemplate(list: unknown[], blocks: unknown[], email: Record<string, unknown> = {}) {
  return {
    email: { subject: 'Thank you for your submission', from: { type: 'formloom_notifications' }, blocks, ...email },
    recipients: { type: 'string', list },
  };
}

/** A workflow on `form`: the trigger, then the nodes in order. */
function chain(form: string, nodes: Array<[string, unknown]>): WorkflowTemplate {
  return {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: nodes[0]?.[0] ?? null },
    nodes: Object.fromEntries(
      nodes.map(([id, template], index) => [id, { type: 'email', template: template as Record<string, unknown>, nextNodeId: nodes[index + 1]?.[0] ?? null }]),
    ),
  };
}

/** The SMTP messages received for `address` so far. */
const receivedBy = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** The message's body with quoted-printable soft line breaks and `=3D` undone. */
const decoded = (data: string) => data.replace(/=\r\n/g, '').replace(/=3D/g, '=');

describe('an email step reads the outputs of the steps before it', () => {
  it('puts an earlier email’s subject and recipients in its subject, its text and its own recipients', async () => {
    const form = await published(exampleForm());
    const workflow = chain(form, [
      ['first', emailTemplate([{ email: { var: 'answers.w2' } }], [{ type: 'text', text: 'Hi {{answers.w1}}' }], { subject: 'Welcome {{answers.w1}}' })],
      [
        'second',
        emailTemplate(
          [{ email: { var: 'nodes.first.to' } }],
          [
            {
              type: 'text',
              text: {
                type: 'doc',
                content: [
                  { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Follow-up' }] },
                  { type: 'paragraph', content: [{ type: 'text', text: 'We wrote to {{nodes.first.to}}: ', marks: [{ type: 'bold' }] }, { type: 'text', text: '{{nodes.first.subject}}' }] },
                ],
              },
            },
          ],
          { subject: 'Re: {{nodes.first.subject}}' },
        ),
      ],
    ]);
    const workflowId = await liveWorkflow(h, workflow);
    await submit(h, form, { w1: 'Grace', w2: 'grace@example.com' });

    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('succeeded');
    expect(run?.steps.map((step) => step.output)).toEqual([
      expect.objectContaining({ to: ['grace@example.com'], subject: 'Welcome Grace' }),
      expect.objectContaining({ to: ['grace@example.com'], subject: 'Re: Welcome Grace' }),
    ]);
    const { messages } = await mailOf(h);
    const second = messages.find((message) => message.workflowRunId === run?.id && message.subject === 'Re: Welcome Grace');
    expect(second?.to).toEqual(['grace@example.com']);
    expect(second?.text).toBe('Follow-up\n\nWe wrote to grace@example.com: Welcome Grace');
    expect(second?.html).toContain('<h2 style="margin:0 0 14px;font-size:21px;line-height:1.3">Follow-up</h2>');
    expect(second?.html).toContain('<strong>We wrote to grace@example.com: </strong>Welcome Grace');
  });
});

describe('the edit_submission button', () => {
  it('links to the respondent’s edit link, which opens their submission', async () => {
    const form = await published(exampleForm());
    const workflow = chain(form, [
      [
        'n1',
        emailTemplate([{ email: { var: 'answers.w2' } }], [{ type: 'button', buttonText: 'Change my answers', buttonType: 'edit_submission', alignment: 'center' }]),
      ],
    ]);
    const workflowId = await liveWorkflow(h, workflow);
    const submissionId = await submit(h, form, { w1: 'Ada', w2: 'ada.edit@example.com' });
    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('succeeded');

    const [message] = (await mailOf(h)).messages.filter((entry) => entry.workflowRunId === run?.id);
    const href = /<a href="([^"]+)"[^>]*>Change my answers<\/a>/.exec(message?.html ?? '')?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBeDefined();
    const link = new URL(href!);
    expect(link.pathname).toBe(`/t/${form}`);
    expect(message?.text).toContain(`Change my answers: ${href}`);
    expect(message?.html).toContain('text-align:center');

    const edit = readEditLink(link.search);
    expect(edit?.submissionId).toBe(submissionId);
    const opened = await h.flows.app.inject(
      endpointRequest(getEditableSubmission, { params: { publicIdentifier: form, submissionId }, query: { token: edit!.token } }),
    );
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ submission: { answers: Record<string, unknown> } }>().submission.answers).toEqual(expect.objectContaining({ w1: 'Ada', w2: 'ada.edit@example.com' }));
  });
});

describe('attachments', () => {
  it('attaches the chosen upload question’s files to the SMTP message and names them in the mail log', async () => {
    const form = await published(formWithUpload());
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('the end of the CV')]);
    const upload = new FormData();
    upload.append('file', new Blob([content], { type: 'application/pdf' }), 'cv.pdf');
    const uploaded = await h.flows.app.inject({ method: 'POST', url: `${pathOf(uploadFile, { publicIdentifier: form })}?fieldId=w4`, payload: upload });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json<UploadReference>();

    const workflow = chain(form, [
      ['n1', emailTemplate([{ email: 'hr@example.com' }], [{ type: 'text', text: 'A new application' }], { attachments: [{ var: 'answers.w4' }] })],
    ]);
    const workflowId = await liveWorkflow(h, workflow);
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com', w4: [file] });

    const [run] = (await finishedRuns(h, workflowId, 1)).runs;
    expect(run?.status).toBe('succeeded');
    expect(run?.steps[0]?.output).toEqual(expect.objectContaining({ attachments: ['cv.pdf'] }));
    const [mail] = await eventually(async () => receivedBy('hr@example.com'), (list) => list.length > 0, 'the SMTP message');
    expect(mail?.data).toMatch(/Content-Type: multipart\/mixed/);
    expect(mail?.data).toMatch(/Content-Disposition: attachment; filename=cv\.pdf/);
    const base64 = mail!.data.split(/\r\n\r\n/).find((part, index, parts) => /filename=cv\.pdf/.test(parts[index - 1] ?? ''));
    expect(Buffer.from((base64 ?? '').replace(/\r\n--[\s\S]*$/, '').replace(/\r\n/g, ''), 'base64').equals(content)).toBe(true);
    const [logged] = (await mailOf(h)).messages.filter((message) => message.workflowRunId === run?.id);
    expect(logged?.attachments).toEqual(['cv.pdf']);
  });

  it('flows gives a run only the files its own submission holds', async () => {
    const form = await published(formWithUpload());
    const upload = new FormData();
    upload.append('file', new Blob([Buffer.from('%PDF-1.7\nmine')], { type: 'application/pdf' }), 'mine.pdf');
    const mine = (await h.flows.app.inject({ method: 'POST', url: `${pathOf(uploadFile, { publicIdentifier: form })}?fieldId=w4`, payload: upload })).json<UploadReference>();
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com', w4: [mine] });

    // Another submission's run asks flows for `mine`: flows gives nothing of another response.
    const files = await h.flows.app.inject(
      endpointRequest(getSubmissionFiles, {
        params: { publicIdentifier: form, submissionId: '00000000-0000-7000-8000-00000000abcd' },
        headers: { 'x-internal-token': INTERNAL_TOKEN },
        body: { uploadIds: [mine.id] },
      }),
    );
    expect(files.statusCode).toBe(200);
    expect(files.json()).toEqual({ files: [], missing: [mine.id] });
  });
});

describe('composition', () => {
  const data: FormSubmittedData = {
    flowId: 1,
    flowPublicIdentifier: 'abc',
    flowName: 'Contact',
    submissionId: 's1',
    submissionTime: '2026-03-05T10:00:00.000Z',
    answers: { w1: 'Ada', u1: 'newsletter' },
    questions: [{ id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Ada', displayValue: 'Ada' }],
    urlParameters: [{ id: 'u1', name: 'utm_source', value: 'newsletter' }],
  };
  const compose = (blocks: unknown[], approvalButtons?: Array<{ label: string; url: string; color?: string }>) => {
    const composed = composeEmail(EmailNodeTemplate.parse(emailTemplate([{ email: 'a@example.com' }], blocks)), {
      ...emailRunData(data, submissionContext(data)),
      approvalButtons,
    });
    if (!composed.ok) throw new Error(composed.error);
    return composed.email;
  };

  it('reads hidden fields by name, and lists them in the overview with showHidden', () => {
    expect(compose([{ type: 'text', text: 'From {{urlParams.utm_source}}' }]).text).toBe('From newsletter');
    expect(compose([{ type: 'submission_overview', showHidden: false }]).text).toBe('Name: Ada');
    expect(compose([{ type: 'submission_overview', showHidden: true }]).text).toBe('Name: Ada\nutm_source: newsletter');
  });

  it('draws the approval step’s buttons, and nothing without them', () => {
    const blocks = [{ type: 'approval_buttons', alignment: 'center' }];
    const email = compose(blocks, [
      { label: 'Approve', url: 'https://formloom.test/public/approvals/x?state=approve', color: '#d3f9d8' },
      { label: 'Reject', url: 'https://formloom.test/public/approvals/x?state=reject' },
    ]);
    expect(email.html).toContain('<a href="https://formloom.test/public/approvals/x?state=approve" style="display:inline-block;');
    expect(email.html).toContain('background:#d3f9d8');
    expect(email.text).toBe('Approve: https://formloom.test/public/approvals/x?state=approve\nReject: https://formloom.test/public/approvals/x?state=reject');
    expect(compose(blocks).html).not.toContain('<p style="text-align:center');
  });

  it('escapes what an answer says, and links only http(s) buttons', () => {
    const evil = { ...data, answers: { ...data.answers, w1: '<script>x</script>' } };
    const composed = composeEmail(
      EmailNodeTemplate.parse(emailTemplate([{ email: 'a@example.com' }], [{ type: 'text', text: 'Hi {{answers.w1}}' }, { type: 'button', buttonText: 'Go', url: 'javascript:alert(1)' }])),
      emailRunData(evil, submissionContext(evil)),
    );
    if (!composed.ok) throw new Error(composed.error);
    expect(composed.email.html).toContain('Hi &lt;script&gt;x&lt;/script&gt;');
    expect(composed.email.html).not.toContain('javascript:');
  });
});

describe('the preview', () => {
  const template = emailTemplate(
    [{ email: 'someone.else@example.com' }, { email: { var: 'answers.w2' } }],
    [{ type: 'text', text: 'Hello {{answers.w1}}' }, { type: 'submission_overview', showHidden: false }],
    { cc: { enabled: true, recipients: [{ email: 'cc@example.com' }] }, bcc: { enabled: true, recipients: [{ email: 'bcc@example.com' }] } },
  );

  it('goes to the caller’s own address only, whatever the template and the body name', async () => {
    const form = await published(exampleForm());
    const response = await h.engine.app.inject(
      endpointRequest(previewEmail, {
        headers: h.headers.writer,
        body: { flowPublicIdentifier: form, template, flowTemplate: exampleForm(), recipients: ['victim@example.com'] },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sentTo: users.writer.email, messageId: expect.stringMatching(/@formloom\.test>$/) });

    const [mail] = await eventually(async () => receivedBy(users.writer.email), (list) => list.length > 0, 'the preview');
    expect(mail?.to).toEqual([users.writer.email]);
    for (const other of ['someone.else@example.com', 'cc@example.com', 'bcc@example.com', 'victim@example.com', 'ada@example.com']) {
      expect(receivedBy(other)).toEqual([]);
    }
    expect(mail?.data).not.toMatch(/^(Cc|Bcc):/m);
    expect(decoded(mail!.data)).toContain('Hello Ada Lovelace');
    const { messages } = await mailOf(h);
    expect(messages.find((message) => message.text.startsWith('Hello Ada Lovelace'))).toEqual(
      expect.objectContaining({ to: [users.writer.email], cc: [], bcc: [], workflowRunId: null, attachments: [] }),
    );
  });

  it('is refused with the node’s rule messages when the email is misconfigured', async () => {
    const form = await published(exampleForm());
    const broken = emailTemplate([], [{ type: 'button', buttonText: '', url: 'ftp://x' }], { subject: '  ', replyTo: 'not an address' });
    const response = await h.engine.app.inject(endpointRequest(previewEmail, { headers: h.headers.writer, body: { flowPublicIdentifier: form, template: broken, flowTemplate: exampleForm() } }));
    expect(response.statusCode).toBe(422);
    const { error } = response.json<{ error: { code: string; message: string; details: Array<{ path: string; message: string }> } }>();
    expect(error.message).toBe(copy.emailEditor.previewMisconfigured);
    expect(error.details.map((detail) => detail.message)).toEqual([
      copy.workflows.subjectRequired,
      copy.workflows.invalidEmail('not an address'),
      copy.emailEditor.rules.buttonTextRequired,
      copy.emailEditor.rules.buttonUrlInvalid,
    ]);

    // The default subject fills a blank one.
    const withDefault = await h.engine.app.inject(
      endpointRequest(previewEmail, {
        headers: h.headers.writer,
        body: { flowPublicIdentifier: form, template: emailTemplate([], [], { subject: '' }), defaultSubject: 'Approval needed', flowTemplate: exampleForm() },
      }),
    );
    expect(withDefault.statusCode).toBe(200);
  });

  it('needs the form template, a confirmed address over SMTP, and the caller’s own organization’s form', async () => {
    const form = await published(exampleForm());
    const noTemplate = await h.engine.app.inject(endpointRequest(previewEmail, { headers: h.headers.writer, body: { flowPublicIdentifier: form, template } }));
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json<{ error: { message: string } }>().error.message).toBe(copy.emailEditor.flowTemplateUnavailable);

    const unconfirmed = await h.issuer.headers({ ...users.writer, emailVerified: false });
    const refused = await h.engine.app.inject(endpointRequest(previewEmail, { headers: unconfirmed, body: { flowPublicIdentifier: form, template, flowTemplate: exampleForm() } }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(copy.emailEditor.confirmEmailToPreview);

    const outsider = await h.engine.app.inject(endpointRequest(previewEmail, { headers: h.headers.outsider, body: { flowPublicIdentifier: form, template, flowTemplate: exampleForm() } }));
    expect(outsider.statusCode).toBe(404);
    expect(receivedBy('user3@example.com')).toEqual([]);
  });

  it('is limited per user', async () => {
    const form = await published(exampleForm());
    const send = () => h.engine.app.inject(endpointRequest(previewEmail, { headers: h.headers.admin, body: { flowPublicIdentifier: form, template, flowTemplate: exampleForm() } }));
    for (let sent = 0; sent < 6; sent += 1) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: { message: string } }>().error.message).toBe(copy.emailEditor.tooManyPreviews);
    // Another user still may.
    const reader = await h.engine.app.inject(endpointRequest(previewEmail, { headers: h.headers.reader, body: { flowPublicIdentifier: form, template, flowTemplate: exampleForm() } }));
    expect(reader.statusCode).toBe(200);
  });
});
