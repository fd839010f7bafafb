/**
 * The `slack` node's executor (spec 001 §3 `{serviceId, integrationId, config {messageType, message, channel}}`;
 * rules and schema in `@formloom/contracts/workflows/nodes/slack`): posts to the step's channel, as the connected
 * Slack account's bot, either its message with `{{variables}}` filled in (`custom_message`) or every answered field
 * as "label: answer" lines (`send_all_fields`, `domain/submission-text.ts`).
 *
 * The post goes through the integrations service (`integrations-client.ts`), which holds the account's token, with
 * the step's idempotency key: a step run again — after the engine stopped mid-step, or a retry — answers the first
 * post's output instead of posting again (the integrations service's `service_actions`). The step fails, with the
 * reason the runs list shows, when: no account is chosen ('Account not selected'), no channel, nothing to send, the
 * engine has no integrations service, or the account is gone or Slack refused the request or the token. When the
 * post is still running elsewhere or Slack is not answering, the step is retried with the run (after its lease).
 */
import * as copy from '@formloom/contracts/copy';
import { interpolate } from '@formloom/contracts/logic';
import { isChosen, messageTypeOf } from '@formloom/contracts/workflows/nodes/integration';
import { slackNode } from '@formloom/contracts/workflows/nodes/slack';
import { unavailable } from '@formloom/kit/errors';
import { submissionText } from '../domain/submission-text';
import { defineExecutor } from './executor';

/** See the module doc. */
export const slackExecutor = defineExecutor(slackNode, {
  local: () => false,
  async execute({ template, logic, trigger, run, idempotencyKey, services }) {
    const serviceId = template.serviceId;
    if (!isChosen(serviceId)) return { kind: 'fail', error: copy.integrationNodes.accountNotSelected };
    const channel = template.config.channel?.trim() ?? '';
    if (!channel) return { kind: 'fail', error: copy.integrationNodes.channelMissing };
    const text = (messageTypeOf(template.config) === 'custom_message' ? interpolate(template.config.message ?? '', logic) : submissionText({ logic, questions: trigger.data.questions })).trim();
    if (!text) return { kind: 'fail', error: copy.integrationNodes.nothingToSend };
    if (!services.integrations) return { kind: 'fail', error: copy.integrationNodes.integrationsNotConfigured };
    const outcome = await services.integrations.runAction(String(serviceId), {
      action: 'slack.postMessage',
      organizationId: run.organizationId,
      idempotencyKey,
      input: { channel, text },
    });
    if (outcome.kind === 'refused') return { kind: 'fail', error: outcome.message };
    // Still running elsewhere, or Slack not answering now: the run is claimed again after its lease.
    if (outcome.kind === 'retry') throw unavailable(outcome.message);
    return { kind: 'next', output: { ...outcome.output, text } };
  },
});
