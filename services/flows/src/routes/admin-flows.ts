/**
 * Admin flow routes (spec 000 §7): create, list, fetch the draft, save the draft, publish, rename, settings, duplicate,
 * unpublish (close), delete, the submissions list and its summary, a submission's deletion and the export — the endpoints of `@formloom/contracts/api/flows/flows`, `…/submissions` and `…/summary`. Every one needs a signed-in
 * caller (the router enforces it) and checks workspace access on the server (spec 000 §6). The home dashboard's
 * (spec 000 §2, §4 "Dragging"): the lists' pages, star, record a view, trash, restore and move.
 */
import {
  createFlow,
  deleteFlow,
  duplicateFlow,
  fetchFlow,
  listFlows,
  moveFlow,
  publishFlow,
  recordFlowView,
  renameFlow,
  restoreFlow,
  saveFlowTemplate,
  starFlow,
  trashFlow,
  unpublishFlow,
  updateFlowSettings,
} from '@formloom/contracts/api/flows/flows';
import { countSubmissions, deleteSubmission, exportSubmissions, listSubmissions } from '@formloom/contracts/api/flows/submissions';
import { summarizeSubmissions } from '@formloom/contracts/api/flows/summary';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import { requireUserId, requireWorkspaceAccess } from '@formloom/kit/auth';
import { defineRoutes } from '@formloom/kit/routes';
import * as exports from '../domain/export';
import * as flows from '../domain/flows';
import * as publicApi from '../domain/public-api';
import * as submissions from '../domain/submissions';
import * as summary from '../domain/summary';
import type { FlowsServiceDeps } from '../deps';
import { flowAuthorizer } from './access';

/** The `/admin/flows` routes. */
export const adminFlowRoutes = defineRoutes<FlowsServiceDeps>((router, deps) => {
  router.handle(createFlow, async ({ body, auth, request }) => {
    // `limited` members create too (spec 000 §6); the new form is theirs, with `write` on it.
    requireWorkspaceAccess(request, body.workspaceId, 'create');
    return { flow: await flows.createFlow(deps, { body, organizationId: auth.org, accessLevel: 'write', createdBy: Number(auth.sub) }) };
  });

  router.handle(listFlows, async ({ query, auth, request }) => {
    const workspaces = new Map<number, AccessLevel>();
    if (query.workspaceId !== undefined) {
      workspaces.set(query.workspaceId, requireWorkspaceAccess(request, query.workspaceId, 'view'));
    } else {
      // Every workspace in the caller's verified claims (keys are decimal workspace ids).
      for (const [id, level] of Object.entries(auth.ws)) {
        if (/^\d+$/.test(id)) workspaces.set(Number(id), level);
      }
    }
    // In a `limited` workspace the list keeps the caller's own forms only (docs/architecture.md §5 "Access levels").
    return flows.listFlows(deps, {
      organizationId: auth.org,
      userId: Number(auth.sub),
      workspaces,
      view: query.view,
      sort: query.sort,
      limit: query.limit,
      cursor: query.cursor,
    });
  });

  router.handle(starFlow, async ({ params, body, auth, request }) => {
    await flows.starFlow(deps, params.publicIdentifier, Number(auth.sub), body.starred, flowAuthorizer(request));
    return { success: true as const };
  });

  router.handle(recordFlowView, async ({ params, body, auth, request }) => {
    await flows.recordFlowView(deps, params.publicIdentifier, Number(auth.sub), body.results, flowAuthorizer(request));
    return { success: true as const };
  });

  router.handle(trashFlow, async ({ params, request }) => ({
    flow: await flows.setTrashed(deps, params.publicIdentifier, true, flowAuthorizer(request)),
  }));

  router.handle(restoreFlow, async ({ params, request }) => ({
    flow: await flows.setTrashed(deps, params.publicIdentifier, false, flowAuthorizer(request)),
  }));

  // The target workspace's 404 is 'Workspace not found' (the kit's default), the flow's 'Form not found'.
  router.handle(moveFlow, async ({ params, body, request }) => ({
    flow: await flows.moveFlow(deps, params.publicIdentifier, body.workspaceId, flowAuthorizer(request), (workspaceId, need) =>
      requireWorkspaceAccess(request, workspaceId, need),
    ),
  }));

  router.handle(fetchFlow, async ({ params, request }) =>
    flows.getFlowWithDraft(deps, params.publicIdentifier, flowAuthorizer(request)),
  );

  router.handle(saveFlowTemplate, async ({ params, body, request }) =>
    flows.saveDraft(deps, params.publicIdentifier, body.template, flowAuthorizer(request)),
  );

  router.handle(publishFlow, async ({ params, request }) => ({
    flow: await flows.publishFlow(deps, params.publicIdentifier, flowAuthorizer(request)),
  }));

  router.handle(renameFlow, async ({ params, body, request }) => ({
    flow: await flows.renameFlow(deps, params.publicIdentifier, body.name, flowAuthorizer(request)),
  }));

  router.handle(updateFlowSettings, async ({ params, body, request }) => ({
    flow: await flows.updateFlowSettings(deps, params.publicIdentifier, body, flowAuthorizer(request)),
  }));

  router.handle(duplicateFlow, async ({ params, request }) => ({
    flow: await flows.duplicateFlow(deps, params.publicIdentifier, requireUserId(request), flowAuthorizer(request)),
  }));

  router.handle(unpublishFlow, async ({ params, request }) => ({
    flow: await flows.unpublishFlow(deps, params.publicIdentifier, flowAuthorizer(request)),
  }));

  router.handle(deleteFlow, async ({ params, request }) => {
    await flows.deleteFlow(deps, params.publicIdentifier, flowAuthorizer(request));
    return { success: true as const };
  });

  router.handle(listSubmissions, async ({ params, query, request }) =>
    submissions.listSubmissions(deps, params.publicIdentifier, query, flowAuthorizer(request)),
  );

  router.handle(countSubmissions, async ({ params, query, request }) =>
    submissions.countFilteredSubmissions(deps, params.publicIdentifier, query, flowAuthorizer(request)),
  );

  router.handle(summarizeSubmissions, async ({ params, query, request }) =>
    summary.summarizeSubmissions(deps, params.publicIdentifier, query, flowAuthorizer(request)),
  );

  // The Results' delete: a finished submission or a respondent's progress (the public API's deletes finished ones only).
  router.handle(deleteSubmission, async ({ params, request }) => {
    await publicApi.deleteSubmission(deps, params.publicIdentifier, params.submissionId, flowAuthorizer(request), { inProgress: true });
    return { success: true as const };
  });

  // A file, streamed: the reply is sent here (the kit's router leaves file endpoints to their handler).
  router.handle(exportSubmissions, async ({ params, query, request, reply }) => {
    const file = await exports.exportSubmissions(deps, params.publicIdentifier, query, flowAuthorizer(request));
    return reply
      .type(file.mediaType)
      .header('content-disposition', file.contentDisposition)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
});
