/**
 * EmailInput in the web app: an email input (mobile email keyboard, autofill), 'name@example.com' as the
 * default placeholder; its setting is the placeholder.
 */
import { textFieldWidget } from './shared/text-field';
import type { WidgetOf } from './shared/types';

/** The EmailInput web module. */
export const emailInput = textFieldWidget<WidgetOf<'EmailInput'>>({ type: 'email', inputMode: 'email', autoComplete: 'email' }, 'name@example.com');
