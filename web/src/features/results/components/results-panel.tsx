/**
 * The 'Results' tab: the form's responses, one row per response with its time (a sticky first column) and one
 * column per question (the union of the questions of the page's responses, in their order), then the hidden fields,
 * the calculations (their numbers, at most 2 decimals) and, for a quiz, 'Score' ('4 / 6'), each marked under its
 * name as the export writes them (`rules/submission-results.ts`), paginated. Each answer shows its `displayValue`,
 * the text the flows service computed (contracts `widgets/registry.ts` `displayAnswer`), which the thank-you email
 * shows too.
 *
 * Above the table, the toolbar (`results-toolbar.tsx`): a search (debounced {@link SEARCH_DEBOUNCE_MS}), a range of
 * days, the status ('Completed' or 'In progress': respondents' saved progress) and the sort; they are part of the
 * query key and send the table back to page 1. The count and the Export menu follow them ('export with the same
 * filters'). Clicking a row — or Enter on it, rows are focusable — opens its response in a drawer
 * (`response-drawer.tsx`), where it can be deleted. Empty states: 'No responses yet' when nothing was submitted,
 * 'No responses match these filters' with 'Clear filters' when the filters keep nothing.
 *
 * Two views, switched by 'Responses' / 'Summary' above the toolbar and kept in the URL (`?view=summary`, so a reload
 * and Back keep it): the table, and the summary (`results-summary.tsx`: a chart per question) over the same filters
 * — the sort and the pages are the table's only. Only the view shown is fetched.
 */
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Badge, Button, Card, Container, Group, Pagination, ScrollArea, SegmentedControl, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import * as copy from '@formloom/contracts/copy';
import { results as texts } from '@formloom/contracts/copy/results';
import type { Submission } from '@formloom/contracts/entities/flow';
import { displayCalculation } from '@formloom/contracts/rules/calculations';
import { displayQuizScore } from '@formloom/contracts/rules/submission-results';
import { SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_SEARCH_MAX_LENGTH } from '@formloom/contracts/limits';
import { formatDateTime } from '../../../lib/format';
import { IconInbox, IconRefresh } from '../../../ui/icons';
import { Empty, ErrorAlert } from '../../../ui/states';
import { AnswerText } from './answer-text';
import { useSubmissions } from '../api/get-submissions';
import { useSubmissionsSummary } from '../api/get-summary';
import { DEFAULT_FILTERS, isFiltered, resultsViewOf, toQueryFilters, withResultsView, type ResultsFilters, type ResultsView } from '../model/filters';
import { ExportMenu } from './export-menu';
import { ResponseDrawer } from './response-drawer';
import { ResultsSummary } from './results-summary';
import { ResultsToolbar } from './results-toolbar';
import classes from './results-panel.module.css';

/** How long the search waits after the last keystroke before it asks the server (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a column shows: a question's answers, a hidden field's values, a calculation's numbers, or the quiz's points. */
type ColumnKind = 'question' | 'urlParameter' | 'calculation' | 'score';

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

/**
 * The columns of a page of submissions, each once, in first-seen order: every question, then every hidden field
 * (`urlParameters`; one whose id a question has is left out), every calculation (`calculations`), and 'Score' when
 * a response has quiz points (`quiz`).
 */
export function questionColumns(responses: Submission[]): Column[] {
  const columns = new Map<string, Column>();
  const add = (kind: ColumnKind, id: string, name: string) => {
    const key = columnKey(kind, id);
    if (!columns.has(key)) columns.set(key, { key, id, name, kind });
  };
  for (const response of responses) for (const question of response.questions) add('question', question.id, question.name);
  for (const response of responses) {
    for (const param of response.urlParameters ?? []) if (!columns.has(columnKey('question', param.id))) add('urlParameter', param.id, param.name);
  }
  for (const response of responses) for (const calculation of response.calculations ?? []) add('calculation', calculation.id, calculation.name);
  if (responses.some((response) => response.quiz)) add('score', '', copy.quiz.score);
  return [...columns.values()];
}

/** The text of each of `response`'s cells by column key ({@link questionColumns}); a column it lacks reads ''. */
function cellTexts(response: Submission): Map<string, string> {
  return new Map([
    ...response.questions.map((question) => [columnKey('question', question.id), question.displayValue] as const),
    ...(response.urlParameters ?? []).map((param) => [columnKey('urlParameter', param.id), param.value] as const),
    ...(response.calculations ?? []).map((calculation) => [columnKey('calculation', calculation.id), displayCalculation(calculation.value)] as const),
    ...(response.quiz ? [[columnKey('score', ''), displayQuizScore(response.quiz)] as const] : []),
  ]);
}

/** The views in the switch's order. */
const VIEWS = [
  { value: 'responses', label: copy.results.viewResponses },
  { value: 'summary', label: copy.results.viewSummary },
] as const;

