/**
 * Where the workflow canvas draws what (spec 001 §2 "Workflow canvas", §9 "Graph layout defaults"), pure: the
 * trigger's card, each node's card, the placeholder action of a workflow with no actions, and the edges between
 * them, laid out top to bottom by dagre with rank separation GRAPH_RANK_SEPARATION (50), node separation
 * GRAPH_NODE_SEPARATION (50) and edge separation GRAPH_EDGE_SEPARATION (20).
 *
 * Stored positions (`position` of the trigger or a node; spec 001 §2 "stored positions kept"): once a user moves a
 * card, the canvas stores every card's position ({@link storePositions}, as n8n does), so the graph looks the same
 * wherever it is opened and dagre is not run at all. A card without one in a graph whose trigger has one — an action
 * just added — is placed under the card it comes from (centred on that card's handle), the cards after it moved down
 * to make room, and further right while it would cover another card ({@link layoutWorkflow}). "Tidy up" forgets
 * them ({@link clearPositions}): dagre lays the graph out again.
 *
 * Every card has one source handle per outgoing edge (its `NodeEdge.path` is the handle's id; the trigger's is
 * `nextNodeId`). Our reading of §9 "trigger spacing 46 per state or branch, padding 16, 12 or 8 depending on count":
 * a card with several handles (a branch's branches, an approval's states) spaces them HANDLE_SPACING_PX (46) apart
 * and is at least `count × 46 + 2 × padding` wide, the padding being 16 px up to 2 handles, 12 up to 4, 8 beyond.
 */
import dagre from '@dagrejs/dagre';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import {
  GRAPH_EDGE_SEPARATION,
  GRAPH_NODE_SEPARATION,
  GRAPH_RANK_SEPARATION,
  NODE_CARD_MIN_HEIGHT_PX,
  NODE_CARD_MIN_WIDTH_PX,
} from '@formloom/contracts/limits';
import { nodeEdges } from '@formloom/contracts/rules/workflow-graph';

/** spec 001 §9: the space between two handles of a branch or approval card (px). */
export const HANDLE_SPACING_PX = 46;
/** ours: a card's width on the canvas (px; at least NODE_CARD_MIN_WIDTH_PX). */
export const CARD_WIDTH_PX = Math.max(240, NODE_CARD_MIN_WIDTH_PX);
/** ours: a card's height on the canvas (px; at least NODE_CARD_MIN_HEIGHT_PX): title, badge and a status line. */
export const CARD_HEIGHT_PX = Math.max(76, NODE_CARD_MIN_HEIGHT_PX);
/** ours: the trigger card's height (px): a card with its Edit (or View) button below the status line. */
export const TRIGGER_CARD_HEIGHT_PX = 108;
/** ours: the margin around the laid-out graph (px). */
const GRAPH_MARGIN_PX = 16;

/** The canvas id of the trigger's card. */
export const TRIGGER_CARD_ID = 'trigger';
/** The canvas id of the placeholder action (a workflow with no actions). */
export const PLACEHOLDER_CARD_ID = 'placeholder';
/** The canvas id of node `nodeId`'s card (prefixed: a node may be named `trigger`). */
export function nodeCardId(nodeId: string): string {
  return `node:${nodeId}`;
}

/** spec 001 §9 (our reading, see the module doc): the padding either side of `count` handles (px). */
export function handlePadding(count: number): number {
  if (count <= 2) return 16;
  if (count <= 4) return 12;
  return 8;
}

/** A card's width for `count` handles (px): CARD_WIDTH_PX, or wider for many branches or states. */
export function cardWidth(count: number): number {
  return Math.max(CARD_WIDTH_PX, count * HANDLE_SPACING_PX + 2 * handlePadding(count));
}

/** The x of each of `count` handles on a card `width` wide (px from its left edge), centred, HANDLE_SPACING_PX apart. */
export function handleOffsets(count: number, width: number): number[] {
  const start = (width - count * HANDLE_SPACING_PX) / 2 + HANDLE_SPACING_PX / 2;
  return Array.from({ length: count }, (_, index) => start + index * HANDLE_SPACING_PX);
}

/** A source handle of a card: one outgoing edge. */
export interface CardHandle {
  /** The edge's path in the node (`nextNodeId`, `template.branches.0.nextNodeId`): the handle's id. */
  id: string;
  /** The branch's or state's id (spec 001 §2), or 'Otherwise'; none for a plain `nextNodeId`. */
  label?: string;
  /** The node it leads to; `null` when it leads nowhere (the canvas offers "+" there). */
  target: string | null;
  /** Its x from the card's left edge (px). */
  x: number;
}

