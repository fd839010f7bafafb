/**
 * The workflow canvas itself (spec 001 §2 "Workflow canvas"): React Flow over {@link layoutWorkflow}'s cards and
 * edges, top to bottom, fitted to the view; cards are selected by a click, edges drawn from a handle to a card go
 * through the connection check (spec 001 §4; `connect` in contracts `workflows/graph-edits.ts`). Cards can be dragged
 * (or moved with the arrow keys once focused) by anyone who may edit: a move stores every card's position in the
 * draft (`storePositions`, layout.ts), and "Tidy up" in the controls forgets them so dagre lays the graph out again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Background,
  ControlButton,
  Controls,
  MarkerType,
  Position,
  ReactFlow,
  type Connection,
  type Edge,
  type Node,
  type NodeChange,
  type ReactFlowInstance,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { GraphSource } from '@formloom/contracts/workflows/graph-edits';
import { EDGE_TYPES, type WorkflowEdge } from './canvas-edges';
import { CARD_TYPES } from './canvas-nodes';
import { useCanvasActions } from './canvas-context';
import { IconTidy } from '../../../ui/icons';
import {
  clearPositions,
  hasStoredPositions,
  layoutWorkflow,
  PLACEHOLDER_CARD_ID,
  storePositions,
  TRIGGER_CARD_ID,
  viewportFor,
  type CanvasLayout,
  type CardLayout,
} from './layout';
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
function flowNode(
  card: CardLayout,
  template: WorkflowTemplate,
  selectedId: string | null,
  problems: ReadonlyMap<string, string[]>,
  movable: boolean,
  dragged: { x: number; y: number } | undefined,
): Node {
  const nodeId = card.kind === 'trigger' ? 'trigger' : card.nodeId;
  const sized = nodeId === undefined || !problems.has(nodeId);
  const base = {
    id: card.id,
    position: dragged ?? card.position,
    initialWidth: card.width,
    initialHeight: card.height,
    width: card.width,
    ...(sized ? { height: card.height, measured: { width: card.width, height: card.height } } : {}),
    selected: card.id === selectedId,
    selectable: card.kind !== 'placeholder',
    draggable: movable && card.kind !== 'placeholder',
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

/** No card being dragged. */
const NO_MOVES: ReadonlyMap<string, { x: number; y: number }> = new Map();

/** ours: how far (px) the pointer moves on a card before it is a drag, not a click that selects the card. */
const DRAG_THRESHOLD_PX = 4;

/** ours: the canvas frame's least height (px), on a short window. */
const FRAME_MIN_HEIGHT_PX = 420;

/** Props of {@link WorkflowCanvas}. */
export interface WorkflowCanvasProps {
  template: WorkflowTemplate;
  /** Draws an edge from `source` to node `target` (the page runs the connection check and shows a refusal). */
  onConnect(source: GraphSource, target: string): void;
  /** The draft with the cards' positions changed (a card moved: all stored; "Tidy up": none). */
  onPositions(next: WorkflowTemplate): void;
}

/** See the module doc. */
export function WorkflowCanvas({ template, onConnect, onPositions }: WorkflowCanvasProps) {
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
  // "Tidy up" changes every position but not the card count: fit the new layout once it is there.
  const refitAfterLayout = useRef(false);
  useEffect(() => {
    if (!refitAfterLayout.current) return;
    refitAfterLayout.current = false;
    fit(200);
  }, [layout, fit]);
  // Where cards are while being dragged (canvas id → top-left, px); the layout's positions otherwise. Cleared once
  // the draft holds the move (a new layout).
  const [drag, setDrag] = useState<{ layout: CanvasLayout; moves: ReadonlyMap<string, { x: number; y: number }> } | null>(null);
  const dragged = drag?.layout === layout ? drag.moves : NO_MOVES;
  const movable = !actions.readOnly;
  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      const moves = changes.filter((change) => change.type === 'position' && change.position !== undefined);
      if (moves.length === 0) return;
      const next = new Map(dragged);
      for (const change of moves) if (change.type === 'position' && change.position) next.set(change.id, change.position);
      setDrag({ layout, moves: next });
      // A drag's last change (`dragging: false`) or a move by the arrow keys (no `dragging`): into the draft.
      if (moves.every((change) => change.type === 'position' && change.dragging !== true)) onPositions(storePositions(template, layout, next));
    },
    [dragged, layout, template, onPositions],
  );
  const tidyUp = useCallback(() => {
    refitAfterLayout.current = true;
    onPositions(clearPositions(template));
  }, [template, onPositions]);
  const nodes = useMemo(
    () => layout.cards.map((card) => flowNode(card, template, actions.selectedId, actions.problems, movable, dragged.get(card.id))),
    [layout, template, actions.selectedId, actions.problems, movable, dragged],
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
        onNodesChange={onNodesChange}
        nodesDraggable={movable}
        nodeDragThreshold={DRAG_THRESHOLD_PX}
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
        <Controls showInteractive={false}>
          {movable && hasStoredPositions(template) && (
            <ControlButton onClick={tidyUp} title={copy.workflows.canvas.tidyUpHint} aria-label={copy.workflows.canvas.tidyUp} data-testid="canvas-tidy-up">
              <IconTidy />
            </ControlButton>
          )}
        </Controls>
      </ReactFlow>
    </div>
  );
}
