/**
 * `flow.deleted` v1: a flow was deleted forever, with its snapshots and submissions (flows → workflows-engine:
 * delete the form's workflows and their runs; later, integrations: drop the form's integrations).
 * Key: the flow's public identifier. Tenant: the flow's organization and workspace.
 */
import { z } from 'zod';
import { defineEvent } from './define';

export const FLOW_DELETED = 'flow.deleted' as const;
export const FLOW_DELETED_VERSION = 1;

/** The data of `flow.deleted` v1: `{flowId, flowPublicIdentifier, workspaceId}`. */
export const FlowDeletedData = z.object({
  flowId: z.number().int().positive(),
  flowPublicIdentifier: z.string(),
  workspaceId: z.number().int().positive(),
});
/** The data of `flow.deleted` v1. */
export type FlowDeletedData = z.infer<typeof FlowDeletedData>;

/** `flow.deleted` v1 (see the module doc). */
export const flowDeleted = defineEvent({ type: FLOW_DELETED, version: FLOW_DELETED_VERSION, data: FlowDeletedData });
