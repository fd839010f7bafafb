/** Helpers shared by the respondent's renderers of `web/src/widgets`. */
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetFieldProps } from './types';

/** A value as the text of an input: strings as they are, numbers as `String(n)`, anything else ''. */
export function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}

/**
 * The props every Mantine input of a question gets: id, label, required (with the asterisk), error, size 'md'.
 */
export function inputProps({ widget, error, inputId }: WidgetFieldProps<Widget>) {
  const { label, required } = widget.template;
  return { id: inputId, label, required, error, size: 'md' as const, withAsterisk: required };
}

/** Ids of a question's label and error elements, for inputs that label themselves with `aria-labelledby`. */
export function ariaIds(inputId: string): { labelId: string; errorId: string } {
  return { labelId: `${inputId}-label`, errorId: `${inputId}-error` };
}

/** `widget` with `patch` applied to its template (a new object; the input is not changed). */
export function patchWidgetTemplate<W extends Widget>(widget: W, patch: Partial<W['template']>): W {
  return { ...widget, template: { ...widget.template, ...patch } };
}
