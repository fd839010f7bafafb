/**
 * The rules of a workflow's graph (spec 001 §2 canvas, §4 "Connection check", §8/§9 limits), pure so that the
 * canvas and the engine agree: the edges of each node (declared by its type's module, `NodeEdge`), that every
 * edge names a node, the loop search limited to LOOP_DETECTION_MAX_STEPS (20) steps, the connection check,
 * and the limit of MAX_WORKFLOW_ACTIONS (20) actions.
 *
 * Edges: the trigger's `nextNodeId`, and per node the edges its type declares (`nextNodeId`; a branch's
 * `branches[].nextNodeId` then its 'Otherwise' `nextNodeId`, `workflows/nodes/branch.ts`). A node type that is not
 * implemented yet has the one edge `nextNodeId`. Every rule takes an optional last argument `edgesOf`
 * ({@link EdgesOf}; default: the registry's declarations). Errors are `{path, message}` with paths relative to
 * the template (`trigger.nextNodeId`, `nodes.<id>.nextNodeId`).
 */
import type { WorkflowNode, WorkflowTemplate } from '../entities/workflow';
import type { FieldError } from '../errors';
import * as copy from '../copy';
import { LOOP_DETECTION_MAX_STEPS, MAX_WORKFLOW_ACTIONS } from '../limits';
import { nextNodeIdEdge, type NodeEdge } from '../workflows/define';
import { nodeRegistry } from '../workflows/nodes/registry';

/** The parts of a template the graph rules read. */
type Graph = Pick<WorkflowTemplate, 'trigger' | 'nodes'>;

/**
 * The outgoing edges of `node`, as its type declares them (see `NodeEdge`); `nextNodeId` for a type that is
 * not implemented yet. Never throws.
 */
export function nodeEdges(node: Pick<WorkflowNode, 'type' | 'nextNodeId' | 'template'>): NodeEdge[] {
  return (nodeRegistry.find(node.type)?.edges ?? nextNodeIdEdge)(node);
}

/**
 * How the graph rules find a node's outgoing edges: {@link nodeEdges} (the registry's declarations) unless a
 * caller passes its own (tests of types not registered yet).
 */
export type EdgesOf = (node: Pick<WorkflowNode, 'type' | 'nextNodeId' | 'template'>) => NodeEdge[];

function hasNode(graph: Graph, nodeId: string): boolean {
  return Object.prototype.hasOwnProperty.call(graph.nodes, nodeId);
}

/** The nodes `nodeId`'s edges lead to that exist (unknown targets and `null` left out). */
function successors(graph: Graph, nodeId: string, edgesOf: EdgesOf): string[] {
  const node = hasNode(graph, nodeId) ? graph.nodes[nodeId] : undefined;
  if (!node) return [];
  return edgesOf(node).flatMap((edge) => (edge.target !== null && hasNode(graph, edge.target) ? [edge.target] : []));
}

/**
 * True when following edges from node `from` reaches node `to` in at most `maxSteps` steps (a step is one
 * edge; `from === to` counts after 0 steps). A breadth-first search; unknown nodes end a path. Never throws.
 */
export function reachesWithin(graph: Graph, from: string, to: string, maxSteps: number, edgesOf: EdgesOf = nodeEdges): boolean {
  if (from === to) return true;
  let frontier = [from];
  const seen = new Set(frontier);
  for (let step = 1; step <= maxSteps && frontier.length > 0; step += 1) {
    const next: string[] = [];
    for (const nodeId of frontier) {
      for (const target of successors(graph, nodeId, edgesOf)) {
        if (target === to) return true;
        if (!seen.has(target)) {
          seen.add(target);
          next.push(target);
        }
      }
    }
    frontier = next;
  }
  return false;
}

/**
 * Every edge that names no node of the template, as `copy.workflows.unknownNode(<id>)` at the edge's path
 * (`trigger.nextNodeId`, `nodes.<id>.<edge path>`), the trigger first, then the nodes in template order.
 */
