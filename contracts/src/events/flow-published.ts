/**
 * `flow.published` v1: a flow's draft was copied into a new published snapshot, which is now the live form
 * (flows → workflows-engine, integrations: refresh what they know of the form's questions).
 * Key: the flow's public identifier. Tenant: the flow's organization and workspace.
 */
import { z } from 'zod';
import { defineEvent } from './define';
import { FlowType } from '../entities/flow';

export const FLOW_PUBLISHED = 'flow.published' as const;
export const FLOW_PUBLISHED_VERSION = 1;

/**
 * The data of `flow.published` v1: the flow, the published `version` (1 for the first publish, +1 for each
 * later one) and `publishedAt` (ISO 8601).
 */
export const FlowPublishedData = z.object({
  flowId: z.number().int().positive(),
  flowPublicIdentifier: z.string(),
  name: z.string(),
  type: FlowType,
  workspaceId: z.number().int().positive(),
  version: z.number().int().positive(),
  publishedAt: z.string(),
});
/** The data of `flow.published` v1. */
export type FlowPublishedData = z.infer<typeof FlowPublishedData>;

/** `flow.published` v1 (see the module doc). */
export const flowPublished = defineEvent({ type: FLOW_PUBLISHED, version: FLOW_PUBLISHED_VERSION, data: FlowPublishedData });
