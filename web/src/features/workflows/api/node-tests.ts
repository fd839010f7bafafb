/**
 * The node panels' 'Test' (workflows-engine, `@formloom/contracts/api/workflows-engine/node-tests`): the engine runs
 * the node as the panel holds it, once, with a sample submission of the form — the browser never calls the node's
 * URL itself.
 * - `testWebhookNode` (POST /admin/workflows/nodes/webhook/test {flowPublicIdentifier, template}) → `{ok, statusCode?,
 *   body?, headers?, error?}`
 * - `testCodeNode` (POST /admin/workflows/nodes/code/test {flowPublicIdentifier, template}) → `{ok, result?, error?,
 *   input}`
 * Both throw ApiError 400 (the node is incomplete: its rules' errors), 403 (read-only), 404 (not the caller's form),
 * 429 (too many tests).
 */
import { useMutation } from '@tanstack/react-query';
import {
  testCodeNode as testCodeNodeEndpoint,
  testWebhookNode as testWebhookNodeEndpoint,
  type CodeTestResponse,
  type NodeTestBody,
  type WebhookTestResponse,
} from '@formloom/contracts/api/workflows-engine/node-tests';
import { callEndpoint } from '../../../lib/api-client';

/** Sends a webhook node's request once with sample data (see the module doc). */
export function testWebhookNode(body: NodeTestBody): Promise<WebhookTestResponse> {
  return callEndpoint(testWebhookNodeEndpoint, { body });
}

/** Runs a code node once with sample data (see the module doc). */
export function testCodeNode(body: NodeTestBody): Promise<CodeTestResponse> {
  return callEndpoint(testCodeNodeEndpoint, { body });
}

/** The webhook test as a mutation (its latest outcome is the panel's answer). */
export function useTestWebhookNode() {
  return useMutation({ mutationFn: testWebhookNode });
}

/** The code test as a mutation. */
export function useTestCodeNode() {
  return useMutation({ mutationFn: testCodeNode });
}
