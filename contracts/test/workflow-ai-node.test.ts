/**
 * The `ai` node's module (spec 001 §3 template, §4 "needs a text choice, content, classifications, fields or a
 * prompt, depending on the action", §5 "AI disabled while incomplete", §9 defaults), its outputs for the variable
 * picker, and the AI gallery templates (spec 001 §2).
 */
import * as copy from '../src/copy';
import { WorkflowTemplate } from '../src/entities/workflow';
import { AGENT_DATA_REGION, AI_MIN_CLASSIFICATIONS } from '../src/limits';
import { exampleFormTemplate } from '../src/example-forms';
import { aiFieldKey, aiNode, aiNodeErrors, type AiNodeTemplate } from '../src/workflows/nodes/ai';
import { nodeRegistry } from '../src/workflows/nodes/registry';
import { aiThankYouEmailTemplate, classifyAndRouteTemplate, summarizeSubmissionAndEmailTemplate } from '../src/workflows/gallery/ai';
import { templatePublishErrors } from '../src/workflows/publish-checks';
import { workflowVariables } from '../src/workflows/variables';

/** The default template changed by `patch`. */
function ai(patch: (template: AiNodeTemplate) => void = () => undefined): AiNodeTemplate {
  const template = aiNode.defaultTemplate();
  patch(template);
  return template;
}

describe('the default template', () => {
  it('summarizes the whole submission, short, and keeps the spec’s default classifications for classify', () => {
    const template = aiNode.defaultTemplate();
    expect(template.action).toBe('summarize');
    expect(template.summarize).toEqual({ textType: 'fullSubmission', text: '', textLength: 'short' });
    expect(template.classify?.classifications).toEqual([{ title: 'support ticket' }, { title: 'feedback' }, { title: 'feature request' }]);
    expect(aiNode.status(template)).toEqual({ complete: true, description: 'Summarize the submission (short)' });
    expect(aiNode.schema.safeParse(template).success).toBe(true);
  });

  it('is a fresh object each time, hidden in the EU_AGENT region, and registered', () => {
    const one = aiNode.defaultTemplate();
    one.classify!.classifications.push({ title: 'x' });
    expect(aiNode.defaultTemplate().classify!.classifications).toHaveLength(3);
    expect(aiNode.hiddenInAgentRegion).toBe(true);
    expect(AGENT_DATA_REGION).toBe('EU_AGENT');
    expect(nodeRegistry.find('ai')).toBe(aiNode);
    expect(aiNode.flowTypes).toEqual(['form']);
  });
});

