/**
 * `workspace.deleted` v1: an admin deleted a workspace of their organization, with its memberships
 * (workspaces-auth → flows: delete the workspace's forms, each with what deleting a form deletes). Spec 000 §2
 * "Home page" (the sidebar's workspaces; deleting one is ours, the spec names no call). Key: the workspace id
 * (decimal). Tenant: the organization and the deleted workspace.
 */
import { z } from 'zod';
import { defineEvent } from './define';

export const WORKSPACE_DELETED = 'workspace.deleted' as const;
export const WORKSPACE_DELETED_VERSION = 1;

/** The data of `workspace.deleted` v1: `{workspaceId}` (the workspace that no longer exists). */
export const WorkspaceDeletedData = z.object({
  workspaceId: z.number().int().positive(),
});
/** The data of `workspace.deleted` v1. */
export type WorkspaceDeletedData = z.infer<typeof WorkspaceDeletedData>;

/** `workspace.deleted` v1 (see the module doc). */
export const workspaceDeleted = defineEvent({
  type: WORKSPACE_DELETED,
  version: WORKSPACE_DELETED_VERSION,
  data: WorkspaceDeletedData,
});
