/**
 * Node and trigger types as modules (docs/architecture.md "Adding a node type"): each registered type's
 * default template, status line and publish checks, the registries, and the publish checks of a whole
 * template (spec 001 §3–§5, §9).
 */
import { z } from 'zod';
import * as copy from '../src/copy';
import { NodeType, TriggerType, WorkflowTemplate } from '../src/entities/workflow';
import { defineNode, registryOf } from '../src/workflows/define';
import { emailNode } from '../src/workflows/nodes/email';
import { NODE_DEFINITIONS, nodeRegistry } from '../src/workflows/nodes/registry';
import { templatePublishErrors } from '../src/workflows/publish-checks';
import { formSubmissionTrigger } from '../src/workflows/triggers/form-submission';
import { TRIGGER_DEFINITIONS, triggerRegistry } from '../src/workflows/triggers/registry';

/** A template: formSubmission on `abc` → the given nodes (the trigger leads to `first`). */
function template(nodes: Record<string, unknown>, first: string | null = 'n1'): WorkflowTemplate {
  return WorkflowTemplate.parse({
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: first },
    nodes,
  });
}

/** A complete email node template. */
function completeEmail() {
  return { ...emailNode.defaultTemplate(), recipients: { type: 'string' as const, list: [{ email: 'ada@example.com' }] } };
}

describe('the registries', () => {
  it('register each implemented type once, every one a spec type, and nothing else', () => {
    expect(NODE_DEFINITIONS.map((definition) => definition.type)).toEqual(expect.arrayContaining(['email', 'delay', 'filter', 'branch', 'approval', 'webhook', 'code', 'ai', 'slack']));
    expect(new Set(NODE_DEFINITIONS.map((definition) => definition.type)).size).toBe(NODE_DEFINITIONS.length);
    expect(TRIGGER_DEFINITIONS.map((definition) => definition.type)).toEqual([
      'formSubmission',
      'formAbandoned',
      'beforeEventStarts',
      'eventCanceled',
      'eventRescheduled',
      'ziteExecution',
    ]);
    for (const definition of NODE_DEFINITIONS) expect(NodeType.options).toContain(definition.type);
    for (const definition of TRIGGER_DEFINITIONS) expect(TriggerType.options).toContain(definition.type);
    expect(nodeRegistry.find('email')).toBe(emailNode);
    expect(triggerRegistry.find('formSubmission')).toBe(formSubmissionTrigger);
    expect(nodeRegistry.find('notAType')).toBeUndefined();
    expect(nodeRegistry.find('constructor')).toBeUndefined();
  });

  it('refuses a type registered twice', () => {
    expect(() => registryOf([emailNode, emailNode])).toThrow('"email" is registered twice');
  });
});

describe('the email node module (spec 001 §3–§5, §9)', () => {
  it('starts from the spec defaults and needs only recipients', () => {
    const fresh = emailNode.defaultTemplate();
    expect(emailNode.schema.safeParse(fresh).success).toBe(true);
    expect(fresh.email.subject).toBe('Thank you for your submission');
    expect(fresh.email.blocks[0]).toEqual({ type: 'text', text: "Hi there,\n\nWe've received your submission and will be in touch shortly." });
    expect(emailNode.status(fresh)).toEqual({ complete: false, description: `Setup needed: ${copy.workflows.recipientsRequired}` });
    expect(emailNode.defaultTemplate()).not.toBe(fresh);
    expect(emailNode.status(completeEmail())).toEqual({ complete: true, description: 'Thank you for your submission' });
  });

  it('checks a node at publish relative to the node: the rules, then shape issues no rule covers', () => {
    const broken = completeEmail() as Record<string, unknown> & { email: Record<string, unknown> };
    broken.email = { ...broken.email, subject: '', blocks: [{ type: 'video' }], from: { type: 'someone' } };
    expect(emailNode.publishErrors({ nextNodeId: null, template: broken })).toEqual([
      { path: 'template.email.subject', message: copy.workflows.subjectRequired },
      { path: 'template.email.from', message: copy.workflows.chooseSendFrom },
      { path: 'template.email.blocks.0.type', message: copy.validation.invalidValue },
    ]);
    expect(emailNode.publishErrors({ nextNodeId: null, template: completeEmail() })).toEqual([]);
  });

  it('has the one outgoing edge nextNodeId', () => {
    expect(emailNode.edges({ nextNodeId: 'n2', template: {} })).toEqual([{ path: 'nextNodeId', target: 'n2' }]);
  });
});

