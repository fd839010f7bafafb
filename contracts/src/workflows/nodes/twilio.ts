/**
 * The `twilio` node (spec 001 §3 `{serviceId, integrationId, config {to, content}}`, §4 "an account, then a
 * recipient, then content", §5 "Twilio recipient and message" required): sends a text message. `to` is a logic
 * value (a number typed in, or `{var: 'answers.<id>'}` for a phone question); `content` is text with
 * `{{variables}}`. Its executor comes with the integrations service (`./integration.ts`); the web's card and panel
 * are `web/src/features/workflows/nodes/twilio.tsx`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { isLogicRef } from '../../logic';
import { TWILIO_CONTENT_MAX_LENGTH } from '../../limits';
import { LogicValue } from '../../logic-schemas';
import { defineNode, field } from '../define';
import { AccountRef, accountErrors, isFilled } from './integration';

/** spec 001 §3: the twilio node template. */
export const TwilioNodeTemplate = z.object({
  serviceId: AccountRef,
  integrationId: AccountRef,
  config: z.object({ to: LogicValue.optional(), content: z.string().max(TWILIO_CONTENT_MAX_LENGTH).optional() }),
});
/** A twilio node template. */
export type TwilioNodeTemplate = z.infer<typeof TwilioNodeTemplate>;

/** The twilio node (see the module doc). Default template: no account, recipient or message. */
export const twilioNode = defineNode({
  type: 'twilio',
  schema: TwilioNodeTemplate,
  defaultTemplate: (): TwilioNodeTemplate => ({ serviceId: null, integrationId: null, config: { to: '', content: '' } }),
  rules: (template) => {
    const errors = accountErrors(template, { integration: true });
    const config = field(template, 'config');
    const to = field(config, 'to');
    if (!isLogicRef(to) && !isFilled(to) && typeof to !== 'number') errors.push({ path: 'config.to', message: copy.integrationNodes.addRecipient });
    if (!isFilled(field(config, 'content'))) errors.push({ path: 'config.content', message: copy.integrationNodes.addMessage });
    return errors;
  },
  describe: (template) => {
    const to = field(field(template, 'config'), 'to');
    return copy.integrationNodes.describeText(typeof to === 'string' ? to.trim() : typeof to === 'number' ? String(to) : '');
  },
  flowTypes: ['form', 'zite'],
});
