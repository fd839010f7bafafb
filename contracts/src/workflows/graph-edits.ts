/**
 * The canvas's edits of a workflow graph (spec 001 §4 "Adding a node", "Connection check"), pure so that they are
 * tested without a browser and agree with the engine's publish checks (`rules/workflow-graph.ts`). Each edit takes a
 * template and returns a NEW one (the input is never changed), or a refusal with the text the canvas shows.
 *
 * - A source is where an edge starts: the trigger, or a node's edge by its `NodeEdge.path` (`nextNodeId`,
 *   `template.branches.0.nextNodeId`, `template.states.1.nextNodeId`); a node named without a path means its FIRST
 *   edge (see {@link GraphSource}).
 * - {@link insertNode}: a new node after a source; the source's old target becomes the new node's FIRST edge's
 *   target (for a branch, its first branch; for an approval, its first state). Refused at MAX_WORKFLOW_ACTIONS.
 * - {@link deleteNode}: every edge that led to the node (the trigger's included) leads to the node's FIRST edge's
 *   target that is set instead (for a plain node, its `nextNodeId`; for a branch or approval, the first branch or
 *   state that leads somewhere, then 'Otherwise'). Nodes reached only through the deleted node's other edges are
 *   kept, unconnected: the canvas still shows them, to be connected again or deleted — nothing a user built is lost
 *   by deleting one node.
 * - {@link connect}: points a source at a node (or nowhere) after the connection check (`connectionRefusal`).
 * - {@link changeTrigger}: another trigger type, its default template, the same next node.
 */
import type { NodeType, TriggerType, WorkflowNode, WorkflowTemplate } from '../entities/workflow';
import * as copy from '../copy';
import { canAddAction, connectionRefusal, nodeEdges, type ConnectionRefusal } from '../rules/workflow-graph';
import type { TriggerContext } from './define';
import { nodeRegistry } from './nodes/registry';
import { triggerRegistry } from './triggers/registry';

/**
 * Where an edge starts: the trigger (its `nextNodeId`), or node `nodeId`'s edge stored at `edgePath` (a
 * `NodeEdge.path`; default the node's first edge).
 */
export type GraphSource = { kind: 'trigger' } | { kind: 'node'; nodeId: string; edgePath?: string };

/** An edit's outcome: the new template, or why it was refused (a text for the user). */
export type GraphEditResult<TExtra = object> = ({ ok: true; template: WorkflowTemplate } & TExtra) | { ok: false; message: string };

function hasNode(template: Pick<WorkflowTemplate, 'nodes'>, nodeId: string): boolean {
  return Object.prototype.hasOwnProperty.call(template.nodes, nodeId);
}

/**
 * A new node id (spec 001 §4 "generate an id"): `n` and 8 hex digits from `random` (default `crypto.randomUUID`),
 * drawn again until no node of `template` has it. Never the trigger's name.
 */
export function newNodeId(template: Pick<WorkflowTemplate, 'nodes'>, random: () => string = () => globalThis.crypto.randomUUID()): string {
  for (;;) {
    const id = `n${random().replace(/-/g, '').slice(0, 8)}`;
    if (!hasNode(template, id)) return id;
  }
}

/**
 * `value` with `segments` (a dotted path split, array indexes as digits) set to `target`; objects and arrays on
 * the way are copied, never changed. A missing step makes no change.
 */
function setAtPath(value: unknown, segments: readonly string[], target: string | null): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return target;
  if (Array.isArray(value)) {
    const index = Number(head);
    if (!Number.isInteger(index) || index < 0 || index >= value.length) return value;
    const copyOf = [...value];
    copyOf[index] = setAtPath(value[index], rest, target);
    return copyOf;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (rest.length > 0 && !Object.prototype.hasOwnProperty.call(record, head)) return value;
  return { ...record, [head]: setAtPath(record[head], rest, target) };
}

/** `node` with its edge at `edgePath` (a `NodeEdge.path`) leading to `target`; a new object. */
export function setEdgeTarget(node: WorkflowNode, edgePath: string, target: string | null): WorkflowNode {
  return setAtPath(node, edgePath.split('.'), target) as WorkflowNode;
}

/** The edge path a source names: its own, or the node's first edge's (`undefined` for a node without edges). */
function sourcePath(template: WorkflowTemplate, source: Extract<GraphSource, { kind: 'node' }>): string | undefined {
  if (source.edgePath !== undefined) return source.edgePath;
  return nodeEdges(template.nodes[source.nodeId]!)[0]?.path;
}

/**
 * The node `source` leads to now, `null` when it leads nowhere, `undefined` when the source does not exist (no such
 * node, or no such edge on it). Never throws.
 */
export function sourceTarget(template: WorkflowTemplate, source: GraphSource): string | null | undefined {
  if (source.kind === 'trigger') return template.trigger.nextNodeId;
  if (!hasNode(template, source.nodeId)) return undefined;
  const path = sourcePath(template, source);
  const edge = nodeEdges(template.nodes[source.nodeId]!).find((candidate) => candidate.path === path);
  return edge ? edge.target : undefined;
}

/** `template` with `source` leading to `target` (no check; the source exists). */
function withSourceTarget(template: WorkflowTemplate, source: GraphSource, target: string | null): WorkflowTemplate {
  if (source.kind === 'trigger') return { ...template, trigger: { ...template.trigger, nextNodeId: target } };
  const path = sourcePath(template, source);
  if (path === undefined) return template;
  return { ...template, nodes: { ...template.nodes, [source.nodeId]: setEdgeTarget(template.nodes[source.nodeId]!, path, target) } };
}

