/**
 * The email node's template and rules (spec 001 §3, §5; `workflows/nodes/email.ts`), its text blocks' rich text with
 * headings (spec 001 §9; `rules/rich-text*.ts`, `widgets/shared/rich-text.ts`) and the sample submission of a preview
 * (`rules/sample-submission.ts`).
 */
import * as copy from '../src/copy';
import { exampleFormTemplate } from '../src/example-forms';
import { EMAIL_ATTACHMENT_FIELDS_MAX, EMAIL_TEXT_MAX_LENGTH, RICH_TEXT_HEADING_LEVELS } from '../src/limits';
import type { RichText } from '../src/rules/rich-text';
import { plainTextToRichText, richTextHtml, richTextPlainText, toRichText } from '../src/rules/rich-text-convert';
import { sampleSubmission, SAMPLE_SUBMISSION_ID } from '../src/rules/sample-submission';
import { RichText as DescriptionSchema } from '../src/widgets/shared/rich-text';
import { attachmentWidgetId, defaultEmailBody, EmailNodeTemplate, emailNode, emailNodeErrors, emailTextDoc } from '../src/workflows/nodes/email';
import { workflowVariables } from '../src/workflows/variables';

/** A complete email template with `email` fields replaced. */
function complete(email: Record<string, unknown> = {}) {
  const template = emailNode.defaultTemplate();
  return { ...template, email: { ...template.email, ...email }, recipients: { type: 'string', list: [{ email: 'ada@example.com' }] } };
}

const heading = (level: number, text: string) => ({ type: 'heading', attrs: { level }, content: [{ type: 'text', text }] });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });

