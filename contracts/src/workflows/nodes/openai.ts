/**
 * The `openai` node (spec 001 §3 `config {action generateText, streamText, generateObject or generateImage; model,
 * systemPrompt, prompt, messages}`, §4 "needs an account, then a prompt or messages"): calls OpenAI with the
 * builder's own connected account (unlike the `ai` node, which uses the provider the operator configured). The
 * account is named like the other integration steps' (`serviceId`, `integrationId`). `messages` is a conversation
 * `[{role, content}]`; either it or `prompt` is needed. Its executor comes with the integrations service
 * (`./integration.ts`); the web's card and panel are `web/src/features/workflows/nodes/openai.tsx`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { AI_TEXT_MAX_LENGTH } from '../../limits';
import { defineNode, field } from '../define';
import { AccountRef, accountErrors, isFilled } from './integration';

/** spec 001 §3: the openai node's actions. */
export const OpenAiAction = z.enum(['generateText', 'streamText', 'generateObject', 'generateImage']);
/** An openai action. */
export type OpenAiAction = z.infer<typeof OpenAiAction>;

/** One message of a conversation. */
export const OpenAiMessage = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string().max(AI_TEXT_MAX_LENGTH) });

/** spec 001 §3: the openai node template. */
export const OpenAiNodeTemplate = z.object({
  serviceId: AccountRef,
  integrationId: AccountRef,
  config: z.object({
    action: OpenAiAction,
    model: z.string().max(100).optional(),
    systemPrompt: z.string().max(AI_TEXT_MAX_LENGTH).optional(),
    prompt: z.string().max(AI_TEXT_MAX_LENGTH).optional(),
    messages: z.array(OpenAiMessage).max(100).optional(),
  }),
});
/** An openai node template. */
export type OpenAiNodeTemplate = z.infer<typeof OpenAiNodeTemplate>;

/** True when a config has a non-blank prompt or at least one message with content. */
function hasPromptOrMessages(config: unknown): boolean {
  const messages = field(config, 'messages');
  return isFilled(field(config, 'prompt')) || (Array.isArray(messages) && messages.some((message) => isFilled(field(message, 'content'))));
}

/** The openai node (see the module doc). Default template: generate text, no account, model or prompt yet. */
export const openAiNode = defineNode({
  type: 'openai',
  schema: OpenAiNodeTemplate,
  defaultTemplate: (): OpenAiNodeTemplate => ({
    serviceId: null,
    integrationId: null,
    config: { action: 'generateText', model: '', systemPrompt: '', prompt: '', messages: [] },
  }),
  rules: (template) => {
    const errors = accountErrors(template, { integration: true });
    if (!hasPromptOrMessages(field(template, 'config'))) errors.push({ path: 'config.prompt', message: copy.integrationNodes.addPromptOrMessages });
    return errors;
  },
  describe: (template) => {
    const parsed = OpenAiAction.safeParse(field(field(template, 'config'), 'action'));
    return parsed.success ? copy.integrationNodes.openaiActions[parsed.data] : '';
  },
  flowTypes: ['form', 'zite'],
});
