/**
 * The editor's node tests (the endpoints of `@formloom/contracts/api/workflows-engine/node-tests`): the webhook
 * node's request sent once, the code node run once, both with a sample submission of the form's draft
 * (`domain/sample-submission.ts`) and the same code paths as a run (`nodes/webhook.ts`, `nodes/code.ts`).
 *
 * Access: write access to the form's workspace (a test sends the form's data elsewhere, or runs code on it): 404
 * 'Form not found' for a form that is not the caller's, 403 for a read-only member. NODE_TEST_RATE_LIMIT tests per
 * user and minute, both kinds counted together (429). A node its rules call incomplete answers 400 with their
 * errors (`template.…`); a test that ran answers 200 with `ok`.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthClaims } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { testCodeNode, testWebhookNode } from '@formloom/contracts/api/workflows-engine/node-tests';
import { prefixErrors } from '@formloom/contracts/workflows/define';
import { codeNode } from '@formloom/contracts/workflows/nodes/code';
import { webhookNode } from '@formloom/contracts/workflows/nodes/webhook';
import { requireFlowAccess } from '@formloom/kit/auth';
import { invalid, notFound, unavailable } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { defineRoutes } from '@formloom/kit/routes';
import type { EngineDeps } from '../deps';
import { submissionContext } from '../domain/email';
import { sampleSubmission } from '../domain/sample-submission';
import { buildWebhookRequest, webhookOutput } from '../domain/webhook-request';
import { codeInput, runCode } from '../nodes/code';
import { checkWebhookTemplate, sendWebhook } from '../nodes/webhook';
import type { FieldError } from '@formloom/contracts/errors';

/** @throws 400 `validation_error` with `errors` (paths relative to the node's template, prefixed `template.`). */
function refuse(errors: readonly FieldError[]): never {
  const details = prefixErrors(errors, 'template');
  throw invalid(details[0]!.message, details);
}

/** The node test routes. */
export const nodeTestRoutes = defineRoutes<EngineDeps>((router, deps) => {
  const outbound = { allowedHosts: deps.webhookAllowedHosts, retryBaseMs: 0 };

  /**
   * The sample submission of form `flowPublicIdentifier` when the caller may change it (see the module doc).
   * @throws 404 'Form not found', 403 without write access, 503 when flows cannot be reached.
   */
  const sampleFor = async (request: FastifyRequest, auth: AuthClaims, flowPublicIdentifier: string): Promise<FormSubmittedData> => {
    const found = await deps.flows.draft(flowPublicIdentifier);
    if (!found || found.flow.organizationId !== auth.org) throw notFound(copy.flows.flowNotFound);
    requireFlowAccess(request, found.flow, 'change', copy.flows.flowNotFound);
    return sampleSubmission(found.flow, found.template);
  };

  /**
   * Sends the webhook once (no retry) with `Idempotency-Key: test:<uuid>`. The node's rules refuse it (400) unless
   * the server waives them (a host the operator allows); a URL the outbound guard refuses after resolving its name
   * answers `ok: false` with the spec's text, as does a non-2xx answer ('Webhook answered <status>', with the status
   * and body) or no answer ('Webhook failed: …').
   */
  router.handle(testWebhookNode, async ({ body, auth, request, reply }) => {
    const data = await sampleFor(request, auth, body.flowPublicIdentifier);
    await deps.nodeTestLimit?.enforce(reply, `webhook-code\n${auth.sub}`);
    const server = await checkWebhookTemplate(body.template, outbound, 'save');
    const rules = webhookNode.templateErrors(body.template).filter((error) => !server.waived.includes(error.path));
    if (rules.length > 0) refuse(rules);
    const [refused] = server.errors;
    if (refused) return { ok: false, error: refused.message };
    const template = webhookNode.schema.parse(body.template);
    const logic = { ...submissionContext(data), nodes: {} };
    const sent = await sendWebhook(buildWebhookRequest(template, { data, logic, idempotencyKey: `test:${uuidv7()}` }), outbound, 1);
    if (sent.kind === 'refused') return { ok: false, error: copy.webhookNode.refused(sent.message) };
    if (sent.kind === 'failed') return { ok: false, error: copy.webhookNode.failed(sent.message) };
    const output = webhookOutput(sent.response);
    const ok = output.statusCode >= 200 && output.statusCode < 300;
    return { ok, ...output, ...(ok ? {} : { error: copy.webhookNode.answered(output.statusCode) }) };
  });

  /** Runs the code once in the engine's sandbox; the sample `input` comes back with the outcome. */
  router.handle(testCodeNode, async ({ body, auth, request, reply }) => {
    const data = await sampleFor(request, auth, body.flowPublicIdentifier);
    await deps.nodeTestLimit?.enforce(reply, `webhook-code\n${auth.sub}`);
    const rules = codeNode.templateErrors(body.template);
    if (rules.length > 0) refuse(rules);
    const template = codeNode.schema.parse(body.template);
    const input = codeInput({ ...submissionContext(data), nodes: {} });
    let ran: Awaited<ReturnType<typeof runCode>>;
    try {
      ran = await runCode(deps.codeSandbox, template.codeString, template.outputType, input);
    } catch {
      throw unavailable();
    }
    return ran.ok ? { ok: true, result: ran.result, input } : { ok: false, error: ran.error, input };
  });
});
