/**
 * `flow.moved` v1: a flow was moved to another workspace of its organization (spec 000 §4 "Dragging"; flows →
 * workflows-engine: the form's workflows and webhooks now belong to that workspace, so its members' access decides
 * who may see and change them). Key: the flow's public identifier. Tenant: the organization and the NEW workspace.
 */
import { z } from 'zod';
import { defineEvent } from './define';

export const FLOW_MOVED = 'flow.moved' as const;
export const FLOW_MOVED_VERSION = 1;

/** The data of `flow.moved` v1: `{flowId, flowPublicIdentifier, fromWorkspaceId, workspaceId}`. */
export const FlowMovedData = z.object({
  flowId: z.number().int().positive(),
  flowPublicIdentifier: z.string(),
  fromWorkspaceId: z.number().int().positive(),
  workspaceId: z.number().int().positive(),
});
/** The data of `flow.moved` v1. */
export type FlowMovedData = z.infer<typeof FlowMovedData>;

/** `flow.moved` v1 (see the module doc). */
export const flowMoved = defineEvent({ type: FLOW_MOVED, version: FLOW_MOVED_VERSION, data: FlowMovedData });
