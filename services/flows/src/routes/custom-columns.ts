/**
 * The custom column routes (spec 001 §7 `POST`/`DELETE /admin/flows/customColumn/{flowId}`, ours `PATCH` the same
 * path to rename, and `PUT /admin/flows/:publicIdentifier/submissions/:submissionId/customColumns/:columnId` for a
 * value): the endpoints of `@formloom/contracts/api/flows/custom-columns`. Each needs a signed-in caller (the router
 * enforces it) with `write` access to the form's workspace, checked here on the server (`domain/custom-columns.ts`).
 */
import {
  createCustomColumn,
  deleteCustomColumn,
  renameCustomColumn,
  setCustomColumnValue,
} from '@formloom/contracts/api/flows/custom-columns';
import { defineRoutes } from '@formloom/kit/routes';
import * as customColumns from '../domain/custom-columns';
import type { FlowsServiceDeps } from '../deps';
import { flowAuthorizer } from './access';

/** The custom column routes. */
export const customColumnRoutes = defineRoutes<FlowsServiceDeps>((router, deps) => {
  router.handle(createCustomColumn, async ({ params, body, request }) =>
    customColumns.createCustomColumn(deps, params.flowId, body, flowAuthorizer(request)),
  );

  router.handle(deleteCustomColumn, async ({ params, body, request }) => ({
    flow: await customColumns.deleteCustomColumn(deps, params.flowId, body.columnId, flowAuthorizer(request)),
  }));

  router.handle(renameCustomColumn, async ({ params, body, request }) => ({
    flow: await customColumns.renameCustomColumn(deps, params.flowId, body.columnId, body.name, flowAuthorizer(request)),
  }));

  router.handle(setCustomColumnValue, async ({ params, body, request }) =>
    customColumns.setCustomColumnValue(deps, params, body.value, flowAuthorizer(request)),
  );
});
