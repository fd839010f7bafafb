/**
 * What publishing a workflow checks beyond the template's shape (spec 001 §4, §5, §9), pure so that the
 * editor can show the same errors before it publishes: the graph (`rules/workflow-graph.ts`), then the
 * trigger's and every node's own checks, each asked of its type's module through the registries. Types that
 * are not implemented yet have no checks of their own (their runs fail the step as not supported).
 */
import type { WorkflowTemplate } from '../entities/workflow';
import type { FieldError } from '../errors';
import { graphErrors } from '../rules/workflow-graph';
import { prefixErrors } from './define';
import { nodeRegistry } from './nodes/registry';
import { triggerRegistry } from './triggers/registry';

/**
 * The publish errors of a parsed template, paths relative to the template: {@link graphErrors}
 * (`trigger.nextNodeId`, `nodes.<id>.nextNodeId`), then the trigger's checks (`trigger.template.…`), then each
 * node's in template order (`nodes.<id>.template.…`). `[]` when it can be published. Never throws.
 */
export function templatePublishErrors(template: WorkflowTemplate): FieldError[] {
  const trigger = triggerRegistry.find(template.trigger.type)?.publishErrors(template.trigger) ?? [];
  const nodes = Object.entries(template.nodes).flatMap(([nodeId, node]) =>
    prefixErrors(nodeRegistry.find(node.type)?.publishErrors(node) ?? [], `nodes.${nodeId}`),
  );
  return [...graphErrors(template), ...prefixErrors(trigger, 'trigger'), ...nodes];
}
