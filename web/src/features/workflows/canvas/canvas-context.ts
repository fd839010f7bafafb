/**
 * What the canvas's cards, edges and "+" buttons share with the page that holds the draft (spec 001 §2 "Workflow
 * canvas"): whether the workflow may be changed, the selected card, the nodes a publish refused, and the edits.
 * The page provides it ({@link CanvasActionsContext}); the React Flow node and edge components read it, so the
 * cards stay plain data for React Flow.
 */
import { createContext, useContext } from 'react';
import type { NodeType, TriggerType } from '@formloom/contracts/entities/workflow';
import type { GraphSource } from '@formloom/contracts/workflows/graph-edits';

/** The canvas's shared state and edits (see the module doc). */
export interface CanvasActions {
  /** A viewer (spec 001 §6) or a workflow still loading: no add, delete or save; panels read-only. */
  readOnly: boolean;
  /** False at MAX_WORKFLOW_ACTIONS actions (spec 001 §2 "Actions are disabled at 20 actions"). */
  canAdd: boolean;
  /** The organization's data region (`EU_AGENT` hides the AI action, spec 001 §2); `undefined` for now. */
  dataRegion: string | undefined;
  /** The selected card's canvas id (`layout.ts`), or `null`. */
  selectedId: string | null;
  /** The publish refusals by node id (`trigger` for the trigger): the cards show them. */
  problems: ReadonlyMap<string, string[]>;
  select(cardId: string | null): void;
  /** Opens the editor panel of node `nodeId` (`trigger`: the trigger's). */
  edit(nodeId: string): void;
  /** Asks to delete node `nodeId` (the page confirms first). */
  requestDelete(nodeId: string): void;
  /** Adds a node of `type` after `source` (spec 001 §4 "Adding a node"), then selects it and opens its panel. */
  add(source: GraphSource, type: NodeType): void;
  /** Changes the trigger's type (spec 001 §2 "Trigger picker"). */
  changeTrigger(type: TriggerType): void;
}

/** The canvas's shared state; the page provides it. */
export const CanvasActionsContext = createContext<CanvasActions | null>(null);

/**
 * The canvas's shared state.
 * @throws Error outside a {@link CanvasActionsContext} provider.
 */
export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasActionsContext);
  if (!actions) throw new Error('useCanvasActions outside the workflow canvas');
  return actions;
}
