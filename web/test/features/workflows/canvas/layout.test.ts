/**
 * The canvas's layout (spec 001 §2 "Workflow canvas", §9 graph layout numbers): top to bottom with 50 px between
 * ranks, cards at least 212 × 62 px, a placeholder after a trigger with no actions, labelled edges from a branch's
 * handles spaced 46 px apart, stored positions kept.
 */
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { insertNode } from '@formloom/contracts/workflows/graph-edits';
import {
  CARD_HEIGHT_PX,
  HANDLE_SPACING_PX,
  PLACEHOLDER_CARD_ID,
  TRIGGER_CARD_HEIGHT_PX,
  TRIGGER_CARD_ID,
  cardWidth,
  handlePadding,
  layoutWorkflow,
  nodeCardId,
  TOP_MARGIN_PX,
  viewportFor,
} from '../../../../src/features/workflows/canvas/layout';

const empty: WorkflowTemplate = { trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: null }, nodes: {} };

/** trigger → a (delay) → br (branch: Branch 1 → b, Branch 2 → nowhere, Otherwise → nowhere). */
function branched(): WorkflowTemplate {
  let template: WorkflowTemplate = { ...empty, trigger: { ...empty.trigger, nextNodeId: 'a' }, nodes: { a: { type: 'delay', template: {}, nextNodeId: 'b' }, b: { type: 'delay', template: {}, nextNodeId: null } } };
  const result = insertNode(template, { kind: 'node', nodeId: 'a' }, 'branch', 'br');
  if (!result.ok) throw new Error(result.message);
  template = result.template;
  return template;
}

it('puts a placeholder action after a trigger with no actions', () => {
  const layout = layoutWorkflow(empty);
  expect(layout.cards.map((card) => card.kind)).toEqual(['trigger', 'placeholder']);
  expect(layout.edges).toEqual([expect.objectContaining({ source: TRIGGER_CARD_ID, target: PLACEHOLDER_CARD_ID })]);
  const [trigger, placeholder] = layout.cards;
  expect(placeholder!.position.y).toBe(trigger!.position.y + TRIGGER_CARD_HEIGHT_PX + 50);
});

it('lays out top to bottom with 50 px between ranks; cards at least 212 × 62', () => {
  const layout = layoutWorkflow(branched());
  const y = (id: string) => layout.cards.find((card) => card.id === id)!.position.y;
  expect(y(nodeCardId('a')) - y(TRIGGER_CARD_ID)).toBe(TRIGGER_CARD_HEIGHT_PX + 50);
  expect(y(nodeCardId('br')) - y(nodeCardId('a'))).toBe(CARD_HEIGHT_PX + 50);
  expect(y(nodeCardId('b'))).toBeGreaterThan(y(nodeCardId('br')));
  for (const card of layout.cards) {
    expect(card.width).toBeGreaterThanOrEqual(212);
    expect(card.height).toBeGreaterThanOrEqual(62);
  }
});

it('gives a branch one handle per branch plus Otherwise, 46 px apart, and labels its edges', () => {
  const layout = layoutWorkflow(branched());
  const branch = layout.cards.find((card) => card.id === nodeCardId('br'))!;
  expect(branch.handles.map((handle) => [handle.label, handle.target])).toEqual([
    ['Branch 1', 'b'],
    ['Branch 2', null],
    ['Otherwise', null],
  ]);
  expect(branch.handles[1]!.x - branch.handles[0]!.x).toBe(HANDLE_SPACING_PX);
  expect(layout.edges.find((edge) => edge.source === nodeCardId('br'))).toMatchObject({ label: 'Branch 1', target: nodeCardId('b'), sourceHandle: 'template.branches.0.nextNodeId' });
});

it('pads 16, 12 or 8 px depending on the count', () => {
  expect([1, 2, 3, 4, 5, 8].map(handlePadding)).toEqual([16, 16, 12, 12, 8, 8]);
  expect(cardWidth(8)).toBe(8 * 46 + 16);
  expect(cardWidth(1)).toBeGreaterThanOrEqual(212);
});

it('keeps stored positions and computes the others', () => {
  const template = branched();
  template.nodes.b = { ...template.nodes.b!, position: { x: 900, y: 700 } };
  const layout = layoutWorkflow(template);
  expect(layout.cards.find((card) => card.id === nodeCardId('b'))!.position).toEqual({ x: 900, y: 700 });
  expect(layout.cards.find((card) => card.id === nodeCardId('a'))!.position.x).not.toBeNaN();
});

describe('the view the canvas opens on', () => {
  const fit = { padding: 0.15, minZoom: 0.3, maxZoom: 1 };
  /** trigger → n1 → … → n`count`, all delays. */
  function chain(count: number): WorkflowTemplate {
    const nodes: WorkflowTemplate['nodes'] = {};
    for (let index = 1; index <= count; index++) nodes[`n${index}`] = { type: 'delay', template: {}, nextNodeId: index < count ? `n${index + 1}` : null };
    return { ...empty, trigger: { ...empty.trigger, nextNodeId: 'n1' }, nodes };
  }

  it('shows a short workflow whole and centred, never zoomed in beyond 100 %', () => {
    const layout = layoutWorkflow(chain(2));
    const view = viewportFor(layout, { width: 1280, height: 700 }, fit);
    expect(view.zoom).toBe(1);
    const trigger = layout.cards[0]!;
    // Centred across: the trigger card's middle is the frame's middle.
    expect(view.x + (trigger.position.x + trigger.width / 2) * view.zoom).toBeCloseTo(640, 0);
    // Every card inside the frame.
    for (const card of layout.cards) {
      expect(view.y + card.position.y * view.zoom).toBeGreaterThanOrEqual(0);
      expect(view.y + (card.position.y + card.height) * view.zoom).toBeLessThanOrEqual(700);
    }
  });

  it('zooms out to fit a workflow that is taller than the frame', () => {
    const layout = layoutWorkflow(chain(5));
    const view = viewportFor(layout, { width: 1280, height: 700 }, fit);
    expect(view.zoom).toBeLessThan(1);
    expect(view.zoom).toBeGreaterThan(fit.minZoom);
    const last = layout.cards[layout.cards.length - 1]!;
    expect(view.y + (last.position.y + last.height) * view.zoom).toBeLessThanOrEqual(700);
  });

  it('starts a workflow too long to fit at the smallest zoom at its trigger, not in its middle', () => {
    const layout = layoutWorkflow(chain(20));
    const view = viewportFor(layout, { width: 1280, height: 700 }, fit);
    expect(view.zoom).toBe(fit.minZoom);
    const trigger = layout.cards.find((card) => card.id === TRIGGER_CARD_ID)!;
    expect(view.y + trigger.position.y * view.zoom).toBeCloseTo(TOP_MARGIN_PX, 5);
  });
});
