/**
 * The setup status line of a workflow node or trigger (spec 001 §2 "Each node shows a setup status line",
 * §4 "Node setup status", "Trigger completeness"), for any type: asked of the type's module through its
 * registry (`workflows/nodes/registry.ts`, `workflows/triggers/registry.ts`). The rules themselves live in
 * the type modules (`workflows/nodes/<type>.ts`, `workflows/triggers/<type>.ts`). Pure; the web shows the
 * line on each canvas card.
 */
import type { NodeSetupStatus } from '../workflows/define';
import { nodeRegistry } from '../workflows/nodes/registry';
import { triggerRegistry } from '../workflows/triggers/registry';

/**
 * The addresses a literal recipient value stands for (the email node's rule, `workflows/nodes/email.ts`);
 * re-exported here for the engine's email composition, which imports it from this module.
 */
export { literalAddresses } from '../workflows/nodes/email';

/**
 * The setup status of a node `{type, template}` (spec 001 §4): `{complete, description}` from its type's
 * module; `null` for node types that are not implemented yet. Never throws.
 */
export function nodeSetupStatus(node: { type: string; template: unknown }): NodeSetupStatus | null {
  return nodeRegistry.find(node.type)?.status(node.template) ?? null;
}

/**
 * The setup status of a trigger `{type, template}` (spec 001 §4 "Trigger completeness"): from its type's
 * module (`formSubmission` is always complete, described 'When the form is submitted'); `null` for trigger
 * types that are not implemented yet. Never throws.
 */
export function triggerSetupStatus(trigger: { type: string; template: unknown }): NodeSetupStatus | null {
  return triggerRegistry.find(trigger.type)?.status(trigger.template) ?? null;
}