describe('setup status (spec 001 §4)', () => {
  it.each<[string, (template: AiNodeTemplate) => void, string, string]>([
    ['no action', (t) => ((t as { action: unknown }).action = 'translate'), 'action', copy.ai.chooseAction],
    ['summarize without a text choice', (t) => ((t.summarize as { textType: unknown }).textType = undefined), 'summarize.textType', copy.ai.chooseText],
    ['summarize a blank custom text', (t) => (t.summarize = { textType: 'custom', text: '  ', textLength: 'short' }), 'summarize.text', copy.ai.addText],
    [
      'classify into one class',
      (t) => {
        t.action = 'classify';
        t.classify!.classifications = [{ title: 'spam' }];
      },
      'classify.classifications',
      copy.ai.addClassifications(AI_MIN_CLASSIFICATIONS),
    ],
    [
      'classify with an unnamed class',
      (t) => {
        t.action = 'classify';
        t.classify!.classifications.push({ title: ' ' });
      },
      'classify.classifications.3.title',
      copy.ai.nameClassification,
    ],
    [
      'classify with a class twice',
      (t) => {
        t.action = 'classify';
        t.classify!.classifications.push({ title: 'Feedback' });
      },
      'classify.classifications.3.title',
      copy.ai.repeatedClassification('Feedback'),
    ],
    ['generate without a prompt', (t) => (t.action = 'generateText'), 'generateText.prompt', copy.ai.addPrompt],
    [
      'generate with a blank custom context',
      (t) => {
        t.action = 'generateText';
        t.generateText = { prompt: 'Hi', contextEnabled: true, context: { textType: 'custom', text: '' } };
      },
      'generateText.context.text',
      copy.ai.addText,
    ],
    ['extract no field', (t) => (t.action = 'extractFields'), 'extractFields.fields', copy.ai.addFields],
    [
      'extract a field twice',
      (t) => {
        t.action = 'extractFields';
        t.extractFields!.fields = [{ field: 'First name' }, { field: 'first-name' }, { field: 'First Name' }];
      },
      'extractFields.fields.2.field',
      copy.ai.repeatedField('First Name'),
    ],
  ])('%s is incomplete', (_name, patch, path, message) => {
    const template = ai(patch);
    expect(aiNodeErrors(template)[0]).toEqual({ path, message });
    expect(aiNode.status(template)).toEqual({ complete: false, description: `Setup needed: ${message}` });
  });

  it('needs no context when the context is off, and describes each complete action', () => {
    expect(aiNode.status(ai((t) => (t.summarize!.textLength = 'long')))).toEqual({ complete: true, description: 'Summarize the submission (long)' });
    expect(aiNode.status(ai((t) => (t.summarize = { textType: 'custom', text: '{{answers.w1}}', textLength: 'medium' })))).toEqual({
      complete: true,
      description: 'Summarize a text (medium)',
    });
    expect(aiNode.status(ai((t) => (t.action = 'classify'))).description).toBe('Classify as support ticket, feedback, feature request');
    const generate = ai((t) => {
      t.action = 'generateText';
      t.generateText = { prompt: 'Write a haiku', contextEnabled: false, context: { textType: 'custom', text: '' } };
    });
    expect(aiNode.status(generate)).toEqual({ complete: true, description: copy.ai.describeGenerateText });
    const extract = ai((t) => {
      t.action = 'extractFields';
      t.extractFields!.fields = [{ field: 'Company' }, { field: 'Budget' }];
    });
    expect(aiNode.status(extract)).toEqual({ complete: true, description: 'Extract Company, Budget' });
  });

  it('never throws, whatever the template', () => {
    for (const junk of [null, undefined, 1, 'ai', [], { action: 'classify' }, { action: 'classify', classify: { classifications: 'x' } }]) {
      expect(() => aiNode.status(junk)).not.toThrow();
      expect(aiNode.status(junk).complete).toBe(false);
      expect(() => aiNode.outputs(junk)).not.toThrow();
    }
  });

  it('refuses to publish an incomplete AI step, at the node’s paths', () => {
    const template = WorkflowTemplate.parse({
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'a' },
      nodes: { a: { type: 'ai', template: ai((t) => (t.action = 'generateText')), nextNodeId: null } },
    });
    expect(templatePublishErrors(template)).toEqual([{ path: 'nodes.a.template.generateText.prompt', message: copy.ai.addPrompt }]);
  });
});

