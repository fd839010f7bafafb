/**
 * The workflow canvas itself (spec 001 §2 "Workflow canvas"): React Flow over {@link layoutWorkflow}'s cards and
 * edges, top to bottom, fitted to the view; cards are selected by a click, edges drawn from a handle to a card go
 * through the connection check (spec 001 §4; `connect` in contracts `workflows/graph-edits.ts`). Cards are not
 * dragged (positions come from the layout, or a stored `position`).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Background, Controls, MarkerType, Position, ReactFlow, type Connection, type Edge, type Node, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { GraphSource } from '@formloom/contracts/workflows/graph-edits';
import { EDGE_TYPES, type WorkflowEdge } from './canvas-edges';
import { CARD_TYPES } from './canvas-nodes';
import { useCanvasActions } from './canvas-context';
import { layoutWorkflow, PLACEHOLDER_CARD_ID, TRIGGER_CARD_ID, viewportFor, type CardLayout } from './layout';
import classes from './canvas.module.css';

/** The node id of a card id (`node:<id>`), `trigger` for the trigger, `null` for the placeholder. */
export function nodeIdOfCard(cardId: string): string | null {
  if (cardId === TRIGGER_CARD_ID) return 'trigger';
  return cardId.startsWith('node:') ? cardId.slice('node:'.length) : null;
}

/**
 * The React Flow node of a laid-out card. A card's size is known from the layout, so it is given to React Flow as
 * already measured (`width`, `height` and `measured`) with its handles' places: the cards are visible and the edges
 * drawn in the first render, and React Flow's measurement afterwards finds nothing changed — no second render of
 * every card (docs/benchmarks.md §14). A card showing a publish problem grows with its text, so it is measured.
 */
function flowNode(card: CardLayout, template: WorkflowTemplate, selectedId: string | null, problems: ReadonlyMap<string, string[]>): Node {
  const nodeId = card.kind === 'trigger' ? 'trigger' : card.nodeId;
  const sized = nodeId === undefined || !problems.has(nodeId);
  const base = {
    id: card.id,
    position: card.position,
    initialWidth: card.width,
    initialHeight: card.height,
    width: card.width,
    ...(sized ? { height: card.height, measured: { width: card.width, height: card.height } } : {}),
    selected: card.id === selectedId,
    selectable: card.kind !== 'placeholder',
    draggable: false,
    // Where the handles are before React Flow measures them (jsdom, the first paint): edges draw at once.
    handles: [
      { type: 'target' as const, position: Position.Top, x: card.width / 2, y: 0, width: 1, height: 1 },
      ...card.handles.map((handle) => ({ id: handle.id, type: 'source' as const, position: Position.Bottom, x: handle.x, y: card.height, width: 1, height: 1 })),
    ],
  };
  if (card.kind === 'trigger') return { ...base, type: 'trigger', data: { trigger: template.trigger, handles: card.handles, hasActions: Object.keys(template.nodes).length > 0 } };
  if (card.kind === 'placeholder') return { ...base, type: 'placeholder', data: {} };
  return { ...base, type: 'action', data: { nodeId: nodeId!, node: template.nodes[nodeId!]!, handles: card.handles } };
}

/**
 * The User Timing mark set each time the canvas lays a template out (`performance.mark`): the canvas benchmark
 * measures from it to the frame in which every card is on screen (docs/benchmarks.md §14).
 */
export const CANVAS_LAYOUT_MARK = 'formloom:canvas-layout';

/**
 * ours: how the graph is fitted to the view — a margin around it, never zoomed in beyond 100 %, never out beyond
 * 30 % (below that the cards' text cannot be read; a longer workflow opens at its top, `viewportFor`).
 */
const FIT_OPTIONS = { padding: 0.15, minZoom: 0.3, maxZoom: 1 };

/** ours: the canvas frame's least height (px), on a short window. */
const FRAME_MIN_HEIGHT_PX = 420;

