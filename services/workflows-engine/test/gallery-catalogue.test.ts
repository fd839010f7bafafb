/**
 * The gallery catalogue the creation dialog previews (`@formloom/contracts/workflows/gallery/catalogue`) against
 * what the engine generates: every one of spec 001 §2's 13 templates is listed once, and its outline — trigger
 * and step types in order — is the generated workflow's.
 */
import { GALLERY_CATALOGUE, GALLERY_CATEGORIES, visibleGalleryCategories } from '@formloom/contracts/workflows/gallery/catalogue';
import { WORKFLOW_GALLERY_TEMPLATES } from '@formloom/contracts/workflow-templates';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { galleryWorkflowTemplate } from '../src/domain/gallery';

/** The node types from the trigger along `nextNodeId`. */
function stepTypes(template: WorkflowTemplate): string[] {
  const types: string[] = [];
  const seen = new Set<string>();
  let next = template.trigger.nextNodeId;
  while (next && !seen.has(next)) {
    seen.add(next);
    const node = template.nodes[next]!;
    types.push(node.type);
    next = 'nextNodeId' in node ? (node.nextNodeId ?? null) : null;
  }
  return types;
}

it('lists each gallery template once, in category order', () => {
  expect(GALLERY_CATALOGUE.map((entry) => entry.id).sort()).toEqual([...WORKFLOW_GALLERY_TEMPLATES].sort());
  const order = GALLERY_CATALOGUE.map((entry) => GALLERY_CATEGORIES.indexOf(entry.category));
  expect(order).toEqual([...order].sort((a, b) => a - b));
});

it.each(GALLERY_CATALOGUE.map((entry) => [entry.id, entry] as const))('outlines %s as the engine generates it', (_id, entry) => {
  for (const formTemplate of [blankFlowTemplate(), exampleFormTemplate()]) {
    const generated = galleryWorkflowTemplate(entry.id, { flowPublicIdentifier: 'f1', formTemplate, callerEmail: 'owner@example.com', callerUserId: 1 });
    expect(generated.trigger.type).toBe(entry.trigger);
    expect(stepTypes(generated)).toEqual(entry.steps);
  }
});

it('hides the AI category in the EU_AGENT region only', () => {
  expect(visibleGalleryCategories(null)).toEqual([...GALLERY_CATEGORIES]);
  expect(visibleGalleryCategories('EU_AGENT')).toEqual(['notifications', 'approvals', 'scheduling', 'conversionKit']);
});