describe('outputs (the variable picker)', () => {
  it('offers summary, classification, text, or one field per name to extract', () => {
    expect(aiNode.outputs(ai())).toEqual([{ field: 'summary', label: 'Summary' }]);
    expect(aiNode.outputs(ai((t) => (t.action = 'classify')))).toEqual([{ field: 'classification', label: 'Classification' }]);
    expect(aiNode.outputs(ai((t) => (t.action = 'generateText')))).toEqual([{ field: 'text', label: 'Generated text' }]);
    const extract = ai((t) => {
      t.action = 'extractFields';
      t.extractFields!.fields = [{ field: ' First name ' }, { field: '' }, { field: 'e-mail' }, { field: 'first_name' }];
    });
    expect(aiNode.outputs(extract)).toEqual([
      { field: 'fields.First_name', label: 'First name' },
      { field: 'fields.e-mail', label: 'e-mail' },
    ]);
  });

  it('makes output keys that a {{variable}} can hold', () => {
    expect(aiFieldKey('First name')).toBe('First_name');
    expect(aiFieldKey(' Prénom / nom ')).toBe('Pr_nom_nom');
    expect(aiFieldKey('!!!')).toBe('field');
  });

  it('lets a later step read an AI step’s fields', () => {
    const template: WorkflowTemplate = {
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'f' }, nextNodeId: 'a' },
      nodes: { a: { type: 'ai', template: ai((t) => (t.action = 'classify')), nextNodeId: 'e' }, e: { type: 'email', template: {}, nextNodeId: null } },
    };
    const groups = workflowVariables({ template, nodeId: 'e', nodeTitle: (type) => (type === 'ai' ? copy.ai.title : type) });
    expect(groups.at(-1)).toEqual({ key: 'nodes.a', label: 'AI (a)', variables: [{ path: 'nodes.a.classification', label: 'Classification' }] });
  });
});

describe('the AI gallery templates (spec 001 §2)', () => {
  const input = { flowPublicIdentifier: 'abc', ownerEmail: 'owner@example.com', emailWidgetId: 'w2', nodeIds: { ai: 'a1', email: 'e1' } };

  it('are complete workflows of a trigger, an AI step and an email that reads its output', () => {
    for (const build of [summarizeSubmissionAndEmailTemplate, classifyAndRouteTemplate, aiThankYouEmailTemplate]) {
      const template = WorkflowTemplate.parse(build(input));
      expect(templatePublishErrors(template)).toEqual([]);
      expect(template.trigger).toEqual({ type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'a1' });
      expect(template.nodes.a1).toMatchObject({ type: 'ai', nextNodeId: 'e1' });
      expect(template.nodes.e1).toMatchObject({ type: 'email', nextNodeId: null });
    }
  });

  it('summarize_submission_and_email emails the owner the summary', () => {
    const { nodes } = summarizeSubmissionAndEmailTemplate(input);
    expect(nodes.a1?.template).toMatchObject({ action: 'summarize', summarize: { textType: 'fullSubmission', textLength: 'short' } });
    expect(nodes.e1?.template).toMatchObject({ recipients: { type: 'string', list: [{ email: 'owner@example.com' }] } });
    expect(JSON.stringify(nodes.e1?.template)).toContain('{{nodes.a1.summary}}');
  });

  it('classify_and_route classifies with the default classifications and puts the result in the subject', () => {
    const { nodes } = classifyAndRouteTemplate(input);
    expect(nodes.a1?.template).toMatchObject({ action: 'classify' });
    expect((nodes.e1?.template as { email: { subject: string } }).email.subject).toBe('New {{nodes.a1.classification}}: {{flow.name}}');
  });

  it('ai_thank_you_email writes to the respondent, or to the owner when the form asks for no email', () => {
    const { nodes } = aiThankYouEmailTemplate(input);
    expect(nodes.a1?.template).toMatchObject({ action: 'generateText', generateText: { contextEnabled: true, context: { textType: 'fullSubmission' } } });
    expect(nodes.e1?.template).toMatchObject({
      email: { subject: copy.email.defaultSubject, blocks: [{ type: 'text', text: '{{nodes.a1.text}}' }] },
      recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }] },
    });
    const noEmail = aiThankYouEmailTemplate({ ...input, emailWidgetId: null });
    expect(noEmail.nodes.e1?.template).toMatchObject({ recipients: { type: 'string', list: [{ email: 'owner@example.com' }] } });
  });

  it('generate node ids when none are given', () => {
    const template = classifyAndRouteTemplate({ ...input, nodeIds: undefined });
    expect(Object.keys(template.nodes)).toHaveLength(2);
    expect(exampleFormTemplate().steps.s1).toBeDefined();
  });
});