export function unknownNodeErrors(graph: Graph, edgesOf: EdgesOf = nodeEdges): FieldError[] {
  const errors: FieldError[] = [];
  const { nextNodeId } = graph.trigger;
  if (nextNodeId !== null && !hasNode(graph, nextNodeId)) {
    errors.push({ path: 'trigger.nextNodeId', message: copy.workflows.unknownNode(nextNodeId) });
  }
  for (const [nodeId, node] of Object.entries(graph.nodes)) {
    for (const edge of edgesOf(node)) {
      if (edge.target !== null && !hasNode(graph, edge.target)) {
        errors.push({ path: `nodes.${nodeId}.${edge.path}`, message: copy.workflows.unknownNode(edge.target) });
      }
    }
  }
  return errors;
}

/**
 * Every edge through which a node leads back to itself within LOOP_DETECTION_MAX_STEPS (20) steps (spec 001
 * §4 "A connection that would create a loop is detected by a search limited to 20 steps", §9), as
 * `copy.workflows.loopDetected` at the edge's path, nodes in template order. A workflow has at most
 * MAX_WORKFLOW_ACTIONS (20) nodes, so every loop shows within that bound.
 */
export function loopErrors(graph: Graph, edgesOf: EdgesOf = nodeEdges): FieldError[] {
  const errors: FieldError[] = [];
  for (const [nodeId, node] of Object.entries(graph.nodes)) {
    for (const edge of edgesOf(node)) {
      if (edge.target === null || !hasNode(graph, edge.target)) continue;
      if (reachesWithin(graph, edge.target, nodeId, LOOP_DETECTION_MAX_STEPS - 1, edgesOf)) {
        errors.push({ path: `nodes.${nodeId}.${edge.path}`, message: copy.workflows.loopDetected });
      }
    }
  }
  return errors;
}

/** The graph checks of publish: {@link unknownNodeErrors}, then {@link loopErrors}. */
export function graphErrors(graph: Graph, edgesOf: EdgesOf = nodeEdges): FieldError[] {
  return [...unknownNodeErrors(graph, edgesOf), ...loopErrors(graph, edgesOf)];
}

/** One end of a connection drawn on the canvas: the trigger, or a node by id. */
export type GraphEndpoint = { kind: 'trigger' } | { kind: 'node'; nodeId: string };

/** Why the canvas refuses a connection (spec 001 §4 "Connection check"). */
export type ConnectionRefusal = 'self' | 'trigger' | 'loop';

/**
 * The connection check (spec 001 §4): connecting a node to itself is refused (`self`), connecting to the
 * trigger always (`trigger`), and a connection from `source` to node `target` is refused (`loop`) when
 * `target` already leads back to `source` within LOOP_DETECTION_MAX_STEPS (20) steps. `null` when the
 * connection is allowed. The trigger can be a source (nothing leads back to it). Never throws.
 */
export function connectionRefusal(
  graph: Graph,
  source: GraphEndpoint,
  target: GraphEndpoint,
  edgesOf: EdgesOf = nodeEdges,
): ConnectionRefusal | null {
  if (target.kind === 'trigger') return 'trigger';
  if (source.kind === 'trigger') return null;
  if (source.nodeId === target.nodeId) return 'self';
  return reachesWithin(graph, target.nodeId, source.nodeId, LOOP_DETECTION_MAX_STEPS - 1, edgesOf) ? 'loop' : null;
}

/** The number of actions (nodes) of a template; the trigger is not one (spec 001 §9). */
export function actionCount(graph: Pick<Graph, 'nodes'>): number {
  return Object.keys(graph.nodes).length;
}

/**
 * spec 001 §2 "Actions are disabled at 20 actions": true while the template has fewer than
 * MAX_WORKFLOW_ACTIONS actions.
 */
export function canAddAction(graph: Pick<Graph, 'nodes'>): boolean {
  return actionCount(graph) < MAX_WORKFLOW_ACTIONS;
}

/**
 * spec 001 §8/§9: at most MAX_WORKFLOW_ACTIONS (20) actions per workflow; more gives 'Maximum number of
 * actions added - contact support to enable more' at `nodes`. `[]` within the limit.
 */
export function actionLimitErrors(graph: Pick<Graph, 'nodes'>): FieldError[] {
  return actionCount(graph) > MAX_WORKFLOW_ACTIONS ? [{ path: 'nodes', message: copy.workflows.maxActions }] : [];
}
