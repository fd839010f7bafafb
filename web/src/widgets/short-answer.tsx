/** ShortAnswer in the web app: a one-line text input; its setting is the placeholder. */
import { textFieldWidget } from './shared/text-field';
import type { WidgetOf } from './shared/types';

/** The ShortAnswer web module. */
export const shortAnswer = textFieldWidget<WidgetOf<'ShortAnswer'>>();
