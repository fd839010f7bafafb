/**
 * Connecting Slack: installing the operator's Slack app in a workspace through Slack's OAuth v2 flow
 * (https://api.slack.com/authentication/oauth-v2), as a bot with the scopes below — post to channels (public ones
 * without being invited), list channels for the pickers. The integrations service keeps the bot token (rotated:
 * refreshed before it expires) and checks it with `auth.test`.
 */
import { z } from 'zod';
import { defineConnect } from '../define';

/** Slack's connect definition. */
export const slackConnect = defineConnect({
  type: 'slack',
  auth: 'oauth2',
  fields: [],
  scopes: ['chat:write', 'chat:write.public', 'channels:read', 'groups:read', 'users:read', 'users:read.email'],
  config: z.object({}),
});
