/**
 * The 'Results' tab: the form's responses in a table (`results-table.tsx`: a row per response, a column per question,
 * hidden field, calculation, the quiz's score, then the form's custom columns), paginated.
 *
 * Above the table, the toolbar (`results-toolbar.tsx`): a search (debounced {@link SEARCH_DEBOUNCE_MS}), a range of
 * days, the status ('Completed' or 'In progress': respondents' saved progress) and the sort, and the answer filter
 * ('Filter', `answer-filter.tsx`: conditions on the answers, said in words under the toolbar while on); they are part
 * of the query key and send the table back to page 1. The count and the Export menu follow them ('export with the
 * same filters'). Pages go by cursor ('Previous' / 'Next', and 'First page' further in: each page asks for the
 * responses after the last one of the page before, as fast on page 20,000 as on page 1); the count is asked once per
 * set of filters, beside the first page, and shows when it comes ('1–50 of 1,204'). Members who may change the form
 * add their own columns there ('Add column': `add-custom-column.tsx`, spec 001 §2), kept in the flow's settings, and
 * fill them in the table or the drawer. Clicking a row — or Enter on it, rows are focusable — opens its response in
 * a drawer (`response-drawer.tsx`), where it can be deleted. Empty states: 'No responses yet' when nothing was submitted,
 * 'No responses match these filters' with 'Clear filters' when the filters keep nothing.
 *
 * Two views, switched by 'Responses' / 'Summary' above the toolbar and kept in the URL (`?view=summary`, so a reload
 * and Back keep it): the table, and the summary (`results-summary.tsx`: a chart per question) over the same filters,
 * the answer filter included — the sort and the pages are the table's only.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Badge, Button, Card, Container, Group, Loader, SegmentedControl, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { results as texts } from '@formloom/contracts/copy/results';
import { customColumnsOf } from '@formloom/contracts/entities/custom-column';
import type { Flow, Submission } from '@formloom/contracts/entities/flow';
import { SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_SEARCH_MAX_LENGTH } from '@formloom/contracts/limits';
import { IconChevronLeft, IconChevronRight, IconInbox, IconRefresh } from '../../../ui/icons';
import { Empty, ErrorAlert } from '../../../ui/states';
import { useSubmissionsCount } from '../api/count-submissions';
import { useSubmissions } from '../api/get-submissions';
import { useSubmissionsSummary } from '../api/get-summary';
import { DEFAULT_FILTERS, isFiltered, resultsViewOf, toQueryFilters, withResultsView, type ResultsFilters, type ResultsView } from '../model/filters';
import { AddCustomColumn } from './add-custom-column';
import { AnswerFilterButton, AnswerFilterSummary } from './answer-filter';
import { ExportMenu } from './export-menu';
import { ResponseDrawer } from './response-drawer';
import { ResultsSummary } from './results-summary';
import { ResultsTable } from './results-table';
import { ResultsToolbar } from './results-toolbar';
import classes from './results-panel.module.css';

/** How long the search waits after the last keystroke before it asks the server (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The views in the switch's order. */
const VIEWS = [
  { value: 'responses', label: texts.viewResponses },
  { value: 'summary', label: texts.viewSummary },
] as const;

