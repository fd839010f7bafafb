/**
 * Access to a workflow (spec 001 §6; spec 000 §6 roles): decided by the workspace of the workflow's form,
 * and its creator, stored on the workflow at creation. A caller of another organization, without access to that
 * workspace, or `limited` there and not the form's creator, gets 404 'Workflow not found' (never learning it exists);
 * a `read` member may view and gets 403 on changes; a `limited` one changes the workflows of their own forms.
 */
import type { FastifyRequest } from 'fastify';
import type { AccessNeed } from '@formloom/contracts/rules/access';
import * as copy from '@formloom/contracts/copy';
import { requireAuth, requireFlowAccess } from '@formloom/kit/auth';
import { DomainError, failed, notFound } from '@formloom/kit/errors';
import { isDatabaseUnavailable } from '@formloom/kit/http';
import type { WorkflowRow } from '../db/schema';

/**
 * Returns `row` when the caller may `need` it.
 * @throws 401 when anonymous; 404 'Workflow not found' when missing or not the caller's; 403 for a change
 *   without write access.
 */
export function requireWorkflowAccess(request: FastifyRequest, row: WorkflowRow | undefined, need: AccessNeed): WorkflowRow {
  const claims = requireAuth(request);
  if (!row || row.organizationId !== claims.org) throw notFound(copy.workflows.workflowNotFound);
  requireFlowAccess(request, { workspaceId: row.workspaceId, createdBy: row.flowCreatedBy }, need, copy.workflows.workflowNotFound);
  return row;
}

/**
 * Runs `fn`; an unexpected error (not a {@link DomainError}) becomes `failed` (500) whose message is the spec
 * 001 §8 text of the failed action (e.g. 'Had trouble saving workflow'), never the internal error's text. A
 * database outage stays what it is (503: retry later).
 */
export async function failingWith<T>(message: string, request: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof DomainError || isDatabaseUnavailable(error)) throw error;
    request.log.error({ err: error }, message);
    throw failed(message);
  }
}
