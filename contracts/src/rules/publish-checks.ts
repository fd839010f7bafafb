/**
 * Publish checks (docs/product-rules.md §3): what a draft must satisfy to become the live form, beyond what
 * saving checks (`rules/flow-template.ts`: shape, references, ids). A draft may be incomplete while it is being
 * edited; the public form may not. Pure; the editor runs it before publishing (and shows each problem on its
 * question) and the flows service runs it again and refuses the publish with the same problems.
 *
 * Paths are those of `validateFlowTemplate` (`steps.<stepId>.template.widgets.<index>.template.label`), so
 * the editor places them the same way.
 */
import { copy } from '../copy';
import type { FlowTemplate } from '../entities/flow-template';
import type { FieldError } from '../errors';

/** A choice as publish checks read it. */
interface OptionLike {
  label?: unknown;
}

/**
 * The problems that keep `template` from being published, in page and question order; `[]` when it may be.
 * - no question on any page: `copy.flows.publishNeedsQuestion` at path `''`;
 * - a question whose label is blank: `copy.flows.publishEmptyLabel` at `….template.label`;
 * - a choice question without choices: `copy.flows.publishNeedsOptions` at `….template.options`;
 * - a blank choice: `copy.flows.publishBlankOption` at `….template.options.<i>.label`;
 * - a choice label repeated in one question (trimmed, case-insensitive): `copy.flows.publishDuplicateOption`
 *   at the repeat's `….template.options.<i>.label`.
 */
export function publishProblems(template: FlowTemplate): FieldError[] {
  const problems: FieldError[] = [];
  let questions = 0;
  for (const [stepId, step] of Object.entries(template.steps)) {
    if (step.type !== 'form') continue;
    step.template.widgets.forEach((widget, index) => {
      questions += 1;
      const path = `steps.${stepId}.template.widgets.${index}.template`;
      const settings = widget.template as { label: string; options?: readonly OptionLike[] };
      if (!settings.label.trim()) problems.push({ path: `${path}.label`, message: copy.flows.publishEmptyLabel });
      if (settings.options === undefined) return;
      if (settings.options.length === 0) {
        problems.push({ path: `${path}.options`, message: copy.flows.publishNeedsOptions });
        return;
      }
      const seen = new Set<string>();
      settings.options.forEach((option, optionIndex) => {
        const label = typeof option.label === 'string' ? option.label.trim() : '';
        const at = `${path}.options.${optionIndex}.label`;
        if (!label) {
          problems.push({ path: at, message: copy.flows.publishBlankOption });
          return;
        }
        const key = label.toLowerCase();
        if (seen.has(key)) problems.push({ path: at, message: copy.flows.publishDuplicateOption(label) });
        seen.add(key);
      });
    });
  }
  if (questions === 0) problems.unshift({ path: '', message: copy.flows.publishNeedsQuestion });
  return problems;
}
