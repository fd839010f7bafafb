/**
 * The public REST API's routes (`/v1/api/forms…`, `@formloom/contracts/api/flows/public-api`): an integrator's API
 * key, swapped by the gateway for an access token, is checked here like a person's session (workspace access per
 * call, `access.ts`).
 */
import {
  apiCreateSubmissions,
  apiDeleteSubmission,
  apiGetForm,
  apiGetSubmission,
  apiListForms,
  apiListSubmissions,
} from '@formloom/contracts/api/flows/public-api';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import { defineRoutes } from '@formloom/kit/routes';
import type { FlowsServiceDeps } from '../deps';
import * as api from '../domain/public-api';
import { flowAuthorizer } from './access';

/** The `/v1/api` routes of the flows service. */
export const publicApiRoutes = defineRoutes<FlowsServiceDeps>((router, deps) => {
  router.handle(apiListForms, async ({ auth }) => {
    // Every workspace in the caller's verified claims (keys are decimal workspace ids).
    const workspaces = new Map<number, AccessLevel>();
    for (const [id, level] of Object.entries(auth.ws)) if (/^\d+$/.test(id)) workspaces.set(Number(id), level);
    return api.listApiForms(deps, auth.org, Number(auth.sub), workspaces);
  });

  router.handle(apiGetForm, async ({ params, request }) => api.getApiForm(deps, params.formId, flowAuthorizer(request)));

  router.handle(apiListSubmissions, async ({ params, query, request }) => api.listApiSubmissions(deps, params.formId, query, flowAuthorizer(request)));

  router.handle(apiGetSubmission, async ({ params, request }) => ({
    submission: await api.getApiSubmission(deps, params.formId, params.submissionId, flowAuthorizer(request)),
  }));

  router.handle(apiCreateSubmissions, async ({ params, body, request }) => api.createApiSubmissions(deps, params.formId, body, flowAuthorizer(request)));

  router.handle(apiDeleteSubmission, async ({ params, request }) => {
    await api.deleteSubmission(deps, params.formId, params.submissionId, flowAuthorizer(request));
    return { success: true as const };
  });
});
