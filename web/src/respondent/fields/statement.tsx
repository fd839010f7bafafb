/**
 * Statement on the public form: text the respondent reads — its heading (the question's label, an `<h3>` under the
 * page's heading), its description (rich text, as every question's) and its body as paragraphs (a blank line
 * starts a paragraph, a line break stays a line break; plain text only: nothing in it is read as HTML). No control,
 * no answer.
 */
import { Fragment } from 'react';
import { QuestionDescription } from './question';
import type { FieldProps, WidgetOf } from './types';
import classes from './statement.module.css';

/** A body's paragraphs, each a list of its lines: split at blank lines (`\n\n`, spaces allowed), empty ones dropped. */
export function statementParagraphs(body: string): string[][] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.split('\n'))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/** The Statement renderer. */
export function StatementField({ widget, inputId }: FieldProps<WidgetOf<'Statement'>>) {
  const { label, body } = widget.template;
  return (
    <div id={inputId} className={classes.statement}>
      {label.trim() !== '' && <h3 className={classes.heading}>{label}</h3>}
      <QuestionDescription inputId={inputId} />
      {statementParagraphs(body ?? '').map((lines, index) => (
        <p key={index} className={classes.paragraph}>
          {lines.map((line, at) => (
            <Fragment key={at}>
              {at > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