/** One card on the canvas. */
export interface CardLayout {
  /** The canvas id: {@link TRIGGER_CARD_ID}, {@link PLACEHOLDER_CARD_ID} or {@link nodeCardId}. */
  id: string;
  kind: 'trigger' | 'node' | 'placeholder';
  /** The node's id in the template (kind `node`). */
  nodeId?: string;
  /** Its top-left corner (px). */
  position: { x: number; y: number };
  width: number;
  height: number;
  /** Its outgoing edges, in the order its type declares them (none for the placeholder). */
  handles: CardHandle[];
}

/** One arrow on the canvas. */
export interface EdgeLayout {
  id: string;
  /** The canvas ids of its ends. */
  source: string;
  target: string;
  /** The source card's handle id (the edge's path). */
  sourceHandle: string;
  /** The branch's or state's id (spec 001 §2 "labelled by that state's or branch's id"), or 'Otherwise'. */
  label?: string;
  /** The node id at the source (`undefined`: the trigger) and the target's node id, for edits. */
  sourceNodeId?: string;
  targetNodeId?: string;
}

/** The whole canvas: cards and arrows. */
export interface CanvasLayout {
  cards: CardLayout[];
  edges: EdgeLayout[];
}

function hasNode(template: WorkflowTemplate, nodeId: string): boolean {
  return Object.prototype.hasOwnProperty.call(template.nodes, nodeId);
}

/** The cards (without positions yet) and the edges of `template`. */
function cardsAndEdges(template: WorkflowTemplate): { cards: UnplacedCard[]; edges: EdgeLayout[] } {
  const cards: UnplacedCard[] = [];
  const edges: EdgeLayout[] = [];
  const triggerWidth = cardWidth(1);
  const triggerTarget = template.trigger.nextNodeId !== null && hasNode(template, template.trigger.nextNodeId) ? template.trigger.nextNodeId : null;
  cards.push({
    id: TRIGGER_CARD_ID,
    kind: 'trigger',
    width: triggerWidth,
    height: TRIGGER_CARD_HEIGHT_PX,
    handles: [{ id: 'nextNodeId', target: triggerTarget, x: triggerWidth / 2 }],
    stored: template.trigger.position,
  });
  if (triggerTarget !== null) {
    edges.push({ id: 'trigger->nextNodeId', source: TRIGGER_CARD_ID, sourceHandle: 'nextNodeId', target: nodeCardId(triggerTarget), targetNodeId: triggerTarget });
  }
  const nodeIds = Object.keys(template.nodes);
  if (nodeIds.length === 0) {
    cards.push({ id: PLACEHOLDER_CARD_ID, kind: 'placeholder', width: CARD_WIDTH_PX, height: CARD_HEIGHT_PX, handles: [] });
    edges.push({ id: 'trigger->placeholder', source: TRIGGER_CARD_ID, sourceHandle: 'nextNodeId', target: PLACEHOLDER_CARD_ID });
  }
  for (const nodeId of nodeIds) {
    const node = template.nodes[nodeId]!;
    const declared = nodeEdges(node);
    const width = cardWidth(declared.length);
    const offsets = handleOffsets(declared.length, width);
    const handles = declared.map((edge, index): CardHandle => {
      const target = edge.target !== null && hasNode(template, edge.target) ? edge.target : null;
      return { id: edge.path, label: edge.label, target, x: offsets[index]! };
    });
    cards.push({ id: nodeCardId(nodeId), kind: 'node', nodeId, width, height: CARD_HEIGHT_PX, handles, stored: node.position });
    for (const handle of handles) {
      if (handle.target === null) continue;
      edges.push({
        id: `${nodeId}->${handle.id}`,
        source: nodeCardId(nodeId),
        sourceHandle: handle.id,
        target: nodeCardId(handle.target),
        label: handle.label,
        sourceNodeId: nodeId,
        targetNodeId: handle.target,
      });
    }
  }
  return { cards, edges };
}

/**
 * Lays `template` out (see the module doc): every card with its top-left position, size and handles, and every edge
 * that leads to a node of the template (edges to unknown nodes are left out). Never throws.
 */
