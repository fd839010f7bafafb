/**
 * The canvas cards and editor panels of the implemented node and trigger types, one line per type
 * (docs/architecture.md "Adding a node type"). The maps are typed by the contracts' registries
 * (`ImplementedNodeType`, `ImplementedTriggerType`): a type the contracts implement without an entry here
 * does not compile. Types without an entry (not implemented yet) get a generic card and no panel.
 */
import type { ImplementedNodeType } from '@formloom/contracts/workflows/nodes/registry';
import type { ImplementedTriggerType } from '@formloom/contracts/workflows/triggers/registry';
import { aiNodeUi } from './ai';
import { airtableNodeUi } from './airtable';
import { approvalNodeUi } from './approval';
import { beforeEventStartsTriggerUi } from './before-event-starts';
import { branchNodeUi } from './branch';
import { codeNodeUi } from './code';
import { databasesNodeUi } from './databases';
import { delayNodeUi } from './delay';
import { discordNodeUi } from './discord';
import { emailNodeUi } from './email';
import { eventCanceledTriggerUi, eventRescheduledTriggerUi } from './event-triggers';
import { filterNodeUi } from './filter';
import { formAbandonedTriggerUi } from './form-abandoned';
import { getCurrentUserOrThrowNodeUi } from './get-current-user-or-throw';
import { googleSheetsNodeUi } from './googlesheets';
import { microsoftTeamsNodeUi } from './microsoft-teams';
import { openAiNodeUi } from './openai';
import { slackNodeUi } from './slack';
import { twilioNodeUi } from './twilio';
import { formSubmissionTriggerUi } from './form-submission';
import { ziteExecutionTriggerUi } from './zite-execution';
import type { NodeUi, TriggerUi } from './types';
import { webhookNodeUi } from './webhook';

/** Every implemented node type's card and panel. */
export const NODE_UIS: { readonly [TType in ImplementedNodeType]: NodeUi<TType> } = {
  email: emailNodeUi,
  delay: delayNodeUi,
  filter: filterNodeUi,
  branch: branchNodeUi,
  approval: approvalNodeUi,
  webhook: webhookNodeUi,
  code: codeNodeUi,
  ai: aiNodeUi,
  slack: slackNodeUi,
  microsoftTeams: microsoftTeamsNodeUi,
  discord: discordNodeUi,
  twilio: twilioNodeUi,
  airtable: airtableNodeUi,
  googlesheets: googleSheetsNodeUi,
  databases: databasesNodeUi,
  openai: openAiNodeUi,
  getCurrentUserOrThrow: getCurrentUserOrThrowNodeUi,
};

/** Every implemented trigger type's card and panel. */
export const TRIGGER_UIS: { readonly [TType in ImplementedTriggerType]: TriggerUi<TType> } = {
  formSubmission: formSubmissionTriggerUi,
  formAbandoned: formAbandonedTriggerUi,
  beforeEventStarts: beforeEventStartsTriggerUi,
  eventCanceled: eventCanceledTriggerUi,
  eventRescheduled: eventRescheduledTriggerUi,
  ziteExecution: ziteExecutionTriggerUi,
};

/** The card and panel of node type `type`; `undefined` for a type that is not implemented. */
export function nodeUi(type: string): NodeUi | undefined {
  return Object.prototype.hasOwnProperty.call(NODE_UIS, type) ? NODE_UIS[type as ImplementedNodeType] : undefined;
}

/** The card and panel of trigger type `type`; `undefined` for a type that is not implemented. */
export function triggerUi(type: string): TriggerUi | undefined {
  return Object.prototype.hasOwnProperty.call(TRIGGER_UIS, type) ? TRIGGER_UIS[type as ImplementedTriggerType] : undefined;
}
