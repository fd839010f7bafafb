/** URLInput in the web app: a URL input (URL keyboard), 'https://' as the default placeholder; its setting is the placeholder. */
import { textFieldWidget } from './shared/text-field';
import type { WidgetOf } from './shared/types';

/** The URLInput web module. */
export const urlInput = textFieldWidget<WidgetOf<'URLInput'>>({ type: 'url', inputMode: 'url' }, 'https://');
