/**
 * The run calls (the endpoints of `@formloom/contracts/api/workflows-engine/runs`; docs/architecture.md
 * "workflows-engine" → "Runs"): a workflow's runs, one run in full, retrying a failed run, starting a test run of the
 * draft, and deleting the test runs (spec 001 §7). Access as in `access.ts`: viewing a workflow's form's workspace
 * reads its runs; retrying, testing and deleting need write access. Failures the spec names answer its texts.
 */
import * as copy from '@formloom/contracts/copy';
import {
  deleteWorkflowRuns,
  getWorkflowRun,
  listWorkflowRuns,
  retryWorkflowRun,
  startTestRun,
} from '@formloom/contracts/api/workflows-engine/runs';
import type { WorkflowRun } from '@formloom/contracts/api/workflows-engine/runs';
import { invalid, notFound, unprocessable } from '@formloom/kit/errors';
import { defineRoutes } from '@formloom/kit/routes';
import { currentTraceparent } from '@formloom/kit/telemetry';
import type { EngineDeps } from '../deps';
import { deleteTestRuns, queueTestRun, retryRun } from '../domain/run-actions';
import { findListedRun, getRunDetail, listRuns } from '../domain/run-history';
import { assertExecutable, assertMaySendMail } from '../domain/template-rules';
import * as workflows from '../domain/workflows';
import { failingWith, requireWorkflowAccess } from './access';

/** The run routes. */
export const runRoutes = defineRoutes<EngineDeps>((router, deps) => {
  const { db, flows } = deps;

  /** The run `runId` of workflow `workflowId` as listed. @throws 404 'Run not found' when it vanished. */
  const listed = async (workflowId: string, runId: string): Promise<WorkflowRun> => {
    const run = await findListedRun(db, workflowId, runId);
    if (!run) throw notFound(copy.workflowRuns.runNotFound);
    return run;
  };

  /** Newest first by cursor; live runs unless `mode=edit`; limit ≤ RUNS_PAGE_MAX. */
  router.handle(listWorkflowRuns, async ({ params, query, request }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, params.id), 'view');
    return listRuns(db, row.id, query);
  });

  /** One run in full; 404 'Run not found' for a run of another workflow. */
  router.handle(getWorkflowRun, async ({ params, request }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, params.id), 'view');
    const run = await getRunDetail(db, row.id, params.runId);
    if (!run) throw notFound(copy.workflowRuns.runNotFound);
    return { run };
  });

  /** Queues a failed run again from its failed step (write access); a repeated call answers `retried: false`. */
  router.handle(retryWorkflowRun, async ({ params, body, request }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, params.id), 'change');
    const outcome = await failingWith(copy.workflowRuns.retryFailed, request, () => retryRun(db, row.id, params.runId, body.retries));
    if (!outcome) throw notFound(copy.workflowRuns.runNotFound);
    if (outcome === 'retried') deps.runWorker.kick();
    return { run: await listed(row.id, params.runId), retried: outcome === 'retried' };
  });

  /**
   * A test run of the saved draft against a stored submission (write access): the draft must pass the publish checks
   * (400 with them) and — like turning a workflow on — may send email only from a confirmed address (403); its
   * trigger must be a form submission (422); the submission is the named one (404 'Submission not found') or the
   * form's latest (422 when it has none).
   */
  router.handle(startTestRun, async ({ params, body, request, auth }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, params.id), 'change');
    const template = row.draftTemplate;
    if (template.trigger.type !== 'formSubmission') throw unprocessable(copy.workflowRuns.testTriggerUnsupported(template.trigger.type));
    await assertExecutable(template, { allowedHosts: deps.webhookAllowedHosts });
    assertMaySendMail(template, auth, deps.mailDelivery);
    const found = await flows.submissionEvent(row.flowPublicIdentifier, body.submissionId);
    if (!found || found.flow.organizationId !== row.organizationId) {
      throw notFound(body.submissionId === undefined ? copy.flows.flowNotFound : copy.flows.submissionNotFound);
    }
    const { data } = found;
    if (!data) throw unprocessable(copy.workflowRuns.noSubmissionsYet);
    const runId = await failingWith(copy.workflowRuns.testRunFailed, request, () =>
      queueTestRun(db, { workflowId: row.id, organizationId: row.organizationId, template, data, traceparent: currentTraceparent() }),
    );
    deps.runWorker.kick();
    return { run: await listed(row.id, runId) };
  });

  /**
   * `mode=edit` deletes the workflow's test runs (write access); any other mode is refused (400: live runs are kept
   * with the workflow). `flowId` (public identifier or numeric id) must be its form (else 404).
   */
  router.handle(deleteWorkflowRuns, async ({ params, query, request }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, params.workflowId), 'change');
    if (params.flowId !== row.flowPublicIdentifier && params.flowId !== String(row.flowId)) {
      throw notFound(copy.workflows.workflowNotFound);
    }
    if (query.mode !== 'edit') {
      throw invalid(copy.workflowRuns.onlyTestRunsDeleted, [{ path: 'mode', message: copy.workflowRuns.onlyTestRunsDeleted }]);
    }
    await failingWith(copy.workflows.deleteRunsFailed, request, () => deleteTestRuns(db, row.id));
    return { success: true as const };
  });
});
