/**
 * The `slack` node (spec 001 §3 `{serviceId, integrationId, config {messageType, message, channel}}`, §4 "needs an
 * account (service or integration) then a message, unless it sends all fields", §5 channel required — Done shows
 * 'Select a channel first'): posts the submission's fields, or a message with `{{variables}}`, to a channel. Its
 * executor (services/workflows-engine `nodes/slack.ts`) posts through the integrations service; the web's card and panel are
 * `web/src/features/workflows/nodes/slack.tsx`. The gallery's Slack templates (`scheduling_reminder_slack_host`,
 * `slack_message_form_abandonment`) build theirs with {@link slackMessageTemplate}.
 */
import { z } from 'zod';
import { defineNode } from '../define';
import { AccountRef, ChatConfig, chatErrors, describeChat } from './integration';

/** spec 001 §3: the slack node template. */
export const SlackNodeTemplate = z.object({ serviceId: AccountRef, integrationId: AccountRef, config: ChatConfig });
/** A slack node template. */
export type SlackNodeTemplate = z.infer<typeof SlackNodeTemplate>;

/**
 * A slack template that posts `message` (text with `{{variables}}`) as a custom message to `channel` (default none:
 * the user picks it), with no account yet — what a gallery template starts from: its status line then reads
 * 'Setup needed: select an account'.
 */
export function slackMessageTemplate(message: string, channel = ''): SlackNodeTemplate {
  return { serviceId: null, integrationId: null, config: { messageType: 'custom_message', message, channel } };
}

/**
 * The slack node (see the module doc). Default template: no account, no channel, no message — so it sends all
 * fields (spec 001 §4 "defaults to custom_message if a message exists, else send_all_fields").
 */
export const slackNode = defineNode({
  type: 'slack',
  schema: SlackNodeTemplate,
  defaultTemplate: (): SlackNodeTemplate => ({ serviceId: null, integrationId: null, config: { messageType: 'send_all_fields', message: '', channel: '' } }),
  rules: (template) => chatErrors(template, { integration: true }),
  describe: describeChat,
  flowTypes: ['form', 'zite'],
});
