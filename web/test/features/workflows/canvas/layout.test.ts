/**
 * The canvas's layout (spec 001 §2 "Workflow canvas", §9 graph layout numbers): top to bottom with 50 px between
 * ranks, cards at least 212 × 62 px, a placeholder after a trigger with no actions, labelled edges from a branch's
 * handles spaced 46 px apart, stored positions kept, cards moved by the user stored and new ones placed among them.
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
  clearPositions,
  handlePadding,
  hasStoredPositions,
  layoutWorkflow,
  nodeCardId,
  storePositions,
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

describe('cards moved by the user', () => {
  const at = (layout: ReturnType<typeof layoutWorkflow>, id: string) => layout.cards.find((card) => card.id === id)!;
  const overlaps = (layout: ReturnType<typeof layoutWorkflow>) =>
    layout.cards.some((a) =>
      layout.cards.some(
        (b) =>
          a !== b &&
          a.position.x < b.position.x + b.width &&
          b.position.x < a.position.x + a.width &&
          a.position.y < b.position.y + b.height &&
          b.position.y < a.position.y + a.height,
      ),
    );

  it('stores every card where it is shown, with the moved card where it was dropped, and shows them there again', () => {
    const template = branched();
    const layout = layoutWorkflow(template);
    const stored = storePositions(template, layout, new Map([[nodeCardId('b'), { x: 612.4, y: 333.6 }]]));
    expect(stored.nodes.b!.position).toEqual({ x: 612, y: 334 });
    expect(stored.trigger.position).toEqual({ x: Math.round(at(layout, TRIGGER_CARD_ID).position.x), y: Math.round(at(layout, TRIGGER_CARD_ID).position.y) });
    for (const nodeId of Object.keys(stored.nodes)) expect(stored.nodes[nodeId]!.position).toBeDefined();
    const again = layoutWorkflow(stored);
    expect(at(again, nodeCardId('b')).position).toEqual({ x: 612, y: 334 });
    expect(at(again, nodeCardId('a')).position).toEqual(stored.nodes.a!.position);
  });

  it('puts an action added between two placed cards under its source and moves what follows down to make room', () => {
    const template = storePositions(branched(), layoutWorkflow(branched()));
    const before = layoutWorkflow(template);
    const inserted = insertNode(template, { kind: 'node', nodeId: 'a' }, 'delay', 'new');
    if (!inserted.ok) throw new Error(inserted.message);
    const after = layoutWorkflow(inserted.template);
    const source = at(after, nodeCardId('a'));
    const added = at(after, nodeCardId('new'));
    expect(source.position).toEqual(at(before, nodeCardId('a')).position);
    expect(added.position.y).toBe(source.position.y + source.height + 50);
    expect(added.position.x + added.width / 2).toBe(source.position.x + source.width / 2);
    // The branch card and what follows it moved down by the new card's height and the rank separation.
    const moved = at(after, nodeCardId('br')).position.y - at(before, nodeCardId('br')).position.y;
    expect(moved).toBe(CARD_HEIGHT_PX + 50);
    expect(at(after, nodeCardId('b')).position.y - at(before, nodeCardId('b')).position.y).toBe(moved);
    expect(at(after, TRIGGER_CARD_ID).position).toEqual(at(before, TRIGGER_CARD_ID).position);
    expect(overlaps(after)).toBe(false);
  });

  it('puts an action added on a free branch handle under that handle, beside a card already there', () => {
    const template = storePositions(branched(), layoutWorkflow(branched()));
    const inserted = insertNode(template, { kind: 'node', nodeId: 'br', edgePath: 'template.branches.1.nextNodeId' }, 'delay', 'second');
    if (!inserted.ok) throw new Error(inserted.message);
    const after = layoutWorkflow(inserted.template);
    expect(overlaps(after)).toBe(false);
    const branch = at(after, nodeCardId('br'));
    expect(at(after, nodeCardId('second')).position.y).toBeGreaterThan(branch.position.y + branch.height);
  });

  it('forgets every position on "Tidy up", so dagre lays the graph out again', () => {
    const original = layoutWorkflow(branched());
    const moved = storePositions(branched(), original, new Map([[nodeCardId('a'), { x: 2000, y: 2000 }]]));
    const cleared = clearPositions(moved);
    expect(hasStoredPositions(moved)).toBe(true);
    expect(hasStoredPositions(cleared)).toBe(false);
    expect(layoutWorkflow(cleared)).toEqual(original);
  });
});