describe('the formSubmission trigger module (spec 001 §3, §4)', () => {
  it('is always complete and names the form in its default template', () => {
    expect(formSubmissionTrigger.defaultTemplate({ flowPublicIdentifier: 'abc' })).toEqual({ flowPublicIdentifier: 'abc' });
    expect(formSubmissionTrigger.status({})).toEqual({ complete: true, description: copy.workflows.formSubmittedDescription });
    expect(formSubmissionTrigger.publishErrors({ template: { flowPublicIdentifier: 'abc' } })).toEqual([]);
    expect(formSubmissionTrigger.publishErrors({ template: {} })).toEqual([
      { path: 'template.flowPublicIdentifier', message: copy.validation.required },
    ]);
  });
});

describe('defineNode', () => {
  const noteNode = defineNode({
    type: 'code',
    schema: z.object({ codeString: z.string() }),
    defaultTemplate: () => ({ codeString: '' }),
    rules: (value) => (typeof value === 'object' && value !== null && String((value as { codeString?: unknown }).codeString).includes('return') ? [] : [{ path: 'codeString', message: 'Add a return' }]),
    describe: () => 'Runs code',
  });

  it('derives the status line and publish checks from the rules', () => {
    expect(noteNode.status({ codeString: 'x' })).toEqual({ complete: false, description: 'Setup needed: Add a return' });
    expect(noteNode.status({ codeString: 'return 1' })).toEqual({ complete: true, description: 'Runs code' });
    expect(noteNode.publishErrors({ nextNodeId: null, template: {} })).toEqual([{ path: 'template.codeString', message: 'Add a return' }]);
    expect(noteNode.edges({ nextNodeId: null, template: {} })).toEqual([{ path: 'nextNodeId', target: null }]);
  });
});

describe('templatePublishErrors', () => {
  it('accepts a complete template', () => {
    expect(templatePublishErrors(template({ n1: { type: 'email', template: completeEmail(), nextNodeId: null } }))).toEqual([]);
  });

  it('reports the graph, then the trigger, then each node, with paths from the template', () => {
    const errors = templatePublishErrors(
      WorkflowTemplate.parse({
        trigger: { type: 'formSubmission', template: {}, nextNodeId: 'ghost' },
        nodes: {
          n1: { type: 'email', template: { ...completeEmail(), recipients: { type: 'string', list: [{ email: 'nope' }] } }, nextNodeId: null },
        },
      }),
    );
    expect(errors).toEqual([
      { path: 'trigger.nextNodeId', message: copy.workflows.unknownNode('ghost') },
      { path: 'trigger.template.flowPublicIdentifier', message: copy.validation.required },
      { path: 'nodes.n1.template.recipients.list.0.email', message: 'Invalid email: nope' },
    ]);
  });

  it('checks only the edges of node types that are not implemented yet', () => {
    // A type the registry does not know (as the spec's types were before their modules) has its edges checked only.
    const unknownType = template({ n1: { type: 'email', template: {}, nextNodeId: 'n9' } });
    (unknownType.nodes.n1 as { type: string }).type = 'notAType';
    expect(templatePublishErrors(unknownType)).toEqual([
      { path: 'nodes.n1.nextNodeId', message: copy.workflows.unknownNode('n9') },
    ]);
  });
});
