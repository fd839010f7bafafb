/**
 * `flow.created` v1: a flow was created in a workspace (flows → anyone keeping per-workspace views, e.g.
 * recents or workflow templates that wait for a new form). Key: the flow's public identifier.
 * Tenant: the flow's organization and workspace.
 */
import { z } from 'zod';
import { defineEvent } from './define';
import { FlowType } from '../entities/flow';

export const FLOW_CREATED = 'flow.created' as const;
export const FLOW_CREATED_VERSION = 1;

/** The data of `flow.created` v1: `{flowId, flowPublicIdentifier, name, type, workspaceId}`. */
export const FlowCreatedData = z.object({
  flowId: z.number().int().positive(),
  flowPublicIdentifier: z.string(),
  name: z.string(),
  type: FlowType,
  workspaceId: z.number().int().positive(),
});
/** The data of `flow.created` v1. */
export type FlowCreatedData = z.infer<typeof FlowCreatedData>;

/** `flow.created` v1 (see the module doc). */
export const flowCreated = defineEvent({ type: FLOW_CREATED, version: FLOW_CREATED_VERSION, data: FlowCreatedData });
