/**
 * PhoneNumber in the web app: a telephone input (phone keypad, autofill), '+1 555 123 4567' as the default
 * placeholder; its setting is the placeholder.
 */
import { textFieldWidget } from './shared/text-field';
import type { WidgetOf } from './shared/types';

/** The PhoneNumber web module. */
export const phoneNumber = textFieldWidget<WidgetOf<'PhoneNumber'>>({ type: 'tel', inputMode: 'tel', autoComplete: 'tel' }, '+1 555 123 4567');
