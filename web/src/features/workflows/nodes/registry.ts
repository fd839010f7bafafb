/**
 * The canvas cards and editor panels of the implemented node and trigger types, one line per type
 * (docs/architecture.md "Adding a node type"). The maps are typed by the contracts' registries
 * (`ImplementedNodeType`, `ImplementedTriggerType`): a type the contracts implement without an entry here
 * does not compile. Types without an entry (not implemented yet) get a generic card and no panel.
 */
import type { ImplementedNodeType } from '@formloom/contracts/workflows/nodes/registry';
import type { ImplementedTriggerType } from '@formloom/contracts/workflows/triggers/registry';
import { codeNodeUi } from './code';
import { emailNodeUi } from './email';
import { formSubmissionTriggerUi } from './form-submission';
import type { NodeUi, TriggerUi } from './types';
import { webhookNodeUi } from './webhook';

/** Every implemented node type's card and panel. */
export const NODE_UIS: { readonly [TType in ImplementedNodeType]: NodeUi<TType> } = {
  email: emailNodeUi,
  webhook: webhookNodeUi,
  code: codeNodeUi,
};

/** Every implemented trigger type's card and panel. */
export const TRIGGER_UIS: { readonly [TType in ImplementedTriggerType]: TriggerUi<TType> } = {
  formSubmission: formSubmissionTriggerUi,
};

/** The card and panel of node type `type`; `undefined` for a type that is not implemented. */
export function nodeUi(type: string): NodeUi | undefined {
  return Object.prototype.hasOwnProperty.call(NODE_UIS, type) ? NODE_UIS[type as ImplementedNodeType] : undefined;
}

/** The card and panel of trigger type `type`; `undefined` for a type that is not implemented. */
export function triggerUi(type: string): TriggerUi | undefined {
  return Object.prototype.hasOwnProperty.call(TRIGGER_UIS, type) ? TRIGGER_UIS[type as ImplementedTriggerType] : undefined;
}
