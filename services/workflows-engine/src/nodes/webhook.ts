/**
 * The `webhook` node's executor (spec 001 §3, §5, §9; rules and schema in
 * `@formloom/contracts/workflows/nodes/webhook`; docs/architecture.md "The webhook node"): sends the request
 * `domain/webhook-request.ts` builds through the kit's outbound guard and keeps the answer as the step's output
 * (`{statusCode, body, headers}`: later nodes read `nodes.<id>.statusCode` …).
 *
 * **Guard.** `sendOutbound` refuses, at send time and after DNS resolution, any address that is not public
 * (loopback, private, link-local, metadata …) unless the operator lists the host in `WEBHOOK_ALLOWED_HOSTS`
 * (never a metadata service), checks every redirect the same way, and limits each attempt to 10 s and a 1 MiB
 * response. A refusal fails the step at once ('Webhook refused: …'), without a retry.
 *
 * **Attempts.** A step tries its request at most WEBHOOK_NODE_ATTEMPTS (3) times: a timeout, a network failure, 408,
 * 429 or a 5xx is tried again after WEBHOOK_NODE_RETRY_BASE_MS (1 s), then 2 s; the last one's outcome stands.
 * Other answers are final: a 2xx succeeds, any other status fails the step with 'Webhook answered <status>'. The
 * step runs outside the database (its row is `running` under the run's lease heartbeat meanwhile).
 *
 * **Once.** Every attempt carries the same `Idempotency-Key` (`<runId>:<nodeId>`), and so does the step when it is
 * run again because the engine stopped between the receiver's answer and the step's commit: delivery is
 * at-least-once, and a receiver that must act once keeps the keys it has seen (for a day, say) and answers a repeat
 * with its first answer instead of acting again.
 */
import * as copy from '@formloom/contracts/copy';
import { WEBHOOK_NODE_ATTEMPTS } from '@formloom/contracts/limits';
import { webhookNode, webhookTarget, webhookUrlProblem } from '@formloom/contracts/workflows/nodes/webhook';
import {
  checkOutboundUrl,
  OutboundRequestFailed,
  OutboundUrlRefused,
  sendOutbound,
  type OutboundResponse,
} from '@formloom/kit/outbound-http';
import { buildWebhookRequest, webhookOutput, type WebhookRequest } from '../domain/webhook-request';
import { defineExecutor, type NodeOutcome, type OutboundServices, type TemplateCheck, type TemplateCheckPhase } from './executor';

/** Statuses worth another attempt (RFC 9110 §15.5.9 408, RFC 6585 §4 429, and every 5xx). */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The outcome of sending a request (see {@link sendWebhook}). */
export type WebhookSendResult =
  | { kind: 'answered'; response: OutboundResponse; attempts: number }
  | { kind: 'refused'; message: string; attempts: number }
  | { kind: 'failed'; message: string; attempts: number };

/**
 * Sends `request` through the outbound guard, up to `attempts` times as the module doc says (waiting
 * `outbound.retryBaseMs` × 2^(n-1) between attempts). Resolves the final answer (any status), a refusal of the
 * guard, or a failure (timeout, network, too large, too many redirects) with the guard's message.
 * @throws only unexpected errors.
 */
export async function sendWebhook(request: WebhookRequest, outbound: OutboundServices, attempts: number = WEBHOOK_NODE_ATTEMPTS): Promise<WebhookSendResult> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    try {
      const response = await sendOutbound(
        request.url,
        { method: request.method, headers: request.headers, body: request.body },
        { allowedHosts: outbound.allowedHosts, lookup: outbound.lookup },
      );
      if (last || !retryableStatus(response.status)) return { kind: 'answered', response, attempts: attempt };
    } catch (error) {
      if (error instanceof OutboundUrlRefused) return { kind: 'refused', message: error.message, attempts: attempt };
      if (!(error instanceof OutboundRequestFailed)) throw error;
      const transient = error.reason === 'timeout' || error.reason === 'network';
      if (last || !transient) return { kind: 'failed', message: error.message, attempts: attempt };
    }
    await new Promise((resolve) => setTimeout(resolve, outbound.retryBaseMs * 2 ** (attempt - 1)));
  }
}

/** The step's outcome for a send's result: 2xx → next with the answer; otherwise the step's error. */
function outcomeOf(result: WebhookSendResult): NodeOutcome {
  if (result.kind === 'refused') return { kind: 'fail', error: copy.webhookNode.refused(result.message) };
  if (result.kind === 'failed') return { kind: 'fail', error: copy.webhookNode.failed(result.message) };
  const { status } = result.response;
  if (status < 200 || status >= 300) return { kind: 'fail', error: copy.webhookNode.answered(status) };
  return { kind: 'next', output: webhookOutput(result.response) };
}

/**
 * The server's check of the URL when a workflow is saved or published (spec 001 §5 with the kit's guard, names
 * resolved): a refusal is 'Please provide a publicly hosted URL (not localhost)' (a local, private or metadata
 * address) or 'Please provide a valid URL' (scheme, credentials, or — when publishing — a name that does not
 * resolve); a host the operator allows waives the editor's locality rule at the URL's path. Empty or unparsable URLs
 * are left to the contracts' rules.
 */
export async function checkWebhookTemplate(
  template: unknown,
  outbound: Pick<OutboundServices, 'allowedHosts' | 'lookup'>,
  phase: TemplateCheckPhase,
): Promise<TemplateCheck> {
  const target = webhookTarget(template);
  if (target.url === '' || webhookUrlProblem(target.url) === copy.webhookNode.invalidUrl) return { errors: [], waived: [] };
  try {
    const checked = await checkOutboundUrl(target.url, { allowedHosts: outbound.allowedHosts, lookup: outbound.lookup });
    return { errors: [], waived: checked.operatorAllowed ? [target.path] : [] };
  } catch (error) {
    if (!(error instanceof OutboundUrlRefused)) throw error;
    if (error.reason === 'unresolvable' && phase === 'save') return { errors: [], waived: [] };
    const local = error.reason === 'private_address' || error.reason === 'metadata';
    return { errors: [{ path: target.path, message: local ? copy.webhookNode.publicUrlRequired : copy.webhookNode.invalidUrl }], waived: [] };
  }
}

/** The webhook node's executor (see the module doc). */
export const webhookExecutor = defineExecutor(webhookNode, {
  local: () => false,
  async execute({ template, trigger, logic, idempotencyKey, services }) {
    let request: WebhookRequest;
    try {
      request = buildWebhookRequest(template, { data: trigger.data, logic, idempotencyKey });
    } catch {
      return { kind: 'fail', error: copy.webhookNode.invalidUrl };
    }
    return outcomeOf(await sendWebhook(request, services.outbound));
  },
  checkTemplate: checkWebhookTemplate,
});