describe('the email node’s rules beyond the spec’s three', () => {
  it('accepts the default template with a recipient, and describes it by its subject', () => {
    expect(emailNodeErrors(complete())).toEqual([]);
    expect(emailNode.status(complete())).toEqual({ complete: true, description: copy.email.defaultSubject });
    expect(EmailNodeTemplate.safeParse(complete()).success).toBe(true);
  });

  it('keeps the spec’s order: subject, sender, recipients first', () => {
    const template = { email: { subject: '', blocks: [], replyTo: 'nope' }, recipients: { type: 'string', list: [{ email: 'x' }] } };
    expect(emailNodeErrors(template).map((error) => error.message)).toEqual([
      copy.workflows.subjectRequired,
      copy.workflows.chooseSendFrom,
      copy.workflows.invalidEmail('x'),
      copy.workflows.invalidEmail('nope'),
    ]);
    expect(emailNode.status(template).description).toBe(`Setup needed: ${copy.workflows.subjectRequired}`);
  });

  it('checks the reply-to address unless it is empty or a variable', () => {
    expect(emailNodeErrors(complete({ replyTo: 'support@' }))).toEqual([{ path: 'email.replyTo', message: copy.workflows.invalidEmail('support@') }]);
    expect(emailNodeErrors(complete({ replyTo: '{{answers.w2}}' }))).toEqual([]);
    expect(emailNodeErrors(complete({ replyTo: '  ' }))).toEqual([]);
  });

  it('needs a button’s text, and a web address for a url button but not for the edit link', () => {
    const blocks = [
      { type: 'button', buttonText: '', buttonType: 'edit_submission' },
      { type: 'button', buttonText: 'Open', url: '' },
      { type: 'button', buttonText: 'Open', buttonType: 'url', url: 'javascript:alert(1)' },
      { type: 'button', buttonText: 'Open', url: '{{nodes.n1.link}}' },
      { type: 'button', buttonText: 'Open', url: 'https://example.com/x' },
    ];
    expect(emailNodeErrors(complete({ blocks }))).toEqual([
      { path: 'email.blocks.0.buttonText', message: copy.emailEditor.rules.buttonTextRequired },
      { path: 'email.blocks.1.url', message: copy.emailEditor.rules.buttonUrlRequired },
      { path: 'email.blocks.2.url', message: copy.emailEditor.rules.buttonUrlInvalid },
    ]);
  });

  it('attaches only the answers of questions, at most EMAIL_ATTACHMENT_FIELDS_MAX of them', () => {
    expect(emailNodeErrors(complete({ attachments: [{ var: 'answers.w4' }] }))).toEqual([]);
    expect(emailNodeErrors(complete({ attachments: [{ var: 'nodes.n1.file' }] }))).toEqual([
      { path: 'email.attachments.0', message: copy.emailEditor.rules.attachmentNotAnUpload },
    ]);
    expect(attachmentWidgetId({ var: 'answers.w4' })).toBe('w4');
    expect(attachmentWidgetId({ var: 'answers.w4.name' })).toBeNull();
    const many = Array.from({ length: EMAIL_ATTACHMENT_FIELDS_MAX + 1 }, (_, index) => ({ var: `answers.w${index}` }));
    expect(EmailNodeTemplate.safeParse(complete({ attachments: many })).success).toBe(false);
  });

  it('takes every block type, rich or plain text, and falls back on an unknown button style', () => {
    const parsed = EmailNodeTemplate.parse(
      complete({
        blocks: [
          { type: 'text', text: 'Plain' },
          { type: 'text', text: { type: 'doc', content: [heading(1, 'Hello'), paragraph({ type: 'text', text: 'Bold', marks: [{ type: 'bold' }] })] } },
          { type: 'submission_overview', showHidden: true },
          { type: 'button', buttonText: 'Edit', buttonType: 'edit_submission', style: 'sparkly', alignment: 'center' },
          { type: 'approval_buttons' },
        ],
      }),
    );
    expect(parsed.email.blocks.map((block) => block.type)).toEqual(['text', 'text', 'submission_overview', 'button', 'approval_buttons']);
    expect(parsed.email.blocks[3]).toEqual({ type: 'button', buttonText: 'Edit', buttonType: 'edit_submission', style: undefined, alignment: 'center' });
  });

  it('refuses unsafe links, headings of other levels and text over EMAIL_TEXT_MAX_LENGTH in a text block', () => {
    const text = (doc: unknown) => EmailNodeTemplate.safeParse(complete({ blocks: [{ type: 'text', text: doc }] })).success;
    const link = { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] };
    expect(text({ type: 'doc', content: [paragraph(link)] })).toBe(false);
    expect(text({ type: 'doc', content: [heading(4, 'Too deep')] })).toBe(false);
    expect(text({ type: 'doc', content: RICH_TEXT_HEADING_LEVELS.map((level) => heading(level, 'ok')) })).toBe(true);
    expect(text({ type: 'doc', content: [paragraph({ type: 'text', text: 'a'.repeat(EMAIL_TEXT_MAX_LENGTH + 1) })] })).toBe(false);
  });

  it('lets later steps read its recipients, subject and message id', () => {
    const template = {
      trigger: { type: 'formSubmission' as const, template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'a' },
      nodes: {
        a: { type: 'email' as const, template: complete(), nextNodeId: 'b' },
        b: { type: 'email' as const, template: complete(), nextNodeId: null },
      },
    };
    const groups = workflowVariables({ template, nodeId: 'b', formTemplate: exampleFormTemplate(), nodeTitle: () => 'Email' });
    expect(groups.at(-1)).toEqual({
      key: 'nodes.a',
      label: 'Email (a)',
      variables: [
        { path: 'nodes.a.to', label: copy.emailEditor.outputs.to },
        { path: 'nodes.a.subject', label: copy.emailEditor.outputs.subject },
        { path: 'nodes.a.messageId', label: copy.emailEditor.outputs.messageId },
      ],
    });
  });
});

