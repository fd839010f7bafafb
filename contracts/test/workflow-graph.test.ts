/**
 * The graph rules (spec 001 §4 "Connection check", §8/§9 limits): edges that name no node, the loop search
 * limited to 20 steps, the canvas's connection check and the 20-action limit — for plain `nextNodeId` edges
 * and for node types that declare several edges (the branch node: one edge per branch, then 'Otherwise').
 */
import * as copy from '../src/copy';
import type { WorkflowTemplate } from '../src/entities/workflow';
import { LOOP_DETECTION_MAX_STEPS, MAX_WORKFLOW_ACTIONS } from '../src/limits';
import {
  actionLimitErrors,
  canAddAction,
  connectionRefusal,
  graphErrors,
  reachesWithin,
  type GraphEndpoint,
} from '../src/rules/workflow-graph';
import { branchNode } from '../src/workflows/nodes/branch';

const trigger: GraphEndpoint = { kind: 'trigger' };
const node = (nodeId: string): GraphEndpoint => ({ kind: 'node', nodeId });

/** A chain n0 → n1 → … → n<count-1> of email nodes after the trigger. */
function chain(count: number): WorkflowTemplate {
  const nodes: WorkflowTemplate['nodes'] = {};
  for (let i = 0; i < count; i += 1) nodes[`n${i}`] = { type: 'email', template: {}, nextNodeId: i + 1 < count ? `n${i + 1}` : null };
  return { trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: count > 0 ? 'n0' : null }, nodes };
}

/** A branch node whose branches (named, conditions left empty) lead to `targets`, and 'Otherwise' to `otherwise`. */
function branch(targets: Record<string, string | null>, otherwise: string | null = null): WorkflowTemplate['nodes'][string] {
  const branches = Object.entries(targets).map(([id, nextNodeId]) => ({ id, nextNodeId, condition: { and: [] } }));
  return { type: 'branch', nextNodeId: otherwise, template: { branches } };
}

describe('graphErrors', () => {
  it('accepts a chain', () => {
    expect(graphErrors(chain(3))).toEqual([]);
    expect(graphErrors(chain(0))).toEqual([]);
  });

  it('reports every edge that names no node, the trigger first', () => {
    const template = chain(2);
    template.trigger.nextNodeId = 'ghost';
    (template.nodes.n1 as { nextNodeId: string | null }).nextNodeId = 'nowhere';
    expect(graphErrors(template)).toEqual([
      { path: 'trigger.nextNodeId', message: copy.workflows.unknownNode('ghost') },
      { path: 'nodes.n1.nextNodeId', message: copy.workflows.unknownNode('nowhere') },
    ]);
  });

  it('reports each node on a loop, and a node pointing at itself', () => {
    const loop = chain(4);
    (loop.nodes.n2 as { nextNodeId: string | null }).nextNodeId = 'n0';
    expect(graphErrors(loop)).toEqual(
      ['n0', 'n1', 'n2'].map((id) => ({ path: `nodes.${id}.nextNodeId`, message: copy.workflows.loopDetected })),
    );
    const self = chain(1);
    (self.nodes.n0 as { nextNodeId: string | null }).nextNodeId = 'n0';
    expect(graphErrors(self)).toEqual([{ path: 'nodes.n0.nextNodeId', message: copy.workflows.loopDetected }]);
  });

  it(`finds a loop of ${LOOP_DETECTION_MAX_STEPS} steps but searches no further`, () => {
    const loop = chain(LOOP_DETECTION_MAX_STEPS);
    (loop.nodes[`n${LOOP_DETECTION_MAX_STEPS - 1}`] as { nextNodeId: string | null }).nextNodeId = 'n0';
    expect(graphErrors(loop)).toHaveLength(LOOP_DETECTION_MAX_STEPS);
    const longer = chain(LOOP_DETECTION_MAX_STEPS + 1);
    (longer.nodes[`n${LOOP_DETECTION_MAX_STEPS}`] as { nextNodeId: string | null }).nextNodeId = 'n0';
    expect(graphErrors(longer)).toEqual([]);
  });

  it('follows every edge a node type declares: a branch that leads back is a loop at that branch', () => {
    const template = chain(3);
    template.nodes.b = branch({ yes: 'n2', no: 'n0' });
    (template.nodes.n1 as { nextNodeId: string | null }).nextNodeId = 'b';
    expect(graphErrors(template)).toEqual([
      { path: 'nodes.n0.nextNodeId', message: copy.workflows.loopDetected },
      { path: 'nodes.n1.nextNodeId', message: copy.workflows.loopDetected },
      { path: 'nodes.b.template.branches.1.nextNodeId', message: copy.workflows.loopDetected },
    ]);
    template.nodes.b = branch({ yes: 'n2', no: 'ghost' });
    expect(graphErrors(template)).toEqual([{ path: 'nodes.b.template.branches.1.nextNodeId', message: copy.workflows.unknownNode('ghost') }]);
    expect(branchNode.edges(branch({ yes: 'n2' }))).toEqual([
      { path: 'template.branches.0.nextNodeId', target: 'n2', label: 'yes' },
      { path: 'nextNodeId', target: null, label: 'Otherwise' },
    ]);
  });

  it("follows a branch's Otherwise edge too (the node's own nextNodeId)", () => {
    const template = chain(2);
    template.nodes.b = branch({ yes: null }, 'n0');
    (template.nodes.n1 as { nextNodeId: string | null }).nextNodeId = 'b';
    expect(graphErrors(template)).toEqual([
      { path: 'nodes.n0.nextNodeId', message: copy.workflows.loopDetected },
      { path: 'nodes.n1.nextNodeId', message: copy.workflows.loopDetected },
      { path: 'nodes.b.nextNodeId', message: copy.workflows.loopDetected },
    ]);
    template.nodes.b = branch({ yes: null }, 'ghost');
    expect(graphErrors(template)).toEqual([{ path: 'nodes.b.nextNodeId', message: copy.workflows.unknownNode('ghost') }]);
  });

  it('accepts branches that meet again further down (a diamond is no loop)', () => {
    const template = chain(3);
    template.trigger.nextNodeId = 'b';
    template.nodes.b = branch({ left: 'n0', right: 'n1' }, 'n2');
    expect(graphErrors(template)).toEqual([]);
  });
});