export function layoutWorkflow(template: WorkflowTemplate): CanvasLayout {
  const { cards, edges } = cardsAndEdges(template);
  // Positions stored by the canvas start at the trigger (it stores every card's); a template that stores only some
  // (written through the API) gets dagre's for the others, as before.
  if (template.trigger.position) return placeAroundStored(cards, edges);
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({
    rankdir: 'TB',
    ranksep: GRAPH_RANK_SEPARATION,
    nodesep: GRAPH_NODE_SEPARATION,
    edgesep: GRAPH_EDGE_SEPARATION,
    marginx: GRAPH_MARGIN_PX,
    marginy: GRAPH_MARGIN_PX,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const card of cards) graph.setNode(card.id, { width: card.width, height: card.height });
  for (const edge of edges) graph.setEdge(edge.source, edge.target, {}, edge.id);
  dagre.layout(graph);
  return {
    cards: cards.map(({ stored, ...card }) => {
      const placed = graph.node(card.id);
      const position = stored ?? { x: placed.x - card.width / 2, y: placed.y - card.height / 2 };
      return { ...card, position };
    }),
    edges,
  };
}

/** A card before placement: its stored position, if any. */
type UnplacedCard = Omit<CardLayout, 'position'> & { stored?: { x: number; y: number } };

/**
 * Lays out a graph with stored positions (see the module doc): stored cards stay; each card without one, taken in
 * the order the edges reach it from the trigger, goes GRAPH_RANK_SEPARATION under the card it comes from, centred on
 * that card's handle; the cards after it (reachable from it) that it would reach into move down by its height and
 * the separation; then it moves right by its width and GRAPH_NODE_SEPARATION while it covers another card.
 */
function placeAroundStored(cards: UnplacedCard[], edges: EdgeLayout[]): CanvasLayout {
  const placed = new Map<string, { x: number; y: number }>();
  for (const card of cards) if (card.stored) placed.set(card.id, { ...card.stored });
  const byId = new Map(cards.map((card) => [card.id, card]));
  const outgoing = new Map<string, EdgeLayout[]>();
  for (const edge of edges) outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge]);
  const incoming = new Map<string, EdgeLayout>();
  for (const edge of edges) if (!incoming.has(edge.target)) incoming.set(edge.target, edge);
  const box = (id: string) => {
    const card = byId.get(id)!;
    const at = placed.get(id)!;
    return { left: at.x, top: at.y, right: at.x + card.width, bottom: at.y + card.height };
  };
  const downstream = (from: string): Set<string> => {
    const seen = new Set<string>();
    const queue = (outgoing.get(from) ?? []).map((edge) => edge.target);
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (seen.has(id) || id === from) continue;
      seen.add(id);
      for (const edge of outgoing.get(id) ?? []) queue.push(edge.target);
    }
    return seen;
  };
  // Breadth-first from the trigger, so that a source is placed before what it leads to; then anything unreached.
  const order: string[] = [];
  const queue = [TRIGGER_CARD_ID];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (order.includes(id) || !byId.has(id)) continue;
    order.push(id);
    for (const edge of outgoing.get(id) ?? []) queue.push(edge.target);
  }
  for (const card of cards) if (!order.includes(card.id)) order.push(card.id);
  let column = 0;
  for (const id of order) {
    if (placed.has(id)) continue;
    const card = byId.get(id)!;
    const edge = incoming.get(id);
    const source = edge && placed.has(edge.source) ? byId.get(edge.source)! : undefined;
    if (!source || !edge) {
      // Nothing placed leads here: beside the graph, one column per such card.
      const right = Math.max(GRAPH_MARGIN_PX, ...[...placed.keys()].map((other) => box(other).right));
      placed.set(id, { x: right + GRAPH_NODE_SEPARATION, y: GRAPH_MARGIN_PX + column * (card.height + GRAPH_RANK_SEPARATION) });
      column += 1;
      continue;
    }
    const from = placed.get(source.id)!;
    const handleX = source.handles.find((handle) => handle.id === edge.sourceHandle)?.x ?? source.width / 2;
    const at = { x: from.x + handleX - card.width / 2, y: from.y + source.height + GRAPH_RANK_SEPARATION };
    placed.set(id, at);
    // Make room: what comes after the new card moves down if the new card reaches into it.
    const after = [...downstream(id)].filter((other) => placed.has(other));
    const firstTop = Math.min(...after.map((other) => placed.get(other)!.y));
    const needed = at.y + card.height + GRAPH_RANK_SEPARATION - firstTop;
    if (after.length > 0 && needed > 0) for (const other of after) placed.get(other)!.y += needed;
    // Then right while it covers another card.
    const covers = () =>
      [...placed.keys()].some((other) => {
        if (other === id) return false;
        const a = box(id);
        const b = box(other);
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      });
    for (let step = 0; step < cards.length && covers(); step += 1) at.x += card.width + GRAPH_NODE_SEPARATION;
  }
  return { cards: cards.map(({ stored: _stored, ...card }) => ({ ...card, position: placed.get(card.id)! })), edges };
}

