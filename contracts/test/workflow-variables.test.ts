/**
 * The editor's variable picker (`workflows/variables.ts`): a node is offered the form's answers and the outputs of
 * the steps that can run before it — never its own, a later step's, or one on another branch.
 */
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { ancestorNodeIds, workflowVariables } from '@formloom/contracts/workflows/variables';

const email = (nextNodeId: string | null): WorkflowTemplate['nodes'][string] => ({ type: 'email', template: {}, nextNodeId });

/** trigger → a → b → c, and d on its own (not reachable). */
const chain: WorkflowTemplate = {
  trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'f' }, nextNodeId: 'a' },
  nodes: { a: email('b'), b: email('c'), c: email(null), d: email('c') },
};

describe('ancestorNodeIds', () => {
  it('lists the steps on a path from the trigger to the node, nearest the trigger first', () => {
    expect(ancestorNodeIds(chain, 'c')).toEqual(['a', 'b']);
    expect(ancestorNodeIds(chain, 'b')).toEqual(['a']);
    expect(ancestorNodeIds(chain, 'a')).toEqual([]);
  });

  it('leaves out a node the trigger never reaches, and survives a loop', () => {
    expect(ancestorNodeIds(chain, 'c')).not.toContain('d');
    const loop: WorkflowTemplate = { ...chain, nodes: { a: email('b'), b: email('a') } };
    expect(ancestorNodeIds(loop, 'b')).toEqual(['a']);
  });
});

describe('workflowVariables', () => {
  it('offers the answers of the questions by label, then the submission and the form', () => {
    const groups = workflowVariables({ template: chain, nodeId: 'a', formTemplate: exampleFormTemplate() });
    expect(groups.map((group) => group.key)).toEqual(['answers', 'submission']);
    expect(groups[0]!.variables).toEqual([
      { path: 'answers.w1', label: 'Your name' },
      { path: 'answers.w2', label: 'Email' },
      { path: 'answers.w3', label: 'Plan' },
    ]);
    expect(groups[1]!.variables.map((variable) => variable.path)).toEqual(['submission.submissionId', 'submission.submissionTime', 'flow.name']);
  });

  it('offers hidden fields and calculations of the form', () => {
    const form = { ...exampleFormTemplate(), urlParams: [{ id: 'u', name: 'utm_source' }], calculations: [{ id: 'c1', name: 'Score', initialValue: 0, updates: [] }] };
    const keys = workflowVariables({ template: chain, nodeId: null, formTemplate: form }).map((group) => group.key);
    expect(keys).toEqual(['answers', 'urlParams', 'calculations', 'submission']);
  });
});
