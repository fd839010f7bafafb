/**
 * Matrix: a grid of rows and columns where the respondent picks one column in each row (rows 'Speed', 'Price';
 * columns 'Poor' … 'Great').
 */
import { z } from 'zod';
import { matrixRules } from '../answers/matrix';
import { MATRIX_MAX_COLUMNS, MATRIX_MAX_ROWS } from '../limits';
import { defineWidget, widgetTemplate, type NewId } from './define-widget';
import { duplicateItemErrors, newItemIdPrefix, newItemLabel, WidgetOption } from './shared/options';

export { displayMatrix } from '../answers/matrix';

/** The rows or columns of a new Matrix: 'Row 1' … 'Row 3' or 'Column 1' … 'Column 3', with ids from `newId`. */
function newItems(list: 'rows' | 'columns', newId: NewId): WidgetOption[] {
  return [1, 2, 3].map((position) => ({ id: newId(newItemIdPrefix(list)), label: newItemLabel(list, position) }));
}

/**
 * The Matrix widget type.
 * - Settings: `rows` (1..100) and `columns` (1..20), each a list of `{id, label}` like a choice question's
 *   options; ids are unique across rows and columns of the question (`copy.flows.duplicateOptionId` at the
 *   repeat's `rows.<i>.id` / `columns.<i>.id`), and the editor keeps them unique in the whole template.
 * - Answer: `{<rowId>: <columnId>}`, one column per answered row (`copy.answers.invalidOption` otherwise); a
 *   REQUIRED Matrix needs every row (`copy.answers.matrixIncomplete`; none: `copy.answers.required`); stored
 *   with the rows in the question's order.
 * - Text: 'Row: Column; Row: Column', in row order.
 */
export const matrix = defineWidget({
  ...matrixRules,
  template: widgetTemplate({
    rows: z.array(WidgetOption).min(1).max(MATRIX_MAX_ROWS),
    columns: z.array(WidgetOption).min(1).max(MATRIX_MAX_COLUMNS),
  }),
  editor: { name: 'Matrix', defaultLabel: 'Rate each of the following', hint: 'One choice in each row of a grid' },
  settingErrors: ({ rows, columns }) => duplicateItemErrors([['rows', rows], ['columns', columns]]),
  newSettings: (newId) => ({ rows: newItems('rows', newId), columns: newItems('columns', newId) }),
  sample: {
    settings: {
      rows: [{ id: 'speed', label: 'Speed' }, { id: 'quality', label: 'Quality' }],
      columns: [{ id: 'poor', label: 'Poor' }, { id: 'good', label: 'Good' }, { id: 'great', label: 'Great' }],
    },
    answer: { quality: 'good', speed: 'great' },
    display: 'Speed: Great; Quality: Good',
  },
});