describe('connectionRefusal (spec 001 §4 "Connection check")', () => {
  it('refuses a node to itself and anything to the trigger', () => {
    const template = chain(2);
    expect(connectionRefusal(template, node('n0'), node('n0'))).toBe('self');
    expect(connectionRefusal(template, node('n1'), trigger)).toBe('trigger');
    expect(connectionRefusal(template, trigger, trigger)).toBe('trigger');
  });

  it('refuses a connection that closes a loop, allows the others', () => {
    const template = chain(3);
    expect(connectionRefusal(template, node('n2'), node('n0'))).toBe('loop');
    expect(connectionRefusal(template, node('n0'), node('n2'))).toBeNull();
    expect(connectionRefusal(template, trigger, node('n1'))).toBeNull();
  });

  it(`searches at most ${LOOP_DETECTION_MAX_STEPS} steps, through branch edges too`, () => {
    const long = chain(LOOP_DETECTION_MAX_STEPS + 1);
    expect(connectionRefusal(long, node(`n${LOOP_DETECTION_MAX_STEPS - 1}`), node('n0'))).toBe('loop');
    expect(connectionRefusal(long, node(`n${LOOP_DETECTION_MAX_STEPS}`), node('n0'))).toBeNull();
    const branched = chain(2);
    branched.nodes.b = branch({ no: null, yes: 'n0' });
    expect(connectionRefusal(branched, node('n1'), node('b'))).toBe('loop');
    expect(reachesWithin(branched, 'b', 'n1', 2)).toBe(true);
    expect(reachesWithin(branched, 'b', 'n1', 1)).toBe(false);
    // Through 'Otherwise' alike.
    branched.nodes.b = branch({ no: null }, 'n0');
    expect(connectionRefusal(branched, node('n1'), node('b'))).toBe('loop');
  });
});

describe(`the ${MAX_WORKFLOW_ACTIONS}-action limit (spec 001 §2, §8, §9)`, () => {
  it('disables adding at 20 actions and refuses more than 20', () => {
    expect(canAddAction(chain(MAX_WORKFLOW_ACTIONS - 1))).toBe(true);
    expect(canAddAction(chain(MAX_WORKFLOW_ACTIONS))).toBe(false);
    expect(actionLimitErrors(chain(MAX_WORKFLOW_ACTIONS))).toEqual([]);
    expect(actionLimitErrors(chain(MAX_WORKFLOW_ACTIONS + 1))).toEqual([{ path: 'nodes', message: copy.workflows.maxActions }]);
    expect(copy.workflows.maxActions).toBe('Maximum number of actions added - contact support to enable more');
  });
});