/** Props of {@link WorkflowCanvas}. */
export interface WorkflowCanvasProps {
  template: WorkflowTemplate;
  /** Draws an edge from `source` to node `target` (the page runs the connection check and shows a refusal). */
  onConnect(source: GraphSource, target: string): void;
}

/** See the module doc. */
export function WorkflowCanvas({ template, onConnect }: WorkflowCanvasProps) {
  const actions = useCanvasActions();
  const instance = useRef<ReactFlowInstance | null>(null);
  const frame = useRef<HTMLDivElement | null>(null);
  const layout = useMemo(() => {
    // User Timing: where laying the graph out starts, for the canvas benchmark (load-tests/browser/canvas-render.ts).
    // jsdom (the component tests) has no `performance.mark`.
    if (typeof performance.mark === 'function') performance.mark(CANVAS_LAYOUT_MARK);
    return layoutWorkflow(template);
  }, [template]);
  /** Fits the graph to the frame (`viewportFor`): the frame reaches down to the window's bottom edge. */
  const fit = useCallback((duration?: number) => {
    const element = frame.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    element.style.height = `max(${FRAME_MIN_HEIGHT_PX}px, calc(100dvh - ${Math.round(top)}px))`;
    const size = { width: element.clientWidth, height: element.clientHeight };
    void instance.current?.setViewport(viewportFor(layout, size, FIT_OPTIONS), duration ? { duration } : undefined);
  }, [layout]);
  // The graph is fitted to the view when it opens and again when the window changes size (a phone turned).
  useEffect(() => {
    const refit = () => fit();
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, [fit]);
  // A card added or deleted changes the graph's size: fit it again, so that the new card (selected, its panel
  // open) and everything after it stay in view instead of growing off the bottom of the canvas.
  const cardCount = layout.cards.length;
  const fittedCount = useRef(cardCount);
  useEffect(() => {
    if (fittedCount.current === cardCount) return;
    fittedCount.current = cardCount;
    fit(200);
  }, [cardCount, fit]);
  const nodes = useMemo(
    () => layout.cards.map((card) => flowNode(card, template, actions.selectedId, actions.problems)),
    [layout, template, actions.selectedId, actions.problems],
  );
  const edges = useMemo(
    () =>
      layout.edges.map(
        (edge): WorkflowEdge => ({
          id: edge.id,
          source: edge.source,
          target: edge.target,
          sourceHandle: edge.sourceHandle,
          type: 'workflow',
          markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
          selectable: false,
          data: { label: edge.label, sourceNodeId: edge.sourceNodeId, sourceHandle: edge.sourceHandle, insertable: edge.target !== PLACEHOLDER_CARD_ID },
        }),
      ),
    [layout],
  );
  const connect = useCallback(
    (connection: Connection | Edge) => {
      const source = nodeIdOfCard(connection.source);
      const target = nodeIdOfCard(connection.target);
      if (source === null || target === null) return;
      const graphSource: GraphSource = source === 'trigger' ? { kind: 'trigger' } : { kind: 'node', nodeId: source, edgePath: connection.sourceHandle ?? undefined };
      onConnect(graphSource, target);
    },
    [onConnect],
  );
  return (
    <div className={classes.frame} ref={frame} data-testid="workflow-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={CARD_TYPES}
        edgeTypes={EDGE_TYPES}
        onNodeClick={(_, node) => actions.select(node.type === 'placeholder' ? null : node.id)}
        onPaneClick={() => actions.select(null)}
        onConnect={connect}
        nodesDraggable={false}
        nodesConnectable={!actions.readOnly}
        elementsSelectable
        onInit={(ready) => {
          instance.current = ready as unknown as ReactFlowInstance;
          fit();
        }}
        minZoom={FIT_OPTIONS.minZoom}
        maxZoom={1.5}
        proOptions={{ hideAttribution: true }}
        aria-label={copy.workflows.canvas.canvasLabel}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
