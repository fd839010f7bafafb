/**
 * Matrix on the public form: a grid with the columns across the top and one row per statement, each row a radio
 * group named by its row label whose radios are named by their column labels ('Speed' group: 'Poor', 'Good',
 * 'Great'). Tab goes from row to row, the arrow keys move along a row. Where the question is narrower than
 * 30rem (a phone) each row becomes a card listing its columns as choices; where a wide grid does not fit, it
 * scrolls sideways with the row labels kept in view. When the question is in error, the rows left unanswered are
 * marked.
 */
import { Question } from './question';
import type { FieldProps, WidgetOf } from './types';
import classes from './matrix.module.css';

/** The answer as the renderer reads it: `{rowId: columnId}` of the rows answered so far. */
function chosenColumns(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The Matrix renderer; the answer is `{rowId: columnId}`, one entry per answered row. */
export function MatrixField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'Matrix'>>) {
  const { label, required, rows, columns } = widget.template;
  const chosen = chosenColumns(value);
  return (
    <Question inputId={inputId} label={label} required={required} error={error} kind="group">
      <div className={classes.matrix}>
        <div className={classes.scroller}>
          <div className={classes.grid} data-testid="matrix">
            <div className={classes.head} aria-hidden="true">
              <span className={classes.corner} />
              {columns.map((column) => (
                <span key={column.id} className={classes.columnHead}>
                  {column.label}
                </span>
              ))}
            </div>
            {rows.map((row, rowIndex) => {
              const rowLabelId = `${inputId}-row-${rowIndex}`;
              return (
                <div
                  key={row.id}
                  role="radiogroup"
                  aria-labelledby={rowLabelId}
                  className={classes.row}
                  data-missing={(error && chosen[row.id] === undefined) || undefined}
                >
                  <span id={rowLabelId} className={classes.rowLabel}>
                    {row.label}
                  </span>
                  {columns.map((column, columnIndex) => {
                    const checked = chosen[row.id] === column.id;
                    return (
                      <label key={column.id} className={classes.cell} data-checked={checked || undefined}>
                        <input
                          id={rowIndex === 0 && columnIndex === 0 ? inputId : undefined}
                          type="radio"
                          name={`${inputId}-${rowIndex}`}
                          value={column.id}
                          checked={checked}
                          onChange={() => onChange({ ...chosen, [row.id]: column.id })}
                          className={classes.radio}
                        />
                        <span className={classes.columnText}>{column.label}</span>
                      </label>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </Question>
  );
}