describe('rich text with headings', () => {
  const doc: RichText = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Thanks <Ada>' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'See ' },
          { type: 'text', text: 'terms', marks: [{ type: 'underline' }, { type: 'link', attrs: { href: 'https://example.com/?a=1&b="2"' } }] },
          { type: 'hardBreak' },
          { type: 'text', text: 'line\nbreak', marks: [{ type: 'italic' }] },
        ],
      },
      { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One', marks: [{ type: 'bold' }] }] }] }] },
      { type: 'paragraph' },
    ],
  };

  it('is HTML with every text and address escaped and inline styles per tag', () => {
    expect(richTextHtml(doc, { h1: 'font-size:26px', a: 'color:blue' })).toBe(
      '<h1 style="font-size:26px">Thanks &lt;Ada&gt;</h1>' +
        '<p>See <a href="https://example.com/?a=1&amp;b=&quot;2&quot;" style="color:blue"><u>terms</u></a><br><em>line<br>break</em></p>' +
        '<ul><li><p><strong>One</strong></p></li></ul>' +
        '<p><br></p>',
    );
  });

  it('draws an unsafe link as its text alone', () => {
    const unsafe: RichText = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }] };
    expect(richTextHtml(unsafe)).toBe('<p>x</p>');
  });

  it('is plain text with the heading on its own line, and with blank lines between blocks for an email', () => {
    expect(richTextPlainText(doc)).toBe('Thanks <Ada>\nSee terms (https://example.com/?a=1&b="2")\nline\nbreak\n• One\n');
    expect(richTextPlainText(doc, { blankLines: true })).toBe('Thanks <Ada>\n\nSee terms (https://example.com/?a=1&b="2")\nline\nbreak\n\n• One\n\n');
  });

  it('keeps headings from the editor only when asked (a description has none)', () => {
    const json = { type: 'doc', content: [heading(2, 'Title'), heading(5, 'Deep')] };
    expect(toRichText(json, { headings: true })).toEqual({ type: 'doc', content: [heading(2, 'Title'), heading(3, 'Deep')] });
    expect(toRichText(json)).toBeUndefined();
    expect(DescriptionSchema.safeParse({ type: 'doc', content: [heading(1, 'No')] }).success).toBe(false);
  });

  it('reads a plain text as paragraphs split on blank lines, its single line breaks kept', () => {
    expect(plainTextToRichText('Hi there,\r\n\r\nLine one\nLine two\n\n\n')).toEqual({
      type: 'doc',
      content: [paragraph({ type: 'text', text: 'Hi there,' }), paragraph({ type: 'text', text: 'Line one' }, { type: 'hardBreak' }, { type: 'text', text: 'Line two' })],
    });
    expect(emailTextDoc(defaultEmailBody()).content).toHaveLength(2);
    expect(emailTextDoc(42)).toEqual({ type: 'doc', content: [] });
  });
});

describe('the sample submission of a preview', () => {
  it('answers every question with an answer it accepts, and reads like a real submission', () => {
    const data = sampleSubmission({ template: exampleFormTemplate(), flowId: 7, flowPublicIdentifier: 'abc', flowName: 'Contact', now: new Date('2026-03-05T10:00:00Z') });
    expect(data).toEqual({
      flowId: 7,
      flowPublicIdentifier: 'abc',
      flowName: 'Contact',
      submissionId: SAMPLE_SUBMISSION_ID,
      submissionTime: '2026-03-05T10:00:00.000Z',
      answers: { w1: 'Ada Lovelace', w2: 'ada@example.com', w3: 'o1' },
      questions: [
        { id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Ada Lovelace', displayValue: 'Ada Lovelace' },
        { id: 'w2', name: 'Email', type: 'EmailInput', value: 'ada@example.com', displayValue: 'ada@example.com' },
        { id: 'w3', name: 'Plan', type: 'MultipleChoice', value: 'o1', displayValue: 'Free' },
      ],
      urlParameters: [],
      calculations: [],
    });
  });

  it('reads hidden fields as their names', () => {
    const template = { ...exampleFormTemplate(), urlParams: [{ id: 'u1', name: 'utm_source' }] };
    const data = sampleSubmission({ template, flowId: 1, flowPublicIdentifier: 'abc', flowName: 'Contact' });
    expect(data.urlParameters).toEqual([{ id: 'u1', name: 'utm_source', value: 'utm_source' }]);
    expect(data.answers.u1).toBe('utm_source');
  });
});
