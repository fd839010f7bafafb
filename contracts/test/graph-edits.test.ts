/**
 * The canvas's graph edits (spec 001 §4 "Adding a node", "Connection check"): inserting after the trigger, a node, a
 * branch's or an approval state's handle rewires as the spec says; deleting reconnects; connecting is checked as the
 * engine's publish checks would; the 20-action limit refuses; inputs are never changed.
 */
import * as copy from '../src/copy';
import type { WorkflowTemplate } from '../src/entities/workflow';
import { MAX_WORKFLOW_ACTIONS } from '../src/limits';
import { graphErrors, loopErrors, nodeEdges } from '../src/rules/workflow-graph';
import { changeTrigger, connect, deleteNode, insertNode, newNodeId, sourceTarget } from '../src/workflows/graph-edits';

/** trigger → a (delay) → b (delay). */
function twoDelays(): WorkflowTemplate {
  return {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'a' },
    nodes: {
      a: { type: 'delay', template: { delay: 5, units: 'minutes' }, nextNodeId: 'b' },
      b: { type: 'delay', template: { delay: 5, units: 'minutes' }, nextNodeId: null },
    },
  };
}

/** Unwraps an accepted edit. */
function accepted<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

describe('newNodeId', () => {
  it('draws again until the id is unused', () => {
    const draws = ['aaaaaaaa-0000', 'bbbbbbbb-0000'];
    const template = { nodes: { naaaaaaaa: twoDelays().nodes.a! } };
    expect(newNodeId(template, () => draws.shift()!)).toBe('nbbbbbbbb');
    expect(newNodeId(twoDelays())).toMatch(/^n[0-9a-f]{8}$/);
  });
});

describe('insertNode', () => {
  it('after the trigger: the old first node becomes the new node’s next', () => {
    const before = twoDelays();
    const { template, nodeId } = accepted(insertNode(before, { kind: 'trigger' }, 'email', 'x'));
    expect(nodeId).toBe('x');
    expect(template.trigger.nextNodeId).toBe('x');
    expect(template.nodes.x).toMatchObject({ type: 'email', nextNodeId: 'a' });
    expect(template.nodes.x!.template).toHaveProperty('email');
    expect(before.trigger.nextNodeId).toBe('a');
    expect(before.nodes).not.toHaveProperty('x');
  });

  it('after a node: in between that node and its next', () => {
    const { template } = accepted(insertNode(twoDelays(), { kind: 'node', nodeId: 'a' }, 'delay', 'x'));
    expect(template.nodes.a!.nextNodeId).toBe('x');
    expect(template.nodes.x!.nextNodeId).toBe('b');
    expect(graphErrors(template)).toEqual([]);
  });

  it('a new branch node leads on by its first branch; a new approval node by its first state', () => {
    const branched = accepted(insertNode(twoDelays(), { kind: 'node', nodeId: 'a' }, 'branch', 'br')).template;
    const branchEdges = nodeEdges(branched.nodes.br!);
    expect(branchEdges.map((edge) => edge.target)).toEqual(['b', null, null]);
    expect(branchEdges.map((edge) => edge.label)).toEqual(['Branch 1', 'Branch 2', copy.workflowSteps.branch.otherwise]);

    const approved = accepted(insertNode(twoDelays(), { kind: 'trigger' }, 'approval', 'ap')).template;
    const stateEdges = nodeEdges(approved.nodes.ap!);
    expect(stateEdges.map((edge) => edge.target)).toEqual(['a', null]);
    expect(approved.nodes.ap!.nextNodeId).toBeNull();
  });

  it('after a branch handle or an approval state handle: on that handle only', () => {
    const branched = accepted(insertNode(twoDelays(), { kind: 'node', nodeId: 'b' }, 'branch', 'br')).template;
    const second = { kind: 'node' as const, nodeId: 'br', edgePath: 'template.branches.1.nextNodeId' };
    const onSecond = accepted(insertNode(branched, second, 'email', 'e')).template;
    expect(nodeEdges(onSecond.nodes.br!).map((edge) => edge.target)).toEqual([null, 'e', null]);
    expect(onSecond.nodes.e!.nextNodeId).toBeNull();

    const approved = accepted(insertNode(twoDelays(), { kind: 'node', nodeId: 'b' }, 'approval', 'ap')).template;
    const rejected = { kind: 'node' as const, nodeId: 'ap', edgePath: 'template.states.1.nextNodeId' };
    const afterRejected = accepted(insertNode(approved, rejected, 'delay', 'd')).template;
    expect(nodeEdges(afterRejected.nodes.ap!).map((edge) => edge.target)).toEqual([null, 'd']);
    expect(sourceTarget(afterRejected, rejected)).toBe('d');
    expect(graphErrors(afterRejected)).toEqual([]);
  });

  it('is refused at 20 actions with the spec’s text, and for a source that does not exist', () => {
    let template: WorkflowTemplate = { ...twoDelays(), nodes: {}, trigger: { ...twoDelays().trigger, nextNodeId: null } };
    for (let i = 0; i < MAX_WORKFLOW_ACTIONS; i += 1) template = accepted(insertNode(template, { kind: 'trigger' }, 'delay')).template;
    expect(Object.keys(template.nodes)).toHaveLength(20);
    expect(insertNode(template, { kind: 'trigger' }, 'delay')).toEqual({
      ok: false,
      message: 'Maximum number of actions added - contact support to enable more',
    });
    expect(insertNode(twoDelays(), { kind: 'node', nodeId: 'nope' }, 'delay')).toEqual({ ok: false, message: copy.workflows.unknownNode('nope') });
    expect(insertNode(twoDelays(), { kind: 'node', nodeId: 'a', edgePath: 'template.branches.0.nextNodeId' }, 'delay').ok).toBe(false);
  });
});

