/**
 * The `getCurrentUserOrThrow` node (spec 001 §3 node types; §1 "some node types exist … only for the app flow"):
 * in an app flow, continues with the user signed in to the app and stops the flow with an error when nobody is.
 * Its template has no settings, so it is always complete. Later steps read the user as `nodes.<id>.id`, `.email` and
 * `.name` (what its executor, which comes with the app builder's runtime, must return). The engine has no executor:
 * its steps fail with 'The "getCurrentUserOrThrow" step is not supported yet'. The web's card and panel are
 * `web/src/features/workflows/nodes/get-current-user-or-throw.tsx`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { defineNode } from '../define';

/** The getCurrentUserOrThrow template: no settings. */
export const GetCurrentUserOrThrowTemplate = z.object({});
/** A getCurrentUserOrThrow template. */
export type GetCurrentUserOrThrowTemplate = z.infer<typeof GetCurrentUserOrThrowTemplate>;

/** The getCurrentUserOrThrow node (see the module doc): app flows only, always complete. */
export const getCurrentUserOrThrowNode = defineNode({
  type: 'getCurrentUserOrThrow',
  schema: GetCurrentUserOrThrowTemplate,
  defaultTemplate: (): GetCurrentUserOrThrowTemplate => ({}),
  rules: () => [],
  describe: () => copy.integrationNodes.describeCurrentUser,
  outputs: () => [
    { field: 'id', label: copy.integrationNodes.currentUserOutputs.id },
    { field: 'email', label: copy.integrationNodes.currentUserOutputs.email },
    { field: 'name', label: copy.integrationNodes.currentUserOutputs.name },
  ],
  flowTypes: ['zite'],
});