/**
 * A new node of `type` with its type's default template (spec 001 §3, §9 defaults) leading nowhere; `{}` for a
 * type that is not implemented.
 */
export function newNode(type: NodeType): WorkflowNode {
  const definition = nodeRegistry.find(type);
  const template = (definition ? definition.defaultTemplate() : {}) as Record<string, unknown>;
  return { type, template, nextNodeId: null };
}

/**
 * spec 001 §4 "Adding a node": a new node of `type` (id {@link newNodeId} unless `nodeId` is given) after `source`;
 * the source's old target becomes the new node's first edge's target. Refused with `copy.workflows.maxActions` at
 * MAX_WORKFLOW_ACTIONS (20) actions, with `copy.workflows.unknownNode` when the source does not exist. The new node
 * has no position (the canvas lays it out). Never throws.
 */
export function insertNode(
  template: WorkflowTemplate,
  source: GraphSource,
  type: NodeType,
  nodeId: string = newNodeId(template),
): GraphEditResult<{ nodeId: string }> {
  if (!canAddAction(template)) return { ok: false, message: copy.workflows.maxActions };
  const oldTarget = sourceTarget(template, source);
  if (oldTarget === undefined) return { ok: false, message: copy.workflows.unknownNode(source.kind === 'node' ? source.nodeId : 'trigger') };
  if (hasNode(template, nodeId)) return { ok: false, message: copy.workflows.duplicateNodeId(nodeId) };
  let node = newNode(type);
  const firstEdge = nodeEdges(node)[0];
  if (firstEdge) node = setEdgeTarget(node, firstEdge.path, oldTarget);
  const withNode: WorkflowTemplate = { ...template, nodes: { ...template.nodes, [nodeId]: node } };
  return { ok: true, template: withSourceTarget(withNode, source, nodeId), nodeId };
}

/**
 * Deletes node `nodeId` (see the module doc for where its predecessors lead afterwards). Refused with
 * `copy.workflows.unknownNode` when there is no such node. Never throws.
 */
export function deleteNode(template: WorkflowTemplate, nodeId: string): GraphEditResult {
  if (!hasNode(template, nodeId)) return { ok: false, message: copy.workflows.unknownNode(nodeId) };
  const deleted = template.nodes[nodeId]!;
  const found = nodeEdges(deleted).find((edge) => edge.target !== null && edge.target !== nodeId);
  const successor = found && hasNode(template, found.target!) ? found.target : null;
  const nodes: Record<string, WorkflowNode> = {};
  for (const [id, node] of Object.entries(template.nodes)) {
    if (id === nodeId) continue;
    let rewired = node;
    for (const edge of nodeEdges(node)) {
      if (edge.target === nodeId) rewired = setEdgeTarget(rewired, edge.path, successor === id ? null : successor);
    }
    nodes[id] = rewired;
  }
  const trigger = template.trigger.nextNodeId === nodeId ? { ...template.trigger, nextNodeId: successor } : template.trigger;
  return { ok: true, template: { ...template, trigger, nodes } };
}

/** The text of a connection refusal (spec 001 §4 "Connection check"). */
export function connectionRefusalMessage(refusal: ConnectionRefusal): string {
  if (refusal === 'self') return copy.workflows.connectToItself;
  if (refusal === 'trigger') return copy.workflows.connectToTrigger;
  return copy.workflows.loopDetected;
}

/**
 * Points `source` at node `target` (`null`: leads nowhere) after the connection check (spec 001 §4): refused when
 * connecting a node to itself, to the trigger (`'trigger'` as the target), or when `target` leads back to the source
 * within 20 steps; `copy.workflows.unknownNode` for a source or target that does not exist. Never throws.
 */
export function connect(template: WorkflowTemplate, source: GraphSource, target: string | 'trigger' | null): GraphEditResult {
  if (sourceTarget(template, source) === undefined) return { ok: false, message: copy.workflows.unknownNode(source.kind === 'node' ? source.nodeId : 'trigger') };
  if (target === null) return { ok: true, template: withSourceTarget(template, source, null) };
  const from = source.kind === 'trigger' ? ({ kind: 'trigger' } as const) : ({ kind: 'node', nodeId: source.nodeId } as const);
  const refusal = connectionRefusal(template, from, target === 'trigger' ? { kind: 'trigger' } : { kind: 'node', nodeId: target });
  if (refusal) return { ok: false, message: connectionRefusalMessage(refusal) };
  if (!hasNode(template, target)) return { ok: false, message: copy.workflows.unknownNode(target) };
  return { ok: true, template: withSourceTarget(template, source, target) };
}

/**
 * The trigger changed to `type` (spec 001 §2 "Trigger picker"): its default template for the form (`context`), the
 * same next node and position. The same type keeps the trigger as it is. Refused for a type not implemented.
 */
export function changeTrigger(template: WorkflowTemplate, type: TriggerType, context: TriggerContext): GraphEditResult {
  if (template.trigger.type === type) return { ok: true, template };
  const definition = triggerRegistry.find(type);
  if (!definition) return { ok: false, message: copy.workflows.nodeNotSupported(type) };
  const trigger = { ...template.trigger, type, template: definition.defaultTemplate(context) as Record<string, unknown> };
  return { ok: true, template: { ...template, trigger } };
}
