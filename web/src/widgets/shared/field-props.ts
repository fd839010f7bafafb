/** Helpers shared by the editor's settings of `web/src/widgets`. */
import type { Widget } from '@formloom/contracts/entities/flow-template';

/** `widget` with `patch` applied to its template (a new object; the input is not changed). */
export function patchWidgetTemplate<W extends Widget>(widget: W, patch: Partial<W['template']>): W {
  return { ...widget, template: { ...widget.template, ...patch } };
}