/** The Results tab (see the module doc). */
export function ResultsPanel({
  publicIdentifier,
  pageSize = SUBMISSIONS_PAGE_DEFAULT,
  readOnly = false,
}: {
  publicIdentifier: string;
  /**
   * Not used any more: answers come with their text (`displayValue`). Still accepted because the router
   * (`routes/editor/tabs.tsx`) passes it; drop it there, then here.
   */
  template?: unknown;
  pageSize?: number;
  /** The caller may only view the workspace: no 'Delete response'. */
  readOnly?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const view = resultsViewOf(params);
  // A new history entry per switch: Back returns to the other view.
  const showView = (next: ResultsView) => setParams((current) => withResultsView(current, next));
  const [filters, setFilters] = useState<ResultsFilters>(DEFAULT_FILTERS);
  const [search] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const query = toQueryFilters({ ...filters, search }, SUBMISSIONS_SEARCH_MAX_LENGTH);
  // The page belongs to the filters it was chosen under: other filters start again at page 1.
  const filtersKey = JSON.stringify(query);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const [selected, setSelected] = useState<Submission | null>(null);

  const submissions = useSubmissions(publicIdentifier, { limit: pageSize, offset: (page - 1) * pageSize, ...query }, view === 'responses');
  const summary = useSubmissionsSummary(publicIdentifier, query, view === 'summary');
  const active = view === 'summary' ? summary : submissions;
  const data = submissions.data;
  const total = (view === 'summary' ? summary.data?.totalResponses : data?.totalResponses) ?? 0;
  const pageCount = Math.max(1, data?.pageCount ?? Math.ceil(total / pageSize));
  const inProgress = query.status === 'in_progress';
  const filtered = isFiltered({ ...filters, search });
  const empty = view === 'summary' ? summary.data?.totalResponses === 0 : data !== undefined && data.responses.length === 0 && page === 1;

  return (
    <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2} fz="xl">
              Results
            </Title>
            {active.data && (
              <Badge variant="light" size="lg" data-testid="results-total">
                {total} {total === 1 ? 'response' : 'responses'}
              </Badge>
            )}
          </Group>
          <Group gap="sm">
            <ExportMenu publicIdentifier={publicIdentifier} hasResponses={total > 0} filters={query} />
            <Tooltip label="Refresh">
              <ActionIcon variant="default" size="lg" aria-label="Refresh results" onClick={() => void active.refetch()} loading={active.isFetching}>
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <SegmentedControl
          aria-label={copy.results.viewLabel}
          data={[...VIEWS]}
          value={view}
          onChange={(value) => showView(value === 'summary' ? 'summary' : 'responses')}
          className={classes.views}
          data-testid="results-view"
        />

        <ResultsToolbar filters={filters} onChange={setFilters} sortable={view === 'responses'} />

        {active.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={view === 'summary' ? copy.results.loadingSummary : 'Loading results'}>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} h={view === 'summary' ? 160 : 44} />
            ))}
          </Stack>
        ) : active.isError ? (
          <ErrorAlert
            error={active.error}
            title={view === 'summary' ? copy.results.summaryFailed : 'Could not load results'}
            onRetry={() => void active.refetch()}
          />
        ) : empty ? (
          <Card p="xl">
            {filtered ? (
              <Empty testId="results-no-matches" icon={<IconInbox size={28} />} title={texts.noMatches}>
                <Button variant="default" onClick={() => setFilters({ ...DEFAULT_FILTERS, sort: filters.sort })}>
                  {texts.clearFilters}
                </Button>
              </Empty>
            ) : (
              <Empty
                testId="results-empty"
                icon={<IconInbox size={28} />}
                title="No responses yet"
                description="Share your form's link; every submission will appear here, newest first."
              />
            )}
          </Card>
        ) : view === 'summary' ? (
          summary.data && <ResultsSummary summary={summary.data} onSeeResponses={() => showView('responses')} />
        ) : data ? (
          <ResultsTable responses={data.responses} inProgress={inProgress} onOpen={setSelected} />
        ) : null}

        {view === 'responses' && pageCount > 1 && (
          <Group justify="center">
            <Pagination
              total={pageCount}
              value={page}
              onChange={(next) => setPaging({ filtersKey, page: next })}
              aria-label="Results pages"
              data-testid="results-pagination"
            />
          </Group>
        )}
      </Stack>

      <ResponseDrawer
        publicIdentifier={publicIdentifier}
        response={selected}
        inProgress={inProgress}
        readOnly={readOnly}
        onClose={() => setSelected(null)}
      />
    </Container>
  );
}

/** Whether a click or key press came from a link inside the row (a file's download), which the row leaves alone. */
function fromLink(event: MouseEvent | KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest('a') !== null;
}

function ResultsTable({ responses, inProgress, onOpen }: { responses: Submission[]; inProgress: boolean; onOpen: (response: Submission) => void }) {
  const columns = questionColumns(responses);
  return (
    <Card p={0}>
      {/* Focusable, so that a keyboard can scroll a table wider than the screen (axe's scrollable-region-focusable). */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Responses' }}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" miw={Math.max(480, 200 + columns.length * 180)} data-testid="results-table">
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
                    if (!fromLink(event)) onOpen(response);
                  }}
                  onKeyDown={(event) => {
                    if ((event.key === 'Enter' || event.key === ' ') && !fromLink(event)) {
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
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
