import * as copy from '../src/copy';
import { EmailNodeTemplate, WorkflowTemplate } from '../src/entities/workflow';
import { defaultEmailBody, emailNodeErrors } from '../src/workflows/nodes/email';
import { firstEmailWidgetId, thankYouEmailTemplate } from '../src/workflow-templates';
import { allWidgetsTemplate, exampleTemplateJson } from './fixtures';
import type { FlowTemplate } from '../src/entities/flow-template';

describe('thankYouEmailTemplate', () => {
  it('builds the thank-you email on the form with the answer of its email question as recipient', () => {
    const template = thankYouEmailTemplate({ flowPublicIdentifier: 'abc123', emailWidgetId: 'w2', nodeId: 'n1' });
    expect(template).toEqual({
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc123' }, nextNodeId: 'n1' },
      nodes: {
        n1: {
          type: 'email',
          nextNodeId: null,
          template: {
            email: {
              subject: copy.email.defaultSubject,
              from: { type: 'formloom_notifications' },
              blocks: [
                { type: 'text', text: defaultEmailBody() },
                { type: 'submission_overview', showHidden: false },
              ],
            },
            recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }] },
          },
        },
      },
    });
    expect(WorkflowTemplate.parse(template)).toEqual(template);
    expect(EmailNodeTemplate.safeParse(template.nodes.n1?.template).success).toBe(true);
    expect(emailNodeErrors(template.nodes.n1?.template)).toEqual([]);
  });

  it('writes the default body: greeting first, then the spec line', () => {
    expect(defaultEmailBody().startsWith('Hi there')).toBe(true);
    expect(defaultEmailBody()).toContain("We've received your submission and will be in touch shortly");
  });

  it('uses a fixed list without an email question, and generates a node id', () => {
    const template = thankYouEmailTemplate({ flowPublicIdentifier: 'abc', emailWidgetId: null, fallbackRecipients: ['me@example.com'] });
    const [nodeId] = Object.keys(template.nodes);
    expect(template.trigger.nextNodeId).toBe(nodeId);
    expect(template.nodes[nodeId ?? '']?.template.recipients).toEqual({ type: 'string', list: [{ email: 'me@example.com' }] });
    const empty = thankYouEmailTemplate({ flowPublicIdentifier: 'abc', emailWidgetId: null, nodeId: 'x' });
    expect(empty.nodes.x?.template.recipients).toEqual({ type: 'string', list: [] });
  });

  it('finds the first EmailInput question in page order', () => {
    expect(firstEmailWidgetId(exampleTemplateJson() as FlowTemplate)).toBe('w2');
    expect(firstEmailWidgetId(allWidgetsTemplate())).toBe('emailinput');
    const noEmail = allWidgetsTemplate();
    for (const step of Object.values(noEmail.steps)) {
      if (step.type === 'form') step.template.widgets = step.template.widgets.filter((w) => w.type !== 'EmailInput');
    }
    expect(firstEmailWidgetId(noEmail)).toBeNull();
  });
});
