/**
 * Cloneable template routes (spec 000 §7 `GET /admin/cloneableTemplates/all`,
 * `POST /public/flows/templates/viewcount|clonecount/{templateId}`; ours an admin's create, change and remove): the
 * endpoints of `@formloom/contracts/api/flows/cloneable-templates`. The gallery and the admin calls need a signed-in
 * caller (the router enforces it); the organization is the token's `org` and the admin flag its `adm`, checked here
 * on the server (`domain/cloneable-templates.ts`). The counts are public, limited per client address and template.
 */
import {
  countTemplateClone,
  countTemplateView,
  createCloneableTemplate,
  deleteCloneableTemplate,
  listCloneableTemplates,
  updateCloneableTemplate,
} from '@formloom/contracts/api/flows/cloneable-templates';
import type { AuthClaims } from '@formloom/contracts/auth';
import { defineRoutes } from '@formloom/kit/routes';
import * as templates from '../domain/cloneable-templates';
import type { FlowsServiceDeps } from '../deps';
import { flowAuthorizer } from './access';

/** The caller of an admin template call, from their verified claims. */
function callerOf(auth: AuthClaims): templates.TemplateCaller {
  return { organizationId: auth.org, userId: Number(auth.sub), isAdmin: auth.adm };
}

/** The template routes. */
export const cloneableTemplateRoutes = defineRoutes<FlowsServiceDeps>((router, deps) => {
  router.handle(listCloneableTemplates, async ({ query, auth }) => ({
    cloneableTemplates: await templates.listCloneableTemplates(deps, auth.org, query.slug),
  }));

  for (const [endpoint, which] of [
    [countTemplateView, 'view'],
    [countTemplateClone, 'clone'],
  ] as const) {
    router.handle(endpoint, async ({ params, request }) => {
      const decision = await deps.templateCountLimit?.hit(`${which}\n${params.templateId}\n${request.ip}`);
      if (decision && !decision.allowed) return { counted: false };
      await templates.countTemplate(deps, params.templateId, which);
      return { counted: true };
    });
  }

  router.handle(createCloneableTemplate, async ({ body, auth, request }) => ({
    cloneableTemplate: await templates.createCloneableTemplate(deps, callerOf(auth), body, flowAuthorizer(request)),
  }));

  router.handle(updateCloneableTemplate, async ({ params, body, auth }) => ({
    cloneableTemplate: await templates.updateCloneableTemplate(deps, callerOf(auth), params.templateId, body),
  }));

  router.handle(deleteCloneableTemplate, async ({ params, auth }) => {
    await templates.deleteCloneableTemplate(deps, callerOf(auth), params.templateId);
    return { deleted: true as const };
  });
});