describe('deleteNode', () => {
  it('reconnects the predecessor (or the trigger) to the deleted node’s next', () => {
    const middle = accepted(deleteNode(twoDelays(), 'a')).template;
    expect(middle.trigger.nextNodeId).toBe('b');
    expect(middle.nodes).not.toHaveProperty('a');
    const last = accepted(deleteNode(twoDelays(), 'b')).template;
    expect(last.nodes.a!.nextNodeId).toBeNull();
    expect(deleteNode(twoDelays(), 'nope').ok).toBe(false);
  });

  it('a deleted branch hands on its first branch that leads somewhere; the other paths stay, unconnected', () => {
    let template = accepted(insertNode(twoDelays(), { kind: 'node', nodeId: 'a' }, 'branch', 'br')).template; // branch 1 → b
    template = accepted(insertNode(template, { kind: 'node', nodeId: 'br', edgePath: 'template.branches.1.nextNodeId' }, 'email', 'e')).template;
    const after = accepted(deleteNode(template, 'br')).template;
    expect(after.nodes.a!.nextNodeId).toBe('b');
    expect(after.nodes).toHaveProperty('e');
    expect(graphErrors(after)).toEqual([]);
  });

  it('a node after an approval state: the state leads to the deleted node’s next', () => {
    let template = accepted(insertNode(twoDelays(), { kind: 'node', nodeId: 'a' }, 'approval', 'ap')).template; // approved → b
    template = accepted(deleteNode(template, 'b')).template;
    expect(nodeEdges(template.nodes.ap!).map((edge) => edge.target)).toEqual([null, null]);
  });
});

describe('connect', () => {
  it('applies the connection check: itself, the trigger and loops are refused with readable texts', () => {
    const template = twoDelays();
    expect(connect(template, { kind: 'node', nodeId: 'a' }, 'a')).toEqual({ ok: false, message: copy.workflows.connectToItself });
    expect(connect(template, { kind: 'node', nodeId: 'b' }, 'trigger')).toEqual({ ok: false, message: copy.workflows.connectToTrigger });
    expect(connect(template, { kind: 'node', nodeId: 'b' }, 'a')).toEqual({ ok: false, message: copy.workflows.loopDetected });
    expect(connect(template, { kind: 'node', nodeId: 'b' }, 'zz').ok).toBe(false);
  });

  it('what it refuses as a loop the engine’s publish check refuses too; what it accepts passes', () => {
    const forced: WorkflowTemplate = { ...twoDelays(), nodes: { ...twoDelays().nodes, b: { ...twoDelays().nodes.b!, nextNodeId: 'a' } } };
    expect(loopErrors(forced)).not.toEqual([]);
    const joined = accepted(insertNode(twoDelays(), { kind: 'node', nodeId: 'a' }, 'branch', 'br')).template; // a → br, branch 1 → b
    const rejoined = accepted(connect(joined, { kind: 'node', nodeId: 'br', edgePath: 'nextNodeId' }, 'b')).template;
    expect(graphErrors(rejoined)).toEqual([]);
    expect(connect(joined, { kind: 'node', nodeId: 'br', edgePath: 'nextNodeId' }, 'a').ok).toBe(false);
    const skip = accepted(connect(twoDelays(), { kind: 'trigger' }, 'b')).template;
    expect(skip.trigger.nextNodeId).toBe('b');
    expect(graphErrors(skip)).toEqual([]);
    expect(accepted(connect(twoDelays(), { kind: 'node', nodeId: 'a' }, null)).template.nodes.a!.nextNodeId).toBeNull();
  });
});

describe('changeTrigger', () => {
  it('takes the new type’s default template and keeps the next node', () => {
    const { template } = accepted(changeTrigger(twoDelays(), 'formAbandoned', { flowPublicIdentifier: 'abc' }));
    expect(template.trigger.type).toBe('formAbandoned');
    expect(template.trigger.nextNodeId).toBe('a');
    expect(template.trigger.template).toMatchObject({ flowPublicIdentifier: 'abc' });
  });
});