/**
 * `template` with every card's position stored as `layout` shows it, `moved` (canvas id → top-left, px) applied
 * over it: the trigger's and every node's `position`, rounded to whole pixels. The placeholder has none.
 */
export function storePositions(template: WorkflowTemplate, layout: CanvasLayout, moved: ReadonlyMap<string, { x: number; y: number }> = new Map()): WorkflowTemplate {
  const shown = new Map(layout.cards.map((card) => [card.id, card.position]));
  const at = (id: string) => {
    const position = moved.get(id) ?? shown.get(id);
    return position ? { x: Math.round(position.x), y: Math.round(position.y) } : undefined;
  };
  const trigger = at(TRIGGER_CARD_ID);
  const nodes = Object.fromEntries(
    Object.entries(template.nodes).map(([nodeId, node]) => {
      const position = at(nodeCardId(nodeId));
      return [nodeId, position ? { ...node, position } : node];
    }),
  );
  return { ...template, trigger: trigger ? { ...template.trigger, position: trigger } : template.trigger, nodes };
}

/** `template` without any stored position ("Tidy up": dagre lays it out again). */
export function clearPositions(template: WorkflowTemplate): WorkflowTemplate {
  const { position: _trigger, ...trigger } = template.trigger;
  const nodes = Object.fromEntries(
    Object.entries(template.nodes).map(([nodeId, { position: _node, ...node }]) => [nodeId, node]),
  );
  return { ...template, trigger, nodes };
}

/** Whether any card of `template` has a stored position. */
export function hasStoredPositions(template: WorkflowTemplate): boolean {
  return template.trigger.position !== undefined || Object.values(template.nodes).some((node) => node.position !== undefined);
}

/** The part of the canvas a card and the "+" and names under its handles take (px). */
const HANDLE_AREA_PX = 48;

/** Where the canvas looks: React Flow's viewport (`x`, `y` in px of the frame, `zoom` a factor). */
export interface CanvasViewport {
  x: number;
  y: number;
  zoom: number;
}

/** How {@link viewportFor} fits a graph: margin as a share of the graph's size, and the zoom's bounds. */
export interface FitOptions {
  /** The margin around the graph, as a share of its width and height (0.15: 15 % each side). */
  padding: number;
  minZoom: number;
  maxZoom: number;
}

/** ours: the margin above the trigger's card when a tall graph is shown from its top (px). */
export const TOP_MARGIN_PX = 24;

/**
 * The viewport that shows `layout` in a frame `frame.width` × `frame.height` px: the whole graph, centred, at the
 * largest zoom within `options` — and, when even `minZoom` cannot fit its height (a long workflow), its top: the
 * trigger TOP_MARGIN_PX below the frame's top edge, centred across, so the user starts reading where the workflow
 * starts instead of in its middle. The cards' "+" and handle names (HANDLE_AREA_PX below a card) count as the graph.
 * A frame with no size yet gives zoom 1 at the graph's top-left.
 */
export function viewportFor(layout: CanvasLayout, frame: { width: number; height: number }, options: FitOptions): CanvasViewport {
  if (layout.cards.length === 0 || frame.width <= 0 || frame.height <= 0) return { x: 0, y: 0, zoom: 1 };
  const left = Math.min(...layout.cards.map((card) => card.position.x));
  const top = Math.min(...layout.cards.map((card) => card.position.y));
  const right = Math.max(...layout.cards.map((card) => card.position.x + card.width));
  const bottom = Math.max(...layout.cards.map((card) => card.position.y + card.height + HANDLE_AREA_PX));
  const width = right - left;
  const height = bottom - top;
  const fit = Math.min(frame.width / (width * (1 + 2 * options.padding)), frame.height / (height * (1 + 2 * options.padding)));
  const zoom = Math.min(options.maxZoom, Math.max(options.minZoom, fit));
  const x = frame.width / 2 - (left + width / 2) * zoom;
  const fitsHeight = height * zoom * (1 + 2 * options.padding) <= frame.height;
  const y = fitsHeight ? frame.height / 2 - (top + height / 2) * zoom : TOP_MARGIN_PX - top * zoom;
  return { x, y, zoom };
}
