/**
 * The flows service's event consumers (ARCHITECTURE §1 "idempotent inbox": each applies an event once, in the
 * transaction of its inbox row):
 * - `workspace.deleted` (workspaces-auth, docs/architecture.md "Workspace management"): the workspace's forms are
 *   deleted forever with everything deleting a form deletes (versions, submissions, uploads' files by the sweep), and
 *   each emits `flow.deleted` in the same transaction, so the workflows-engine deletes their workflows as it does for
 *   one form. A redelivery finds no forms left.
 */
import { FLOW_DELETED, FLOW_DELETED_VERSION, type FlowDeletedData } from '@formloom/contracts/events/flow-deleted';
import { workspaceDeleted } from '@formloom/contracts/events/workspace-deleted';
import { defineConsumer } from '@formloom/kit/consumers';
import { deleteFlowRows, flowsOfWorkspace } from './db/flows-repository';
import type { FlowReads } from './db/flow-reads';

/** The `workspace.deleted` consumer (see the module doc); `reads` forgets the deleted forms' cached lookups after commit. */
export function workspaceDeletedConsumer(reads: Pick<FlowReads, 'forget'>) {
  return defineConsumer({
    event: workspaceDeleted,
    async handle(event, tx, emit, onCommit) {
      const { organizationId } = event.tenant;
      const { workspaceId } = event.data;
      const forms = await flowsOfWorkspace(tx, organizationId, workspaceId);
      for (const form of forms) {
        if (!(await deleteFlowRows(tx, form.id))) continue;
        await emit<FlowDeletedData>({
          type: FLOW_DELETED,
          version: FLOW_DELETED_VERSION,
          key: form.publicIdentifier,
          tenant: { organizationId, workspaceId },
          data: { flowId: form.id, flowPublicIdentifier: form.publicIdentifier, workspaceId },
        });
      }
      onCommit(() => {
        for (const form of forms) reads.forget(form.publicIdentifier);
      });
    },
  });
}