/** The Results tab (see the module doc). */
export function ResultsPanel({
  publicIdentifier,
  flow,
  pageSize = SUBMISSIONS_PAGE_DEFAULT,
  readOnly = false,
}: {
  publicIdentifier: string;
  /** The flow (its id and settings: the custom columns); until it is loaded, no custom columns show. */
  flow?: Flow;
  pageSize?: number;
  /** The caller may only view the workspace: no 'Delete response', no changes to custom columns or their values. */
  readOnly?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const view = resultsViewOf(params);
  // A new history entry per switch: Back returns to the other view.
  const showView = (next: ResultsView) => setParams((current) => withResultsView(current, next));
  const [filters, setFilters] = useState<ResultsFilters>(DEFAULT_FILTERS);
  const [search] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const query = toQueryFilters({ ...filters, search }, SUBMISSIONS_SEARCH_MAX_LENGTH);
  // The pages belong to the filters they were reached under: other filters start again at page 1. `cursors[i]` is
  // where page i + 2 starts (the `nextCursor` of page i + 1).
  const filtersKey = JSON.stringify(query);
  const [paging, setPaging] = useState<{ filtersKey: string; cursors: string[] }>({ filtersKey, cursors: [] });
  const cursors = paging.filtersKey === filtersKey ? paging.cursors : [];
  const page = cursors.length + 1;
  const [selected, setSelected] = useState<Submission | null>(null);
  const customColumns = flow ? customColumnsOf(flow.settings) : [];

  const submissions = useSubmissions(publicIdentifier, { limit: pageSize, ...query, ...(cursors.length > 0 ? { after: cursors.at(-1) } : {}) });
  const { sort: _sort, ...countFilters } = query;
  const count = useSubmissionsCount(publicIdentifier, countFilters, view === 'responses');
  const summary = useSubmissionsSummary(publicIdentifier, query, view === 'summary');
  const data = submissions.data;
  const total = view === 'summary' ? summary.data?.totalResponses : count.data;
  // What the view shows comes from: the page (the table; its columns serve the filter in both views) or the summary.
  const active = view === 'summary' ? summary : submissions;
  const inProgress = query.status === 'in_progress';
  const setAnswers = (answers: ResultsFilters['answers']) => setFilters({ ...filters, answers });
  const goTo = (next: string[]) => setPaging({ filtersKey, cursors: next });
  const filtered = isFiltered({ ...filters, search });
  const empty = view === 'summary' ? summary.data?.totalResponses === 0 : data !== undefined && data.responses.length === 0 && page === 1;
  // The drawer shows the response as the page now holds it (a custom value changed since it opened).
  const shown = (selected && data?.responses.find((response) => response.submissionId === selected.submissionId)) ?? selected;

  return (
    <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2} fz="xl">
              Results
            </Title>
            {total !== undefined ? (
              <Badge variant="light" size="lg" data-testid="results-total">
                {total.toLocaleString('en-US')} {total === 1 ? 'response' : 'responses'}
              </Badge>
            ) : (
              (count.isFetching || summary.isFetching) && <Loader size="xs" aria-label={texts.counting} />
            )}
          </Group>
          <Group gap="sm">
            {flow && !readOnly && <AddCustomColumn publicIdentifier={publicIdentifier} flowId={flow.id} />}
            <AnswerFilterButton columns={data?.columns} value={filters.answers} onChange={setAnswers} />
            <ExportMenu publicIdentifier={publicIdentifier} hasResponses={(total ?? 0) > 0 || (data?.responses.length ?? 0) > 0} filters={query} />
            <Tooltip label="Refresh">
              <ActionIcon variant="default" size="lg" aria-label="Refresh results" onClick={() => void Promise.all([active.refetch(), view === 'responses' ? count.refetch() : undefined])} loading={active.isFetching}>
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <SegmentedControl
          aria-label={texts.viewLabel}
          data={[...VIEWS]}
          value={view}
          onChange={(value) => showView(value === 'summary' ? 'summary' : 'responses')}
          className={classes.views}
          data-testid="results-view"
        />

        <ResultsToolbar filters={filters} onChange={setFilters} sortable={view === 'responses'} />
        <AnswerFilterSummary columns={data?.columns} value={filters.answers} onChange={setAnswers} />

        {active.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={view === 'summary' ? texts.loadingSummary : 'Loading results'}>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} h={view === 'summary' ? 160 : 44} />
            ))}
          </Stack>
        ) : active.isError ? (
          <ErrorAlert
            error={active.error}
            title={view === 'summary' ? texts.summaryFailed : 'Could not load results'}
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
          <ResultsTable
            publicIdentifier={publicIdentifier}
            columns={data.columns}
            responses={data.responses}
            inProgress={inProgress}
            customColumns={customColumns}
            flowId={flow?.id}
            readOnly={readOnly}
            onOpen={setSelected}
          />
        ) : null}

        {view === 'responses' && data && (page > 1 || data.nextCursor) && (
          <Group justify="space-between" gap="sm" data-testid="results-pager">
            <Text fz="sm" c="dimmed" aria-live="polite">
              {texts.pageRange((page - 1) * pageSize + 1, (page - 1) * pageSize + data.responses.length, total ?? null)}
            </Text>
            <Group gap="xs">
              {page > 2 && (
                <Button variant="subtle" size="compact-sm" onClick={() => goTo([])}>
                  {texts.firstPage}
                </Button>
              )}
              <Tooltip label={texts.previousPage}>
                <ActionIcon variant="default" size="lg" aria-label={texts.previousPage} disabled={page === 1} onClick={() => goTo(cursors.slice(0, -1))}>
                  <IconChevronLeft size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={texts.nextPage}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={texts.nextPage}
                  disabled={!data.nextCursor || submissions.isPlaceholderData}
                  onClick={() => data.nextCursor && goTo([...cursors, data.nextCursor])}
                  data-testid="results-next"
                >
                  <IconChevronRight size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        )}
      </Stack>

      <ResponseDrawer
        publicIdentifier={publicIdentifier}
        response={shown}
        inProgress={inProgress}
        customColumns={customColumns}
        readOnly={readOnly}
        onClose={() => setSelected(null)}
      />
    </Container>
  );
}
