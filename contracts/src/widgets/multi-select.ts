/** MultiSelect: pick several of the question's options from a dropdown list (Fillout's multi-select). */
import { z } from 'zod';
import { multiSelectRules } from '../answers/multi-select';
import * as copy from '../copy';
import { defineWidget, widgetTemplate, type SettingError } from './define-widget';
import { duplicateOptionErrors, MAX_OPTIONS, newOptions, optionsSetting } from './shared/options';

/** A bound of how many options an answer holds: a whole number from 1 to `MAX_OPTIONS`. */
const selectionBound = z.number().int().min(1).max(MAX_OPTIONS).optional();

/**
 * The MultiSelect widget type.
 * - Settings: `options` (unique ids, like a choice question's), the placeholder (the closed list's text, 'Select
 *   options' when unset), `minSelections` and `maxSelections` (whole numbers 1–500, optional). At save time the
 *   minimum must not be above the maximum (`copy.flows.minAboveMax` at `minSelections`); at publish time not above
 *   the number of options (`copy.flows.minSelectionsAboveOptions`).
 * - Answer: a non-empty list of distinct option ids in the respondent's order, within the bounds
 *   (`copy.answers.invalidOption`, `duplicateOption`, `tooFewSelections`, `tooManySelections`).
 * - Text: the options' labels joined with ', '.
 */
export const multiSelect = defineWidget({
  ...multiSelectRules,
  template: widgetTemplate({ ...optionsSetting, minSelections: selectionBound, maxSelections: selectionBound }),
  editor: { name: 'Multi-select', defaultLabel: 'Choose one or more', hint: 'Pick several options from a dropdown list' },
  settingErrors({ options, minSelections, maxSelections }) {
    const errors: SettingError[] = duplicateOptionErrors(options);
    if (minSelections !== undefined && maxSelections !== undefined && minSelections > maxSelections) {
      errors.push({ path: 'minSelections', message: copy.flows.minAboveMax });
    }
    return errors;
  },
  publishProblems: ({ options, minSelections }) =>
    minSelections !== undefined && options.length > 0 && minSelections > options.length
      ? [{ path: 'minSelections', message: copy.flows.minSelectionsAboveOptions }]
      : [],
  newSettings: (newId) => ({ options: newOptions(newId) }),
  sample: {
    settings: {
      options: [{ id: 'ts', label: 'TypeScript' }, { id: 'go', label: 'Go' }, { id: 'rust', label: 'Rust' }],
      maxSelections: 2,
    },
    answer: ['rust', 'ts'],
    display: 'Rust, TypeScript',
  },
});
