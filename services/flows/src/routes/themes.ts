/**
 * Theme routes (spec 000 §7 `POST /admin/themes/generate`, `/admin/themes/create`; ours the list, change, delete and a
 * flow's theme): the JSON endpoints of `@formloom/contracts/api/flows/themes` (the image upload and its public address
 * are in `uploads.ts`, with the other multipart bodies and files). Each needs a signed-in caller (the router enforces
 * it); the organization is the caller's token's `org`, and a flow's theme needs write access to its workspace
 * (`flowAuthorizer`), checked here on the server (`domain/themes.ts`).
 */
import { createTheme, deleteTheme, generateTheme, listThemes, setFlowTheme, updateTheme } from '@formloom/contracts/api/flows/themes';
import type { AuthClaims } from '@formloom/contracts/auth';
import { defineRoutes } from '@formloom/kit/routes';
import * as themes from '../domain/themes';
import type { FlowsServiceDeps } from '../deps';
import { flowAuthorizer } from './access';

/** The caller of a theme call, from their verified claims. */
function callerOf(auth: AuthClaims): themes.ThemeCaller {
  return { organizationId: auth.org, userId: Number(auth.sub), isAdmin: auth.adm };
}

/** The theme routes. */
export const themeRoutes = defineRoutes<FlowsServiceDeps>((router, deps) => {
  router.handle(listThemes, async ({ auth }) => themes.listThemes(deps, auth.org));

  router.handle(generateTheme, async ({ body, auth }) => ({ theme: await themes.generateTheme(deps, auth.org, body) }));

  router.handle(createTheme, async ({ body, auth }) => ({ theme: await themes.createTheme(deps, callerOf(auth), body) }));

  router.handle(updateTheme, async ({ params, body, auth }) => ({
    theme: await themes.updateTheme(deps, callerOf(auth), params.themePublicId, body),
  }));

  router.handle(deleteTheme, async ({ params, auth }) => {
    await themes.deleteTheme(deps, callerOf(auth), params.themePublicId);
    return { deleted: true as const };
  });

  router.handle(setFlowTheme, async ({ params, body, request }) =>
    themes.setFlowTheme(deps, params.publicIdentifier, body.theme, flowAuthorizer(request)),
  );
});
