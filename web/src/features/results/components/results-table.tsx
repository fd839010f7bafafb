/**
 * The Results table: one row per response with its time (a sticky first column), one column per question of the
 * form's current version (the list's `columns`, the export's columns too: a renamed question keeps its column under
 * its new name, a question the form no longer has shows no column), then the hidden fields, the calculations (their
 * numbers, at most 2 decimals) and, for a quiz, 'Score' ('4 / 6'), each marked under its name as the export writes them
 * (`rules/submission-results.ts`), and last the form's custom columns (`entities/custom-column.ts`), marked 'Custom
 * column', each with its header menu (`custom-column-header.tsx`) and its cells editable in place
 * (`custom-column-cell.tsx`). Each answer shows its `displayValue`, the text the flows service computed (contracts
 * `widgets/registry.ts` `displayAnswer`), which the thank-you email shows too.
 *
 * Clicking a row — or Enter or Space on it, rows are focusable — opens its response; clicks and keys on a control
 * inside the row (a file's link, a custom column's cell) are left to that control.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { Card, ScrollArea, Table, Text } from '@mantine/core';
import { results as texts } from '@formloom/contracts/copy/results';
import type { ResultsColumn } from '@formloom/contracts/api/flows/submissions';
import type { CustomColumn } from '@formloom/contracts/entities/custom-column';
import type { Submission } from '@formloom/contracts/entities/flow';
import { displayCalculation } from '@formloom/contracts/rules/calculations';
import { displayQuizScore } from '@formloom/contracts/rules/submission-results';
import { formatDateTime } from '../../../lib/format';
import { AnswerText } from './answer-text';
import { CustomColumnCell } from './custom-column-cell';
import { CustomColumnHeader } from './custom-column-header';
import classes from './results-panel.module.css';

/** What a column shows: a question's answers, a hidden field's values, a calculation's numbers, or the quiz's points. */
type ColumnKind = ResultsColumn['kind'];

/** A column of the table: `key` is unique among the columns (`<kind>:<id>`), `name` its header. */
interface Column {
  key: string;
  id: string;
  name: string;
  kind: ColumnKind;
}

/** The small text under a column's name that says it holds no answer ('Hidden field', 'Calculation', 'Quiz'). */
const COLUMN_MARKS: Record<ColumnKind, string | null> = { question: null, urlParameter: 'Hidden field', calculation: 'Calculation', score: 'Quiz' };

const columnKey = (kind: ColumnKind, id: string) => `${kind}:${id}`;

/** The table's columns: the form's current columns (the list's `columns`), each keyed by its kind and id. */
export function tableColumns(columns: readonly ResultsColumn[]): Column[] {
  return columns.map(({ id, name, kind }) => ({ key: columnKey(kind, id), id, name, kind }));
}

/** The text of each of `response`'s cells by column key ({@link tableColumns}); a column it lacks reads ''. */
function cellTexts(response: Submission): Map<string, string> {
  return new Map([
    ...response.questions.map((question) => [columnKey('question', question.id), question.displayValue] as const),
    ...(response.urlParameters ?? []).map((param) => [columnKey('urlParameter', param.id), param.value] as const),
    ...(response.calculations ?? []).map((calculation) => [columnKey('calculation', calculation.id), displayCalculation(calculation.value)] as const),
    ...(response.quiz ? [[columnKey('score', ''), displayQuizScore(response.quiz)] as const] : []),
  ]);
}

/**
 * Whether a click or key press on a row is the row's own: not from a control inside it (a file's link, a custom
 * column's cell, with its editor's options when they are drawn in place), and not from a part of a control drawn
 * elsewhere (a select's options in a portal, whose events reach the row through React's tree but are not inside it).
 */
function isRowsOwn(event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>): boolean {
  const { target, currentTarget } = event;
  if (!(target instanceof Element) || !currentTarget.contains(target)) return false;
  for (let element: Element | null = target; element && element !== currentTarget; element = element.parentElement) {
    if (element.matches(CONTROLS)) return false;
  }
  return true;
}

/** The elements inside a row that handle their own clicks and keys (a custom column's cell marks its box). */
const CONTROLS = 'a, button, input, textarea, select, label, [data-own-events]';

/** Props of {@link ResultsTable}. */
export interface ResultsTableProps {
  publicIdentifier: string;
  /** The form's current columns (the list's `columns`), before the custom ones. */
  columns: readonly ResultsColumn[];
  responses: Submission[];
  /** The responses are respondents' progress: the first column is when they started. */
  inProgress: boolean;
  /** The form's custom columns (its settings'), shown last; `flowId` is needed to change them. */
  customColumns: readonly CustomColumn[];
  flowId?: number;
  /** The caller may only view: custom columns without menus and cells without editors. */
  readOnly: boolean;
  onOpen: (response: Submission) => void;
}

/** The table (see the module doc). */
export function ResultsTable({ publicIdentifier, columns: current, responses, inProgress, customColumns, flowId, readOnly, onOpen }: ResultsTableProps) {
  const columns = tableColumns(current);
  const width = columns.length + customColumns.length;
  const canChange = !readOnly && flowId !== undefined;
  return (
    <Card p={0}>
      {/* Focusable, so that a keyboard can scroll a table wider than the screen (axe's scrollable-region-focusable). */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Responses' }}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" miw={Math.max(480, 200 + width * 180)} data-testid="results-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={`${classes.nowrap} ${classes.sticky}`}>{inProgress ? texts.startedAt : texts.submittedAt}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} miw={160}>
                  <Text fz="sm" fw={700} lineClamp={2}>
                    {column.name}
                  </Text>
                  {COLUMN_MARKS[column.kind] && (
                    <Text fz={11} c="dimmed">
                      {COLUMN_MARKS[column.kind]}
                    </Text>
                  )}
                </Table.Th>
              ))}
              {customColumns.map((column) => (
                <Table.Th key={`custom:${column.id}`} miw={180} data-testid="custom-column-header">
                  <CustomColumnHeader publicIdentifier={publicIdentifier} flowId={flowId ?? 0} column={column} readOnly={!canChange} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {responses.map((response) => {
              const cells = cellTexts(response);
              return (
                <Table.Tr
                  key={response.submissionId}
                  className={classes.row}
                  tabIndex={0}
                  onClick={(event) => {
                    if (isRowsOwn(event)) onOpen(response);
                  }}
                  onKeyDown={(event) => {
                    if ((event.key === 'Enter' || event.key === ' ') && isRowsOwn(event)) {
                      event.preventDefault();
                      onOpen(response);
                    }
                  }}
                  data-testid="results-row"
                  data-submission-id={response.submissionId}
                >
                  <Table.Td className={`${classes.nowrap} ${classes.sticky}`}>
                    <Text fz="sm" c="dimmed">
                      {formatDateTime(response.submissionTime)}
                    </Text>
                  </Table.Td>
                  {columns.map((column) => {
                    const text = cells.get(column.key) ?? '';
                    return (
                      <Table.Td key={column.key}>
                        {text ? (
                          <Text fz="sm" lineClamp={3}>
                            <AnswerText text={text} />
                          </Text>
                        ) : (
                          <Text fz="sm" c="dimmed" aria-label="No answer">
                            —
                          </Text>
                        )}
                      </Table.Td>
                    );
                  })}
                  {customColumns.map((column) => (
                    <Table.Td key={`custom:${column.id}`}>
                      <CustomColumnCell
                        publicIdentifier={publicIdentifier}
                        submissionId={response.submissionId}
                        column={column}
                        cell={response.customColumns?.find(({ id }) => id === column.id)}
                        readOnly={!canChange}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
