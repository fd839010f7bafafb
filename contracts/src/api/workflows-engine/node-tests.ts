/**
 * The editor's 'Test' of a node (spec 001 §8 "Test fetch failure … The webhook test adds 'Did you provide the right
 * endpoint? ...'"; the spec's test-fetch call is the integrations' and its response is not shown, so these shapes
 * are ours): the engine runs the node as the panel holds it, once, against sample data made from the form's draft
 * (every question with its type's sample answer where it fits, hidden fields, calculations), and answers what
 * happened. The browser never calls the node's URL itself: the request leaves from the engine, through the same
 * outbound guard as a run.
 *
 * Access: write access to the form's workspace (404 'Form not found' otherwise, 403 for a read-only member); at most
 * NODE_TEST_RATE_LIMIT tests per user per minute (429). An incomplete node is refused with its rules' errors (400,
 * paths `template.…`). A test that ran answers 200 whatever it came to: `ok` says whether the step would succeed.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';

/** The body of a node test: the form (the sample data is made from its draft) and the node's template as edited. */
export const NodeTestBody = z.object({
  flowPublicIdentifier: z.string().min(1).max(64),
  /** The node's template (parsed by the engine with the node type's schema and checked with its rules). */
  template: z.unknown(),
});
/** The body of a node test. */
export type NodeTestBody = z.infer<typeof NodeTestBody>;

/**
 * A webhook test's outcome: `ok` with the receiver's 2xx answer as a step keeps it (`statusCode`, `body` — JSON
 * parsed, else text —, `headers` subset, `bodyTruncated`); or not `ok`, with the step's error ('Webhook answered
 * 404', 'Webhook refused: …', 'Please provide a publicly hosted URL (not localhost)' …) and, when the receiver
 * answered, its status and body. The request is sent once (no retry) with `Idempotency-Key: test:<uuid>`.
 */
export const WebhookTestResponse = z.object({
  ok: z.boolean(),
  statusCode: z.number().int().optional(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  bodyTruncated: z.boolean().optional(),
  error: z.string().optional(),
});
/** A webhook test's outcome. */
export type WebhookTestResponse = z.infer<typeof WebhookTestResponse>;

/**
 * A code test's outcome: `ok` with the `result` (a JSON value of the node's output type), or not `ok` with the
 * step's error ('The code ran longer than 1 s and was stopped', 'ReferenceError: …'); `input` is the sample `input`
 * the code received.
 */
export const CodeTestResponse = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.string().optional(),
  input: z.record(z.string(), z.unknown()),
});
/** A code test's outcome. */
export type CodeTestResponse = z.infer<typeof CodeTestResponse>;

const formNotFound = errorResponse(`'${copy.flows.flowNotFound}': the form does not exist or is not the caller's.`);
const forbidden = errorResponse(`${copy.auth.writeAccessRequired}: the caller may only view this workspace.`);

/** `POST /admin/workflows/nodes/webhook/test`: sends the webhook node's request once with sample data. */
export const testWebhookNode = defineEndpoint({
  id: 'workflows.testWebhookNode',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/nodes/webhook/test',
  access: 'session',
  summary: 'Test a webhook step',
  description:
    'Sends the webhook step as edited, once, with a sample submission of the form, through the outbound guard, and ' +
    'answers the receiver\u2019s answer (spec 001 \u00a78). 400 with the step\u2019s rule errors when it is incomplete.',
  body: NodeTestBody,
  responses: { 200: okResponse(WebhookTestResponse), 403: forbidden, 404: formNotFound },
});

/** `POST /admin/workflows/nodes/code/test`: runs the code node once in the sandbox with sample data. */
export const testCodeNode = defineEndpoint({
  id: 'workflows.testCodeNode',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/nodes/code/test',
  access: 'session',
  summary: 'Test a code step',
  description:
    'Runs the code step as edited, once, in the engine\u2019s sandbox with a sample `input` made from the form, and ' +
    'answers its result or why it failed. 400 with the step\u2019s rule errors when it is incomplete.',
  body: NodeTestBody,
  responses: { 200: okResponse(CodeTestResponse), 403: forbidden, 404: formNotFound },
});
